import { z } from 'zod';
import type { AansluitingMessageType } from '../messageTypes';
import {
  adres,
  beoordeling,
  contactpersoon,
  datum,
  discipline,
  eindNaStart,
  positief,
  productieRegels,
  tekst,
} from './common';
import { BERICHT_TEXTS } from './texts';

/**
 * The kinds of work of a connection order (glossary: werkzaamheden). `typeAansluiting` is free
 * text: its allowed values per discipline are a value list (waardenlijst) that the business
 * rules maintain, so the message schema only bounds its length.
 */
export const werkzaamhedenSchema = z.object({
  aansluiting: z.enum(['Nieuw', 'Wijzigen', 'Verwijderen', 'Geen']),
  binnenwerk: z.boolean(),
  meter: z.enum(['Plaatsen', 'Wisselen', 'Verwijderen', 'Geen']),
  typeAansluiting: tekst(30).optional(),
  fysiekeStatus: z.enum(['In bedrijf', 'Uit bedrijf', 'Afgesloten', 'Verwijderd']).optional(),
  wijzigenCapaciteit: z.boolean(),
});

export const DRUKKLASSEN = ['30 mbar', '100 mbar', '200 mbar', '1 bar', '4 bar', '8 bar'] as const;
export const ASSET_SOORTEN = ['Kabel', 'Leiding', 'Mof', 'Afsluiter', 'Aansluitkast', 'Meterkast'] as const;

const opdracht = z.object({
  opdrachtnemer: tekst(200),
  /** The grid operator the order is for: required of a delegated grid operator (docs/decisions/0015). */
  opdrachtgever: tekst(200).optional(),
  adres,
  discipline,
  werkzaamheden: werkzaamhedenSchema,
  gewensteUitvoerdatum: datum,
  eanCode: z
    .string({ error: BERICHT_TEXTS.eanCode })
    .regex(/^87[0-9]{16}$/, BERICHT_TEXTS.eanCode)
    .optional(),
  omschrijving: tekst(500).optional(),
  contactpersoon,
});

const planning = z
  .object({ geplandeStartdatum: datum, geplandeEinddatum: datum, toelichting: tekst(500).optional() })
  .superRefine(eindNaStart('geplandeStartdatum', 'geplandeEinddatum'));

const bijstelling = z.object({
  reden: tekst(500),
  voorstel: z
    .object({ nieuweUitvoerdatum: datum.optional(), meerwerk: tekst(500).optional() })
    .refine((value) => value.nieuweUitvoerdatum !== undefined || value.meerwerk !== undefined, {
      message: BERICHT_TEXTS.voorstelLeeg,
    }),
});

const meter = z.object({
  meternummer: tekst(30),
  fabrikant: tekst(50).optional(),
  type: tekst(50).optional(),
  standen: z
    .array(
      z.object({
        telwerk: tekst(10),
        stand: z.number({ error: BERICHT_TEXTS.stand }).min(0, BERICHT_TEXTS.stand),
      }),
    )
    .optional(),
});

const tg = z.object({
  uitvoerdatum: datum,
  meter: meter.optional(),
  kabelOfLeiding: z.object({ type: tekst(50), lengteMeter: positief, diameterMm: positief.optional() }),
  drukklasse: z.enum(DRUKKLASSEN).optional(),
  fotos: z.array(tekst(200)).max(20).optional(),
});

/** A point in the Dutch national grid (Rijksdriehoekstelsel, EPSG:28992), in metres. */
const rdCoordinaten = z.object({
  x: z.number({ error: BERICHT_TEXTS.rdX }).min(0, BERICHT_TEXTS.rdX).max(300_000, BERICHT_TEXTS.rdX),
  y: z.number({ error: BERICHT_TEXTS.rdY }).min(300_000, BERICHT_TEXTS.rdY).max(625_000, BERICHT_TEXTS.rdY),
});

const aga = z.object({
  assets: z
    .array(
      z.object({
        soort: z.enum(ASSET_SOORTEN),
        objectId: tekst(64),
        coordinaten: rdCoordinaten,
        materiaal: tekst(50),
        lengteMeter: positief.optional(),
      }),
    )
    .min(1, BERICHT_TEXTS.minstensEen('asset')),
});

/** The schema of `data` per message type of the Aansluiting flow. */
export const AANSLUITING_DATA_SCHEMAS = {
  Opdracht: opdracht,
  Bijstelling: bijstelling,
  Planning: planning,
  TG: tg,
  AGA: aga,
  AGP: z.object({ regels: productieRegels }),
  BeoordelingTG: beoordeling,
  BeoordelingAGA: beoordeling,
  BeoordelingAGP: beoordeling,
  OpdrachtGereed: z.object({ afgerondOp: datum }),
  Annulering: z.object({ reden: tekst(500) }),
  AnnuleringGereed: z.object({ bevestigdOp: datum, kostenGemaakt: z.boolean().optional() }),
} as const satisfies Record<AansluitingMessageType, z.ZodType>;
