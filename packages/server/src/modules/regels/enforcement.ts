import { sql } from 'drizzle-orm';
import {
  checkRules,
  checkValues,
  werkzaamhedenOfOrder,
  type RuleNode,
  type RuleViolation,
  type ValueNode,
} from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { Statement, value } from '../../db/statement';
import type { ContentValidator } from '../inbound/service';

export interface EnforcementLog {
  info(object: object, message: string): void;
}

/** Dates as yyyy-mm-dd in the Netherlands; built once, as building a formatter costs ~0.3 ms. */
const dutchDate = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' });

/** Today in the Netherlands, as the effective dates are meant. */
const today = () => dutchDate.format(new Date());

interface Order {
  netbeheerder: string;
  opdracht: { discipline: string; werkzaamheden: never };
}

interface Rules {
  versie: number | null;
  rules: RuleNode[] | null;
  valueLists: ValueNode[] | null;
}

// Both run for every TG and AGA message and are lookups through selective indexes: prepared on
// the server by name, so they are not planned again on every call (their planning cost several
// times their execution).

/** The order's netbeheerder and the data of its Opdracht message. */
const orderOf = new Statement<Order | undefined>(
  sql`select o.opdrachtgever, m.data
      from opdrachten o
      join lateral (
        select data from messages where opdracht_id = o.opdracht_id and type = 'Opdracht' order by seq limit 1
      ) m on true
      where o.opdracht_id = ${value('opdrachtId')}`,
  (rows) => rows.map(([netbeheerder, opdracht]) => ({ netbeheerder, opdracht }) as Order)[0],
  { name: 'rules_order' },
);

/** The version in force, its scenario for the discipline and work, and the value lists (tg or aga). */
const rulesOf = new Statement<Rules | undefined>(
  sql`with in_force as (
        select id, versie from rule_versions
        where netbeheerder = ${value('netbeheerder')} and bericht_versie = ${value('berichtVersie')}
          and ingangsdatum <= ${value('today')}::date
        order by ingangsdatum desc, versie desc limit 1
      )
      select v.versie,
             case when ${value('tree')} = 'tg' then s.tg_rules else s.aga_rules end as rules,
             (select case when ${value('tree')} = 'tg' then w.tg_waardenlijsten else w.aga_waardenlijsten end
              from waardenlijsten w
              where w.netbeheerder = ${value('netbeheerder')} and w.bericht_versie = ${value('berichtVersie')}
                and w.discipline = ${value('discipline')}) as value_lists
      from in_force v
      left join rule_scenarios s on s.version_id = v.id and s.discipline = ${value('discipline')}
        and s.werkzaamheden = ${value('werkzaamheden')}::jsonb`,
  (rows) => rows.map(([versie, rules, valueLists]) => ({ versie, rules, valueLists }) as Rules)[0],
  { name: 'rules_in_force' },
);

/**
 * The business rules at the participants' API (docs/regels.md 'Enforcement'): a TG or AGA message
 * is checked against the scenario of its order's netbeheerder (the opdrachtgever), discipline and
 * combination of work (from the order's Opdracht message) in the version in force today — the
 * latest published ingangsdatum not after it — and its values against the netbeheerder's value
 * list of that berichtVersie and discipline. Each violation becomes a 422 detail. Without a
 * scenario for the combination the message is accepted and logged as unchecked.
 */
export function createRuleValidator(db: Database, log: EnforcementLog): ContentValidator {
  return async (bericht): Promise<RuleViolation[]> => {
    if (bericht.type !== 'TG' && bericht.type !== 'AGA') return [];
    const tree = bericht.type === 'TG' ? 'tg' : 'aga';
    const order = await orderOf.run(db, { opdrachtId: bericht.opdrachtId });
    // An unknown order is the lifecycle's to refuse.
    if (!order) return [];
    const found = await rulesOf.run(db, {
      netbeheerder: order.netbeheerder,
      berichtVersie: bericht.versienummer,
      today: today(),
      tree,
      discipline: order.opdracht.discipline,
      werkzaamheden: JSON.stringify(werkzaamhedenOfOrder(order.opdracht.werkzaamheden)),
    });
    if (!found?.rules) {
      log.info(
        { opdrachtId: bericht.opdrachtId, type: bericht.type, netbeheerder: order.netbeheerder, versie: found?.versie },
        'message accepted unchecked: no scenario in force for its discipline and work',
      );
      return [];
    }
    const data = bericht.data as Record<string, unknown>;
    return [...checkRules(data, found.rules), ...(found.valueLists ? checkValues(data, found.valueLists) : [])];
  };
}
