import { describe, expect, it } from 'vitest';
import { DISCIPLINES } from '../constants';
import { EXAMPLE_BERICHTEN } from '../berichten';
import { breadcrumbOf, ruleTreeOf, valueTreeOf, type RuleNode, type ValueNode } from './catalogue';
import { checkRules, checkValues } from './check';
import { werkzaamhedenOfOrder, WERKZAAMHEDEN_WAARDEN } from './reference';

const ids = (nodes: readonly { id: string; rules?: RuleNode[]; waardenlijsten?: ValueNode[] }[]): string[] =>
  nodes.flatMap((node) => [node.id, ...ids(node.rules ?? node.waardenlijsten ?? [])]);

function withObligation(nodes: RuleNode[], id: string, verplichting: RuleNode['verplichting']): RuleNode[] {
  return nodes.map((node) => ({
    ...node,
    verplichting: node.id === id ? verplichting : node.verplichting,
    rules: withObligation(node.rules, id, verplichting),
  }));
}

describe('the field catalogue', () => {
  it('builds TG and AGA rule trees per discipline, fixed fields required', () => {
    const gas = ruleTreeOf('Gas', 'tg');
    expect(ids(gas)).toEqual([
      'gas-tg-uitvoerdatum',
      'gas-tg-meter',
      'gas-tg-meter-meternummer',
      'gas-tg-meter-fabrikant',
      'gas-tg-meter-type',
      'gas-tg-meter-standen',
      'gas-tg-kabelOfLeiding',
      'gas-tg-kabelOfLeiding-type',
      'gas-tg-kabelOfLeiding-lengteMeter',
      'gas-tg-kabelOfLeiding-diameterMm',
      'gas-tg-drukklasse',
      'gas-tg-fotos',
    ]);
    expect(gas[0]).toEqual({
      id: 'gas-tg-uitvoerdatum',
      label: 'Uitvoerdatum',
      fixed: true,
      verplichting: 'Ja',
      rules: [],
    });
    expect(gas[1]?.verplichting).toBe('');
    expect(ids(ruleTreeOf('Glas', 'tg'))).not.toContain('glas-tg-meter');
    expect(ids(ruleTreeOf('Elektra', 'aga'))).toContain('elektra-aga-assets-materiaal');
    for (const discipline of DISCIPLINES) {
      expect(ruleTreeOf(discipline, 'tg').length).toBeGreaterThan(2);
      expect(valueTreeOf(discipline, 'aga').length).toBe(1);
    }
  });

  it('builds value trees of the fields with values, every value allowed', () => {
    const gas = valueTreeOf('Gas', 'tg');
    expect(ids(gas)).toEqual([
      'gas-tg-meter',
      'gas-tg-meter-fabrikant',
      'gas-tg-kabelOfLeiding',
      'gas-tg-kabelOfLeiding-type',
      'gas-tg-drukklasse',
    ]);
    expect(gas[0]?.waarden).toEqual([]);
    expect(gas[1]?.waardenlijsten[0]?.waarden[0]).toEqual({ waarde: 'PE 32', toegestaan: true });
    expect(breadcrumbOf('gas-tg-kabelOfLeiding-type')).toBe('kabelOfLeiding > type');
  });

  it('states an order’s work types as a scenario chooses them', () => {
    const opdracht = EXAMPLE_BERICHTEN.Opdracht.data.werkzaamheden;
    const werk = werkzaamhedenOfOrder(opdracht);
    for (const [kind, value] of Object.entries(werk)) {
      expect(WERKZAAMHEDEN_WAARDEN[kind as keyof typeof werk]).toContain(value);
    }
    expect(werkzaamhedenOfOrder({ ...opdracht, typeAansluiting: undefined, binnenwerk: true })).toMatchObject({
      typeAansluiting: 'Geen',
      binnenwerk: 'Ja',
    });
  });
});

describe('checking a message against its scenario and value list', () => {
  const tg = EXAMPLE_BERICHTEN.TG.data as unknown as Record<string, unknown>;
  const aga = EXAMPLE_BERICHTEN.AGA.data as unknown as Record<string, unknown>;

  it('passes the examples against fresh trees', () => {
    expect(checkRules(tg, ruleTreeOf('Elektra', 'tg'))).toEqual([]);
    expect(checkValues(tg, valueTreeOf('Elektra', 'tg'))).toEqual([]);
    expect(checkRules(aga, ruleTreeOf('Elektra', 'aga'))).toEqual([]);
    expect(checkValues(aga, valueTreeOf('Elektra', 'aga'))).toEqual([]);
  });

  it('names a required field that is missing and a forbidden field that is given', () => {
    const rules = withObligation(
      withObligation(ruleTreeOf('Elektra', 'tg'), 'elektra-tg-fotos', 'Nee'),
      'elektra-tg-meter-fabrikant',
      'Ja',
    );
    expect(checkRules({ ...tg, meter: { meternummer: 'E1' } }, rules)).toEqual([
      {
        field: 'data.meter.fabrikant',
        rule: 'Ja',
        message: 'data.meter.fabrikant is verplicht volgens het scenario van de netbeheerder',
      },
      {
        field: 'data.fotos',
        rule: 'Nee',
        message: 'data.fotos moet leeg blijven volgens het scenario van de netbeheerder',
      },
    ]);
    // A field inside an absent optional one is not asked for.
    expect(checkRules({ ...tg, meter: undefined, fotos: undefined }, rules)).toEqual([]);
  });

  it('checks every element of a list, and values against the value list', () => {
    const rules = withObligation(ruleTreeOf('Gas', 'aga'), 'gas-aga-assets-lengteMeter', 'Ja');
    const assets = (aga.assets as Record<string, unknown>[]).map((asset) => ({ ...asset, lengteMeter: 3 }));
    const data = { assets: [...assets, { ...assets[0], lengteMeter: undefined, materiaal: 'Hout' }] };
    expect(checkRules(data, rules).map((v) => v.field)).toEqual([`data.assets.${assets.length}.lengteMeter`]);
    const lists = valueTreeOf('Gas', 'aga');
    lists[0]!.waardenlijsten[0]!.waarden = lists[0]!.waardenlijsten[0]!.waarden.map((w) => ({
      ...w,
      toegestaan: w.waarde !== 'Mof',
    }));
    expect(
      checkValues(
        {
          assets: [
            { soort: 'Mof', materiaal: 'PE' },
            { soort: 'Kabel', materiaal: 'Hout' },
          ],
        },
        lists,
      ),
    ).toEqual([
      {
        field: 'data.assets.0.soort',
        rule: 'waardenlijst',
        message: "data.assets.0.soort: de waarde 'Mof' is niet toegestaan volgens de waardenlijst van de netbeheerder",
      },
      {
        field: 'data.assets.1.materiaal',
        rule: 'waardenlijst',
        message:
          "data.assets.1.materiaal: de waarde 'Hout' is niet toegestaan volgens de waardenlijst van de netbeheerder",
      },
    ]);
  });
});
