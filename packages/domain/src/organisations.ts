import { z } from 'zod';
import { ORGANISATION_NAME_MAX } from './constants';
import { searchBodySchema, pagedSchema } from './paging';
import { shownName } from './shown-names';

/** The organisation types a user may create (spec 000 §3). */
export const CREATABLE_ORGANISATION_TYPES = [
  'Aannemer',
  'Netbeheerder',
  'Combi',
  'Implementatie partner',
  'Gedelegeerd netbeheerder',
] as const;

/**
 * Every organisation type the platform knows: the creatable ones plus the platform's own
 * administrators ('Beheerder'), which exist by seed only (docs/decisions/0003).
 */
export const ORGANISATION_TYPES = [...CREATABLE_ORGANISATION_TYPES, 'Beheerder'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

export const DELEGATED_TYPE = 'Gedelegeerd netbeheerder' satisfies OrganisationType;

/** The two fixed parties a delegated grid operator can act for (spec 000 §3). */
export const DELEGERENDEN = ['Netbeheer_Noord', 'Netbeheer_Zuid'] as const;

export const ORGANISATION_TEXTS = {
  nameRequired: 'Organisatie moet ingevuld zijn.',
  nameTooLong: `Organisatie mag maximaal ${ORGANISATION_NAME_MAX} tekens bevatten.`,
  typeRequired: 'Type moet gekozen zijn.',
  delegerendeRequired: 'Kies ten minste één delegerende partij.',
  duplicate: (name: string) => `Organisatie '${name}' bestaat al.`,
  lookAlike: (existing: string) =>
    `Organisatie lijkt op de bestaande organisatie '${existing}' en is er in een lijst niet van te onderscheiden. Kies een naam die duidelijk verschilt.`,
  alleenBeheerder: 'Alleen het beheer van Knooppunt maakt organisaties aan.',
  alleenBeheerderActief: 'Alleen het beheer van Knooppunt deactiveert of activeert organisaties.',
  nietGevonden: (name: string) => `Organisatie '${name}' bestaat niet.`,
  beheerderBlijft: 'Een organisatie van het type Beheerder blijft actief: zonder haar kan niemand Knooppunt beheren.',
  alGedeactiveerd: (name: string) => `Organisatie '${name}' is al gedeactiveerd.`,
  alActief: (name: string) => `Organisatie '${name}' is al actief.`,
} as const;

export const organisationMetadataSchema = z.object({
  combi: z.string().optional(),
  deelnemer: z.string().optional(),
  delegerenden: z.array(z.string()).default([]),
});

export const organisationSchema = z.object({
  organisatie: z.string(),
  type: z.string(),
  metadata: organisationMetadataSchema,
  /** False while deactivated: its users cannot log in, its systems get no tokens, its messages are refused. */
  actief: z.boolean(),
});

/** 'Deactiveren' / 'Activeren' of one organisation, by name. */
export const organisationActionSchema = z.object({
  organisatie: z.string().trim().min(1, ORGANISATION_TEXTS.nameRequired).max(ORGANISATION_NAME_MAX),
});
export type Organisation = z.infer<typeof organisationSchema>;
/** An organisation as it is created or seeded: active. */
export type NewOrganisation = Omit<Organisation, 'actief'>;

export const createOrganisationSchema = z
  .object({
    organisatie: z
      .string({ error: ORGANISATION_TEXTS.nameRequired })
      .trim()
      // One name, one spelling: the composed form is stored, whatever form was typed (decision 0053).
      .normalize('NFC')
      .min(1, ORGANISATION_TEXTS.nameRequired)
      .max(ORGANISATION_NAME_MAX, ORGANISATION_TEXTS.nameTooLong)
      .superRefine(shownName('Organisatie', { singleScript: true })),
    type: z.enum(CREATABLE_ORGANISATION_TYPES, { error: ORGANISATION_TEXTS.typeRequired }),
    metadata: z
      .object({
        delegerenden: z.array(z.enum(DELEGERENDEN)).default([]),
      })
      .default({ delegerenden: [] }),
  })
  .superRefine((value, ctx) => {
    if (value.type === DELEGATED_TYPE && value.metadata.delegerenden.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['metadata', 'delegerenden'],
        message: ORGANISATION_TEXTS.delegerendeRequired,
      });
    }
  });
export type CreateOrganisation = z.input<typeof createOrganisationSchema>;

export const organisationSearchSchema = searchBodySchema({
  filters: ['organisatie', 'type'],
  sortFields: ['organisatie', 'type'],
  limitZeroMeansAll: true,
});
export type OrganisationSearch = z.input<typeof organisationSearchSchema>;

export const organisationPageSchema = pagedSchema(organisationSchema);
