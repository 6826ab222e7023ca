import { count } from 'drizzle-orm';
import {
  EXAMPLE_BERICHTEN,
  ruleTreeOf,
  valueTreeOf,
  waardenlijstOmschrijving,
  werkzaamhedenOfOrder,
  type Discipline,
  type RuleNode,
  type Verplichting,
  type Werkzaamheden,
} from '@knooppunt/domain';
import type { Database } from '../db/client';
import { ruleVersions, waardenlijsten } from '../db/schema';
import { deleteScenario, insertScenario, updateScenario } from '../modules/regels/repository';
import { publishVersion } from '../modules/regels/versions-repository';

const NETBEHEERDERS = ['Netbeheer_Noord', 'Netbeheer_Zuid', 'Netbeheer_West'];
const BERICHT_VERSIE = '2.0';

/** The example order's work: the demo's orders are made from it, so its scenario is what the demo's TG and AGA meet. */
const DEMO_WERK = werkzaamhedenOfOrder(EXAMPLE_BERICHTEN.Opdracht.data.werkzaamheden);

const werk = (change: Partial<Werkzaamheden>): Werkzaamheden => ({ ...DEMO_WERK, ...change });

function obliged(discipline: Discipline, tree: 'tg' | 'aga', obligations: Record<string, Verplichting>): RuleNode[] {
  const set = (nodes: RuleNode[]): RuleNode[] =>
    nodes.map((node) => {
      const path = node.id.split('-').slice(2).join('.');
      return {
        ...node,
        verplichting: node.fixed ? 'Ja' : (obligations[path] ?? node.verplichting),
        rules: set(node.rules),
      };
    });
  return set(ruleTreeOf(discipline, tree));
}

interface DemoScenario {
  omschrijving: string;
  discipline: Discipline;
  werkzaamheden: Werkzaamheden;
  tg: Record<string, Verplichting>;
  aga?: Record<string, Verplichting>;
}

/** Version 1's scenarios; the demo's own orders (Elektra, like the example) meet the first one. */
const VERSION_1: DemoScenario[] = [
  {
    omschrijving: 'Nieuwe elektra-aansluiting met meter',
    discipline: 'Elektra',
    werkzaamheden: DEMO_WERK,
    tg: { meter: 'Ja', 'meter.meternummer': 'Ja', 'meter.fabrikant': 'Ja', fotos: 'Ja' },
  },
  {
    omschrijving: 'Gasaansluiting wijzigen',
    discipline: 'Gas',
    werkzaamheden: werk({ aansluiting: 'Wijzigen', meter: 'Wisselen', typeAansluiting: 'G6' }),
    tg: { drukklasse: 'Ja', 'kabelOfLeiding.diameterMm': 'Ja' },
  },
  {
    omschrijving: 'Wateraansluiting verwijderen',
    discipline: 'Water',
    werkzaamheden: werk({ aansluiting: 'Verwijderen', meter: 'Verwijderen', typeAansluiting: 'Geen' }),
    tg: { meter: 'Nee', fotos: 'Ja' },
  },
];

const concept = (netbeheerder: string, s: DemoScenario) => ({
  netbeheerder,
  berichtVersie: BERICHT_VERSIE,
  discipline: s.discipline,
  omschrijving: s.omschrijving,
  werkzaamheden: s.werkzaamheden,
  tgRules: obliged(s.discipline, 'tg', s.tg),
  agaRules: obliged(s.discipline, 'aga', s.aga ?? {}),
});

/**
 * Demo mode's rule book, once: per netbeheerder version 1 (published 2025-04-28, in force since
 * 2025-05-23) and version 2 (published 2025-08-04, in force since 2025-09-01, so the one in force
 * now; decision 0057) of berichtVersie 2.0 — between them one scenario the same but renamed, one
 * with other obligations (gewijzigd), one dropped (verwijderd) and one new (toegevoegd) — the
 * concepts as version 2 left them plus one in progress, and value lists for Elektra and Gas.
 */
export async function seedDemoRules(db: Database): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(ruleVersions);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    for (const netbeheerder of NETBEHEERDERS) {
      const ids = [];
      for (const scenario of VERSION_1) ids.push(await insertScenario(tx, concept(netbeheerder, scenario)));
      const [same, changed, dropped] = ids as string[];
      await publishVersion(tx, {
        netbeheerder,
        berichtVersie: BERICHT_VERSIE,
        omschrijving: 'Bedrijfsregels 2025 voorjaar',
        ingangsdatum: '2025-05-23',
        created: new Date('2025-04-28T10:00:00+02:00'),
      });
      await updateScenario(tx, same!, { omschrijving: 'Nieuwe elektra-aansluiting (met slimme meter)' });
      await updateScenario(tx, changed!, {
        tgRules: obliged('Gas', 'tg', { drukklasse: 'Ja', 'kabelOfLeiding.diameterMm': 'Ja', fotos: 'Ja' }),
      });
      await deleteScenario(tx, dropped!);
      await insertScenario(
        tx,
        concept(netbeheerder, {
          omschrijving: 'Glasvezel huisaansluiting',
          discipline: 'Glas',
          werkzaamheden: werk({ meter: 'Geen', typeAansluiting: 'Geen' }),
          tg: { fotos: 'Ja' },
          aga: { 'assets.lengteMeter': 'Ja' },
        }),
      );
      await publishVersion(tx, {
        netbeheerder,
        berichtVersie: BERICHT_VERSIE,
        omschrijving: 'Bedrijfsregels 2025 najaar',
        ingangsdatum: '2025-09-01',
        created: new Date('2025-08-04T10:00:00+02:00'),
      });
      await insertScenario(
        tx,
        concept(netbeheerder, {
          omschrijving: 'Rioolaansluiting nieuw (in voorbereiding)',
          discipline: 'Riool',
          werkzaamheden: werk({ meter: 'Geen', typeAansluiting: 'Geen' }),
          tg: { 'kabelOfLeiding.diameterMm': 'Ja' },
        }),
      );
      for (const discipline of ['Elektra', 'Gas'] as const) {
        const tg = valueTreeOf(discipline, 'tg');
        // Netbeheer_Zuid no longer accepts one cable type: the 'Beperkte waarden toegestaan' chip.
        if (netbeheerder === 'Netbeheer_Zuid') {
          const kabel = tg.find((node) => node.id.endsWith('-kabelOfLeiding'))!.waardenlijsten[0]!;
          kabel.waarden = kabel.waarden.map((w, i) => ({ ...w, toegestaan: i !== kabel.waarden.length - 1 }));
        }
        await tx.insert(waardenlijsten).values({
          netbeheerder,
          berichtVersie: BERICHT_VERSIE,
          discipline,
          omschrijving: waardenlijstOmschrijving(discipline, BERICHT_VERSIE, netbeheerder),
          tgWaardenlijsten: tg,
          agaWaardenlijsten: valueTreeOf(discipline, 'aga'),
        });
      }
    }
  });
}
