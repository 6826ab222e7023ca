import { z } from 'zod';
import { DISCIPLINES } from '../constants';
import { BERICHT_TEXTS } from './texts';

/** Free text that must be filled: trimmed, 1 to `max` characters. */
export function tekst(max: number) {
  return z
    .string({ error: BERICHT_TEXTS.verplicht })
    .trim()
    .min(1, BERICHT_TEXTS.verplicht)
    .max(max, BERICHT_TEXTS.tekstTeLang(max));
}

/** Identifiers (opdrachtId, leveringId, deelnemer-free ids): safe in URLs and file names. */
export function identificatie(message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, message);
}

/** A calendar date as ISO 'yyyy-mm-dd'; '2025-02-30' is refused. */
export const datum = z.iso.date({ error: BERICHT_TEXTS.datum });

/** Dutch postcode; '1234 ab' is accepted and stored as '1234AB'. */
export const postcode = z
  .string({ error: BERICHT_TEXTS.postcode })
  .trim()
  .toUpperCase()
  .overwrite((value) => value.replace(/\s/g, ''))
  .regex(/^[1-9][0-9]{3}[A-Z]{2}$/, BERICHT_TEXTS.postcode);

/** BAG id of a verblijfsobject: municipality code (4), object kind '01', serial number (10). */
export const bagId = z.string({ error: BERICHT_TEXTS.bagId }).regex(/^[0-9]{4}01[0-9]{10}$/, BERICHT_TEXTS.bagId);

export const positief = z.number({ error: BERICHT_TEXTS.positief }).positive(BERICHT_TEXTS.positief);

export const discipline = z.enum(DISCIPLINES);

export const adres = z.object({
  straat: tekst(80),
  huisnummer: z
    .number({ error: BERICHT_TEXTS.huisnummer })
    .int(BERICHT_TEXTS.huisnummer)
    .min(1, BERICHT_TEXTS.huisnummer),
  huisnummerToevoeging: tekst(6).optional(),
  postcode,
  plaats: tekst(80),
  bagId: bagId.optional(),
});

export const contactpersoon = z.object({
  naam: tekst(100),
  telefoon: z
    .string({ error: BERICHT_TEXTS.telefoon })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{7,18}$/, BERICHT_TEXTS.telefoon)
    .optional(),
  email: z.email(BERICHT_TEXTS.email).optional(),
});

export const EENHEDEN = ['st', 'm', 'm2', 'm3', 'kg', 'uur'] as const;

/** A quantity of delivered work or material. */
export const hoeveelheid = z.object({
  omschrijving: tekst(200),
  aantal: positief,
  eenheid: z.enum(EENHEDEN),
});

/** One line of a statement of work (productiestaat): a bestek item code with its quantity. */
export const productieRegel = hoeveelheid.extend({ code: tekst(20) });

export const productieRegels = z.array(productieRegel).min(1, BERICHT_TEXTS.minstensEen('regel'));

const beoordelingVelden = {
  akkoord: z.boolean({ error: 'Geef aan of u akkoord gaat (true of false).' }),
  reden: tekst(500).optional(),
};

/** An assessment needs a reason when the assessor does not agree. */
function redenBijNietAkkoord<T extends z.ZodType<{ akkoord: boolean; reden?: string | undefined }>>(schema: T) {
  return schema.refine((value) => value.akkoord || value.reden !== undefined, {
    path: ['reden'],
    message: BERICHT_TEXTS.redenBijNietAkkoord,
  });
}

export const beoordeling = redenBijNietAkkoord(z.object(beoordelingVelden));

export const leveringId = identificatie(BERICHT_TEXTS.leveringId);

export const beoordelingLevering = redenBijNietAkkoord(z.object({ leveringId, ...beoordelingVelden }));

/** Checks that an end date is not before a start date; the issue lands on the end date. */
export function eindNaStart<T extends Record<string, unknown>>(start: keyof T & string, eind: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const from = value[start];
    const to = value[eind];
    if (typeof from === 'string' && typeof to === 'string' && to < from) {
      ctx.addIssue({ code: 'custom', path: [eind], message: BERICHT_TEXTS.eindVoorStart });
    }
  };
}
