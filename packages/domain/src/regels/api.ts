import { z } from 'zod';
import {
  DISCIPLINES,
  MAX_INTEGER,
  MAX_INTEGER_TEXT,
  MAX_PAGE_LIMIT,
  OMSCHRIJVING_MAX,
  ORGANISATION_NAME_MAX,
} from '../constants';
import { choiceError, chooseText } from '../choice';
import { scenarioBasedOnSchema } from '../concurrency';
import { SORT_DIRECTIONS, pagedSchema } from '../paging';
import { VERPLICHTINGEN, type RuleNode } from './catalogue';
import {
  BERICHT_VERSIES,
  WERKZAAMHEDEN,
  WERKZAAMHEDEN_WAARDEN,
  WERKZAAMHEID_LABELS,
  type Werkzaamheid,
} from './reference';

/** Spec 001 §9: 25 rows a page for versions, scenarios, value lists and search. */
export const REGELS_PAGE_SIZE = 25;
/** Concept scenarios have versie 'draft' (shown as 'concept'). */
export const DRAFT = 'draft';

export const REGELS_TEXTS = {
  omschrijving: 'Omschrijving is verplicht (1 tot 100 tekens)',
  berichtVersie: `Berichtversie moet een van ${BERICHT_VERSIES.join(', ')} zijn`,
  discipline: `Discipline moet een van ${DISCIPLINES.join(', ')} zijn`,
  // Left empty, a choice asks for one (issue 33 item 5).
  berichtVersieKiezen: chooseText('Berichtversie'),
  disciplineKiezen: chooseText('Discipline'),
  // The label the form shows, not the field's name (issue 21 item 10).
  werkzaamheid: (kind: Werkzaamheid) => `Kies een waarde voor ${WERKZAAMHEID_LABELS[kind]}`,
  ingangsdatum: 'Kies een ingangsdatum uit de kalender van deze berichtversie',
  ingangsdatumVerstreken: 'De ingangsdatum ligt in het verleden; kies een datum vanaf vandaag',
  dubbelScenario: 'Er is al een concept scenario voor deze discipline en combinatie van werkzaamheden',
  gepubliceerd: 'Een gepubliceerd scenario kan niet worden gewijzigd',
  nietEigen: 'U kunt alleen de regels van uw eigen netbeheerder wijzigen',
  geenNetbeheerder: 'Alleen een netbeheerder kan regels beheren',
  // Acting for a netbeheerder (decision 0029).
  namensVerplicht: 'Kies de netbeheerder waarvoor u handelt',
  namensGeenNetbeheerder: (naam: string) => `'${naam}' is geen netbeheerder`,
  namensNietToegestaan: 'Alleen een beheerder kan namens een andere netbeheerder handelen',
  tegelijkGepubliceerd: 'Er werd tegelijk een andere versie gepubliceerd; probeer het opnieuw',
  geenConcepten: "Er zijn geen concept scenario's voor deze berichtversie om te publiceren",
  onbekendeNode: 'Dit veld bestaat niet in het scenario',
  vastVeld: 'Een vast veld is altijd verplicht',
  scenarioNietGevonden: 'Scenario niet gevonden',
  versieNietGevonden: 'Versie niet gevonden',
  conceptNietZichtbaar:
    "Concept scenario's zijn alleen zichtbaar met een recht om concepten te bekijken, te bewerken of te beheren",
} as const;

const omschrijving = z
  .string({ error: REGELS_TEXTS.omschrijving })
  .trim()
  .min(1, REGELS_TEXTS.omschrijving)
  .max(OMSCHRIJVING_MAX, REGELS_TEXTS.omschrijving);
/**
 * The netbeheerder a super-role user acts for (decision 0029): required in their dialogs, optional
 * in the bodies (a netbeheerder's own staff act for their own organisation without naming it).
 */
export const namensSchema = z
  .string({ error: REGELS_TEXTS.namensVerplicht })
  .trim()
  .min(1, REGELS_TEXTS.namensVerplicht)
  // An organisation's name: as long as organisations' names may be.
  .max(ORGANISATION_NAME_MAX, REGELS_TEXTS.namensVerplicht);
const namens = namensSchema.optional();
export const berichtVersieSchema = z.enum(BERICHT_VERSIES, {
  error: choiceError('Berichtversie', REGELS_TEXTS.berichtVersie),
});
export const disciplineSchema = z.enum(DISCIPLINES, { error: choiceError('Discipline', REGELS_TEXTS.discipline) });

export const scenarioWerkzaamhedenSchema = z.object(
  Object.fromEntries(
    WERKZAAMHEDEN.map((kind) => [
      kind,
      z.enum(WERKZAAMHEDEN_WAARDEN[kind] as [string, ...string[]], { error: REGELS_TEXTS.werkzaamheid(kind) }),
    ]),
  ) as Record<Werkzaamheid, z.ZodEnum<Record<string, string>>>,
);

// Registered by name: a recursive schema is a named component in the OpenAPI document.
const ruleNodeSchema: z.ZodType<RuleNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      label: z.string(),
      fixed: z.boolean(),
      verplichting: z.enum(VERPLICHTINGEN),
      rules: z.array(ruleNodeSchema),
    }),
  )
  .meta({ id: 'RuleNode' });

export const scenarioSchema = z.object({
  _id: z.string(),
  omschrijving: z.string(),
  netbeheerder: z.string(),
  berichtVersie: z.string(),
  discipline: z.string(),
  /** 'draft' for a concept, else the number of its published version. */
  versie: z.union([z.literal(DRAFT), z.number().int()]),
  werkzaamheden: z.record(z.string(), z.string()),
  tgRules: z.array(ruleNodeSchema),
  agaRules: z.array(ruleNodeSchema),
  /** Scenarios of the same set (concepts or version, netbeheerder, berichtVersie, discipline) with equal rules, itself included. */
  gelijk: z.number().int(),
  created: z.iso.datetime({ offset: true }),
  changed: z.iso.datetime({ offset: true }),
});
export type Scenario = z.infer<typeof scenarioSchema>;
export const scenarioRowSchema = scenarioSchema.omit({ tgRules: true, agaRules: true, gelijk: true });
export type ScenarioRow = z.infer<typeof scenarioRowSchema>;

export const VERSCHILLEN = ['toegevoegd', 'gewijzigd', 'verwijderd'] as const;
export type Verschil = (typeof VERSCHILLEN)[number];

const paging = <S extends string>(sortFields: readonly [S, ...S[]], defaultSort: S) => ({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(REGELS_PAGE_SIZE),
  sortBy: z.enum(sortFields).default(defaultSort),
  sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
});

export const SCENARIO_SORT_FIELDS = ['omschrijving', 'versie', 'berichtVersie', 'discipline', 'netbeheerder'] as const;

/** GET /rest/rules: every filter optional; versie 'draft' (concepts) or a version number. */
export const scenarioQuerySchema = z.object({
  berichtVersie: berichtVersieSchema.optional(),
  discipline: disciplineSchema.optional(),
  versie: z.union([z.literal(DRAFT), z.coerce.number().int().min(1).max(MAX_INTEGER, MAX_INTEGER_TEXT)]).optional(),
  netbeheerder: z.string().trim().min(1).optional(),
  omschrijving: z.string().trim().min(1).optional(),
  ...paging(SCENARIO_SORT_FIELDS, 'omschrijving'),
});

export const createScenarioSchema = z.object({
  omschrijving,
  berichtVersie: berichtVersieSchema,
  discipline: disciplineSchema,
  werkzaamheden: scenarioWerkzaamhedenSchema,
  netbeheerder: namens,
});
export const copyScenarioSchema = z.object({
  omschrijving,
  werkzaamheden: scenarioWerkzaamhedenSchema,
  netbeheerder: namens,
});
/** PATCH /rest/rules/{id}: the omschrijving, or one node's obligation. */
export const patchScenarioSchema = z.intersection(
  // Apart from the two forms, so a missing or wrong basedOn is named as such (decision 0025).
  z.object({ basedOn: scenarioBasedOnSchema }),
  z.union([
    z.object({ omschrijving, basedOn: z.unknown() }).strict(),
    z.object({ id: z.string().min(1), verplichting: z.enum(VERPLICHTINGEN), basedOn: z.unknown() }).strict(),
  ]),
);

export const versionSchema = z.object({
  _id: z.string(),
  omschrijving: z.string(),
  netbeheerder: z.string(),
  versie: z.number().int(),
  berichtVersie: z.string(),
  /** Publication date. */
  created: z.iso.datetime({ offset: true }),
  ingangsdatum: z.iso.date(),
});
export type Version = z.infer<typeof versionSchema>;

export const VERSION_SORT_FIELDS = [
  'omschrijving',
  'netbeheerder',
  'versie',
  'berichtVersie',
  'created',
  'ingangsdatum',
] as const;
export const versionQuerySchema = z.object({
  berichtVersie: berichtVersieSchema.optional(),
  netbeheerder: z.string().trim().min(1).optional(),
  ...paging(VERSION_SORT_FIELDS, 'omschrijving'),
});

export const publishVersionSchema = z.object({
  berichtVersie: berichtVersieSchema,
  omschrijving,
  ingangsdatum: z.iso.date({ error: REGELS_TEXTS.ingangsdatum }),
  netbeheerder: namens,
});

export const compareQuerySchema = z.object({
  discipline: disciplineSchema.optional(),
  ...paging(SCENARIO_SORT_FIELDS, 'omschrijving'),
});

const pairOf = <T extends z.ZodType>(item: T) => z.tuple([item.nullable(), item.nullable()]);

/**
 * A row of a version compared with another (spec 001 §3): `_id` and `omschrijving` as pairs
 * [compared, current] — the scenario of the compared version and of the current one, null on the
 * side that has none (toegevoegd: no compared, verwijderd: no current). The other fields are the
 * current scenario's, or the compared one's when it was removed.
 */
export const comparedScenarioSchema = scenarioRowSchema.omit({ _id: true, omschrijving: true }).extend({
  _id: pairOf(z.string()),
  omschrijving: pairOf(z.string()),
  verschil: z.enum(VERSCHILLEN).nullable(),
});
export type ComparedScenario = z.infer<typeof comparedScenarioSchema>;

export const lookupSchema = z.object({
  berichtVersies: z.array(z.string()),
  disciplines: z.array(z.string()),
  netbeheerders: z.array(z.string()),
  werkzaamheden: z.record(z.string(), z.array(z.string())),
  /** Allowed effective dates per berichtVersie. */
  ingangsdatums: z.record(z.string(), z.array(z.iso.date())),
});
export type Lookup = z.infer<typeof lookupSchema>;

export const scenarioPageSchema = pagedSchema(scenarioRowSchema);
export const versionPageSchema = pagedSchema(versionSchema);
export const comparedPageSchema = pagedSchema(comparedScenarioSchema);
export const scenarioPairSchema = z.object({ scenario: scenarioSchema, compared: scenarioSchema });
