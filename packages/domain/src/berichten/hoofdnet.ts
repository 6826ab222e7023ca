import { z } from 'zod';
import type { HoofdnetMessageType } from '../messageTypes';
import {
  beoordeling,
  beoordelingLevering,
  contactpersoon,
  datum,
  discipline,
  eindNaStart,
  hoeveelheid,
  leveringId,
  positief,
  productieRegels,
  tekst,
} from './common';
import { BERICHT_TEXTS } from './texts';

export const HOOFDNET_OPDRACHT_TYPES = ['Aanleg', 'Vervanging', 'Verlegging', 'Sanering'] as const;
export const PLAN_STATUSSEN = ['Concept', 'Definitief', 'Gewijzigd'] as const;
export type PlanStatus = (typeof PLAN_STATUSSEN)[number];

const opdrachtHoofdnet = z.object({
  opdrachtnemer: tekst(200),
  /** The grid operator the order is for: required of a delegated grid operator (docs/decisions/0015). */
  opdrachtgever: tekst(200).optional(),
  type: z.enum(HOOFDNET_OPDRACHT_TYPES),
  discipline,
  traceOmschrijving: tekst(500),
  plaats: tekst(80),
  lengteMeter: positief,
  geplandeOplevering: datum,
  contactpersoon,
});

const periode = z
  .object({ start: datum, eind: datum, omschrijving: tekst(200).optional() })
  .superRefine(eindNaStart('start', 'eind'));

const planningHoofdnet = z.object({
  planStatus: z.enum(PLAN_STATUSSEN),
  periodes: z.array(periode).min(1, BERICHT_TEXTS.minstensEen('periode')),
  toelichting: tekst(500).optional(),
});

const levering = z.object({
  leveringId,
  omschrijving: tekst(500),
  opgeleverdOp: datum,
  hoeveelheden: z.array(hoeveelheid).min(1, BERICHT_TEXTS.minstensEen('hoeveelheid')),
});

/** A statement of work, optionally about one delivery. */
const productiestaat = z.object({ leveringId: leveringId.optional(), regels: productieRegels });

/** The schema of `data` per message type of the Hoofdnet flow. */
export const HOOFDNET_DATA_SCHEMAS = {
  OpdrachtHoofdnet: opdrachtHoofdnet,
  BeoordelingHoofdnet: beoordeling,
  Deellevering: levering,
  Deelproductiestaat: productiestaat,
  BeoordelingLevering: beoordelingLevering,
  Eindlevering: levering,
  Eindproductiestaat: productiestaat,
  OpdrachtGereedHoofdnet: z.object({ afgerondOp: datum }),
  AnnuleringHoofdnet: z.object({ reden: tekst(500) }),
  PlanningHoofdnet: planningHoofdnet,
} as const satisfies Record<HoofdnetMessageType, z.ZodType>;
