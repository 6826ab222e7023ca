import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZE } from './constants';
import { SORT_DIRECTIONS, pagedSchema } from './paging';
import { berichtVersieSchema, disciplineSchema, namensSchema, type ValueNode } from './regels';

/**
 * The value lists (waardenlijsten) of the business rules (spec 001 §2.4, §2.5, §3): a
 * netbeheerder's allowed values per berichtVersie and discipline. Everyone with a business-rules
 * right reads every netbeheerder's lists; only the netbeheerder's own editors change them.
 */
export const WAARDENLIJST_TEXTS = {
  bestaatAl: (berichtVersie: string, discipline: string) =>
    `Er is al een waardenlijst voor berichtversie ${berichtVersie} en discipline ${discipline}.`,
  geenNetbeheerder: 'Alleen een netbeheerder kan een waardenlijst aanmaken.',
  nietEigen: 'U kunt alleen de waardenlijsten van uw eigen netbeheerder wijzigen of verwijderen.',
  nietGevonden: 'Waardenlijst niet gevonden.',
  onbekendeNode: 'Dit veld bestaat niet in de waardenlijst.',
  onbekendeWaarde: (waarde: string) => `De waarde '${waarde}' bestaat niet bij dit veld.`,
} as const;

/**
 * The omschrijving of a new list, its detail screen's heading. Everyone sees every netbeheerder's
 * lists, so the heading names the netbeheerder too.
 */
export const waardenlijstOmschrijving = (discipline: string, berichtVersie: string, netbeheerder: string) =>
  `Waardenlijst ${discipline} ${berichtVersie} van ${netbeheerder}`;

// Registered by name: a recursive schema is a named component in the OpenAPI document.
const valueNodeSchema: z.ZodType<ValueNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      label: z.string(),
      waarden: z.array(z.object({ waarde: z.string(), toegestaan: z.boolean() })),
      waardenlijsten: z.array(valueNodeSchema),
    }),
  )
  .meta({ id: 'ValueNode' });

export const waardenlijstRowSchema = z.object({
  _id: z.string(),
  netbeheerder: z.string(),
  omschrijving: z.string(),
  discipline: z.string(),
  berichtVersie: z.string(),
  created: z.iso.datetime({ offset: true }),
  changed: z.iso.datetime({ offset: true }),
});
export type WaardenlijstRow = z.infer<typeof waardenlijstRowSchema>;

export const waardenlijstSchema = waardenlijstRowSchema.extend({
  tgWaardenlijsten: z.array(valueNodeSchema),
  agaWaardenlijsten: z.array(valueNodeSchema),
});
export type Waardenlijst = z.infer<typeof waardenlijstSchema>;

export const waardenlijstPageSchema = pagedSchema(waardenlijstRowSchema);

export const WAARDENLIJST_SORT_FIELDS = ['netbeheerder', 'discipline', 'berichtVersie', 'omschrijving'] as const;

/** GET /rest/waardenlijst: both filters optional and equal; netbeheerder ascending by default (spec 001 §9). */
export const waardenlijstQuerySchema = z.object({
  netbeheerder: z.string().trim().min(1).optional(),
  discipline: disciplineSchema.optional(),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(PAGE_SIZE.waardenlijsten),
  sortBy: z.enum(WAARDENLIJST_SORT_FIELDS).default('netbeheerder'),
  sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
});
export type WaardenlijstQuery = z.input<typeof waardenlijstQuerySchema>;

/**
 * POST /rest/waardenlijst: for the caller's own deelnemer; `netbeheerder` names the one a
 * super-role user acts for (decision 0029).
 */
export const createWaardenlijstSchema = z.object({
  berichtVersie: berichtVersieSchema,
  discipline: disciplineSchema,
  netbeheerder: namensSchema.optional(),
});
export type CreateWaardenlijst = z.input<typeof createWaardenlijstSchema>;

/** PATCH /rest/waardenlijst/{id}: whether one value of one node is allowed. */
export const patchWaardeSchema = z.object({
  id: z.string().min(1),
  waarde: z.string(),
  toegestaan: z.boolean(),
});
export type PatchWaarde = z.input<typeof patchWaardeSchema>;

export const waardenlijstParamsSchema = z.object({ id: z.string() });
