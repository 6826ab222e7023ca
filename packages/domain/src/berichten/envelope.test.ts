import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MessageType } from '../messageTypes';
import { berichtSchema, dataSchemaFor, MESSAGE_TYPES, parseBericht } from './envelope';
import { EXAMPLE_BERICHTEN } from './examples';
import { BERICHT_TEXTS } from './texts';

/** The example of a type with the data field at `path` set to `value`, or removed when undefined. */
function exampleWith(type: MessageType, path: string, value: unknown): unknown {
  const bericht = JSON.parse(JSON.stringify(EXAMPLE_BERICHTEN[type])) as { data: Record<string, unknown> };
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let target = bericht.data;
  for (const key of keys) target = target[key] as Record<string, unknown>;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return bericht;
}

function issuesOf(body: unknown): { path: string; message: string }[] {
  const result = parseBericht(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('EXAMPLE_BERICHTEN', () => {
  it('has one example for each of the 22 message types', () => {
    expect(MESSAGE_TYPES).toHaveLength(22);
    expect(Object.keys(EXAMPLE_BERICHTEN).sort()).toEqual([...MESSAGE_TYPES].sort());
  });

  it.each(MESSAGE_TYPES)('accepts the %s example', (type) => {
    expect(issuesOf(EXAMPLE_BERICHTEN[type])).toEqual([]);
  });
});

describe('parseBericht', () => {
  it('normalises the postcode and trims the order id', () => {
    const result = parseBericht({ ...EXAMPLE_BERICHTEN.Opdracht, opdrachtId: ' STD-2025-004711 ' });
    expect(result.success && result.data.type === 'Opdracht' && result.data.data.adres.postcode).toBe('3572BH');
    expect(result.success && result.data.opdrachtId).toBe('STD-2025-004711');
  });

  it('names every fault of the envelope at once', () => {
    expect(issuesOf({ type: 'Offerte', versienummer: '1.36', opdrachtId: 'a/b', data: [] })).toEqual([
      { path: 'type', message: BERICHT_TEXTS.onbekendType },
      { path: 'versienummer', message: 'Gebruik versienummer 2.0 of h1.0.' },
      { path: 'opdrachtId', message: BERICHT_TEXTS.opdrachtId },
      { path: 'data', message: BERICHT_TEXTS.dataObject },
    ]);
  });

  it('refuses a version number of the other flow on versienummer', () => {
    expect(issuesOf({ ...EXAMPLE_BERICHTEN.Planning, versienummer: 'h1.0' })).toEqual([
      { path: 'versienummer', message: 'Berichttype Planning hoort bij versienummer 2.0.' },
    ]);
    expect(issuesOf({ ...EXAMPLE_BERICHTEN.Deellevering, versienummer: '2.0' })).toEqual([
      { path: 'versienummer', message: 'Berichttype Deellevering hoort bij versienummer h1.0.' },
    ]);
  });

  it('refuses an order id longer than 64 characters', () => {
    expect(issuesOf({ ...EXAMPLE_BERICHTEN.Opdracht, opdrachtId: 'x'.repeat(65) })).toEqual([
      { path: 'opdrachtId', message: BERICHT_TEXTS.opdrachtId },
    ]);
  });

  it.each<[MessageType, string, unknown, string, string?]>([
    ['Opdracht', 'adres.postcode', '0123 AB', 'data.adres.postcode', BERICHT_TEXTS.postcode],
    ['Opdracht', 'adres.bagId', '0344100000087231', 'data.adres.bagId', BERICHT_TEXTS.bagId],
    ['Opdracht', 'adres.huisnummer', 12.5, 'data.adres.huisnummer', BERICHT_TEXTS.huisnummer],
    ['Opdracht', 'werkzaamheden.meter', 'Vervangen', 'data.werkzaamheden.meter'],
    ['Opdracht', 'discipline', 'Stadsverwarming', 'data.discipline'],
    ['Opdracht', 'contactpersoon.email', 'geen-adres', 'data.contactpersoon.email', BERICHT_TEXTS.email],
    ['Bijstelling', 'voorstel', {}, 'data.voorstel', BERICHT_TEXTS.voorstelLeeg],
    ['Planning', 'geplandeEinddatum', '2025-11-03', 'data.geplandeEinddatum', BERICHT_TEXTS.eindVoorStart],
    ['TG', 'uitvoerdatum', '2025-02-30', 'data.uitvoerdatum', BERICHT_TEXTS.datum],
    ['TG', 'kabelOfLeiding.lengteMeter', 0, 'data.kabelOfLeiding.lengteMeter', BERICHT_TEXTS.positief],
    ['TG', 'drukklasse', '50 mbar', 'data.drukklasse'],
    ['AGA', 'assets.1.coordinaten.y', 52.09, 'data.assets.1.coordinaten.y', BERICHT_TEXTS.rdY],
    ['AGA', 'assets', [], 'data.assets', BERICHT_TEXTS.minstensEen('asset')],
    ['AGP', 'regels.1.eenheid', 'meter', 'data.regels.1.eenheid'],
    ['BeoordelingTG', 'akkoord', false, 'data.reden', BERICHT_TEXTS.redenBijNietAkkoord],
    ['BeoordelingAGA', 'reden', undefined, 'data.reden', BERICHT_TEXTS.redenBijNietAkkoord],
    ['BeoordelingAGP', 'akkoord', 'ja', 'data.akkoord'],
    ['OpdrachtGereed', 'afgerondOp', '01-12-2025', 'data.afgerondOp', BERICHT_TEXTS.datum],
    ['Annulering', 'reden', '   ', 'data.reden', BERICHT_TEXTS.verplicht],
    ['AnnuleringGereed', 'kostenGemaakt', 'nee', 'data.kostenGemaakt'],
    ['OpdrachtHoofdnet', 'type', 'Renovatie', 'data.type'],
    ['BeoordelingHoofdnet', 'akkoord', false, 'data.reden', BERICHT_TEXTS.redenBijNietAkkoord],
    ['PlanningHoofdnet', 'periodes.1.eind', '2026-02-01', 'data.periodes.1.eind', BERICHT_TEXTS.eindVoorStart],
    ['PlanningHoofdnet', 'planStatus', 'Voorlopig', 'data.planStatus'],
    ['Deellevering', 'hoeveelheden.0.aantal', -1, 'data.hoeveelheden.0.aantal', BERICHT_TEXTS.positief],
    ['Deelproductiestaat', 'leveringId', 'DL 01', 'data.leveringId', BERICHT_TEXTS.leveringId],
    ['BeoordelingLevering', 'leveringId', undefined, 'data.leveringId', BERICHT_TEXTS.leveringId],
    ['Eindlevering', 'opgeleverdOp', undefined, 'data.opgeleverdOp', BERICHT_TEXTS.datum],
    ['Eindproductiestaat', 'regels', [], 'data.regels', BERICHT_TEXTS.minstensEen('regel')],
    ['OpdrachtGereedHoofdnet', 'afgerondOp', undefined, 'data.afgerondOp', BERICHT_TEXTS.datum],
    ['AnnuleringHoofdnet', 'reden', 'x'.repeat(501), 'data.reden', BERICHT_TEXTS.tekstTeLang(500)],
  ])('refuses %s with %s = %j on %s', (type, field, value, path, message) => {
    const issues = issuesOf(exampleWith(type, field, value));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe(path);
    if (message) expect(issues[0]?.message).toBe(message);
  });
});

describe('dataSchemaFor', () => {
  it('gives the schema of one type, which refuses the data of another', () => {
    expect(dataSchemaFor('Planning').safeParse(EXAMPLE_BERICHTEN.Planning.data).success).toBe(true);
    expect(dataSchemaFor('Planning').safeParse(EXAMPLE_BERICHTEN.TG.data).success).toBe(false);
  });
});

describe('berichtSchema', () => {
  it('can be described in the OpenAPI document', () => {
    const schema = z.toJSONSchema(berichtSchema, { io: 'input' });
    expect(schema.oneOf).toHaveLength(22);
  });
});
