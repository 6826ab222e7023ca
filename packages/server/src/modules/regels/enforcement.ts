import { sql } from 'drizzle-orm';
import {
  checkRules,
  checkValues,
  dutchToday,
  werkzaamhedenOfOrder,
  type RuleNode,
  type RuleViolation,
  type ValueNode,
} from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { Statement, value } from '../../db/statement';
import { createBatcher } from '../inbound/batcher';
import type { ContentValidator } from '../inbound/service';

export interface EnforcementLog {
  info(object: object, message: string): void;
}

interface Order {
  /** The grid operator whose rules apply: the one the Opdracht names (a delegated order), else its opdrachtgever. */
  netbeheerder: string;
  /** The order's contractor: the only party that sends TG and AGA. */
  opdrachtnemer: string;
  opdracht: { discipline: string; werkzaamheden: never };
}

interface Rules {
  versie: number | null;
  rules: RuleNode[] | null;
  valueLists: ValueNode[] | null;
}

/** What a TG or AGA message is checked against: its order's netbeheerder and Opdracht, and the rules in force. */
interface Check {
  opdrachtId: string;
  berichtVersie: string;
  tree: 'tg' | 'aga';
}

interface Found {
  order: Order;
  rules: Rules | undefined;
}

// Both run once per batch of TG and AGA messages that arrive together (a message waits only for
// the lookup under way).

/**
 * Per order id: the order's netbeheerder (`data.opdrachtgever` of its Opdracht when a delegated
 * grid operator gave it, else its opdrachtgever), its opdrachtnemer and the data of its Opdracht
 * message. Planned per call:
 * prepared by name, its generic plan — made while opdrachten was small — read the whole table on
 * every call as it grew (4 ms at 5,000 orders, measured in bench:delivery).
 */
const ordersOf = new Statement<Map<string, Order>>(
  sql`select o.opdracht_id, coalesce(m.data->>'opdrachtgever', o.opdrachtgever), o.opdrachtnemer, m.data
      from opdrachten o
      join lateral (
        select data from messages where opdracht_id = o.opdracht_id and type = 'Opdracht' order by seq limit 1
      ) m on true
      where o.opdracht_id = any(array(select jsonb_array_elements_text(${value('ids')}::jsonb)))`,
  (rows) =>
    new Map(
      rows.map(([id, netbeheerder, opdrachtnemer, opdracht]) => [
        id as string,
        { netbeheerder, opdrachtnemer, opdracht } as Order,
      ]),
    ),
);

/**
 * Per query (its `key`): the version in force, its scenario for the discipline and work, and the
 * value lists (tg or aga). Prepared on the server by name, so that it is not planned again on
 * every call (its planning cost several times its execution): it reads only the rules'
 * configuration, whose tables grow with what the beheerders publish, not with the traffic.
 */
const rulesOf = new Statement<Map<number, Rules>>(
  sql`select q.key, v.versie,
             case when q.tree = 'tg' then s.tg_rules else s.aga_rules end as rules,
             (select case when q.tree = 'tg' then w.tg_waardenlijsten else w.aga_waardenlijsten end
              from waardenlijsten w
              where w.netbeheerder = q.netbeheerder and w.bericht_versie = q.bericht_versie
                and w.discipline = q.discipline) as value_lists
      from jsonb_to_recordset(${value('queries')}::jsonb)
        as q(key integer, netbeheerder text, bericht_versie text, tree text, discipline text, werkzaamheden jsonb)
      cross join lateral (
        select id, versie from rule_versions
        where netbeheerder = q.netbeheerder and bericht_versie = q.bericht_versie
          and ingangsdatum <= ${value('today')}::date
        order by ingangsdatum desc, versie desc limit 1
      ) v
      left join rule_scenarios s on s.version_id = v.id and s.discipline = q.discipline
        and s.werkzaamheden = q.werkzaamheden`,
  (rows) =>
    new Map(rows.map(([key, versie, rules, valueLists]) => [Number(key), { versie, rules, valueLists } as Rules])),
  { name: 'rules_in_force' },
);

/** The order and the rules in force of each check, in two statements for the whole batch. */
async function lookUp(db: Database, checks: readonly Check[]): Promise<(Found | undefined)[]> {
  const orders = await ordersOf.run(db, { ids: JSON.stringify([...new Set(checks.map((check) => check.opdrachtId))]) });
  const queries = checks.flatMap((check, key) => {
    const order = orders.get(check.opdrachtId);
    if (!order) return [];
    const { discipline, werkzaamheden } = order.opdracht;
    const work = werkzaamhedenOfOrder(werkzaamheden);
    return [
      {
        key,
        netbeheerder: order.netbeheerder,
        bericht_versie: check.berichtVersie,
        tree: check.tree,
        discipline,
        werkzaamheden: work,
      },
    ];
  });
  const rules =
    queries.length > 0 ? await rulesOf.run(db, { queries: JSON.stringify(queries), today: dutchToday() }) : new Map();
  return checks.map((check, key) => {
    const order = orders.get(check.opdrachtId);
    return order && { order, rules: rules.get(key) };
  });
}

/** The most checks one lookup carries. */
const MAX_LOOKUPS = 200;

/**
 * The business rules at the participants' API (docs/regels.md 'Enforcement'): a TG or AGA message
 * of the order's opdrachtnemer (from anyone else it is the lifecycle's to refuse, and the rules say
 * nothing) is checked against the scenario of its order's netbeheerder (the opdrachtgever, or the
 * grid operator a delegated one gave the order for), discipline and
 * combination of work (from the order's Opdracht message) in the version in force today — the
 * latest published ingangsdatum not after it — and its values against the netbeheerder's value
 * list of that berichtVersie and discipline. Each violation becomes a 422 detail. Without a
 * scenario for the combination the message is accepted and logged as unchecked.
 */
export function createRuleValidator(db: Database, log: EnforcementLog): ContentValidator {
  const lookUpBatched = createBatcher((checks: Check[]) => lookUp(db, checks), MAX_LOOKUPS);
  return async (bericht, sender): Promise<RuleViolation[]> => {
    if (bericht.type !== 'TG' && bericht.type !== 'AGA') return [];
    const tree = bericht.type === 'TG' ? 'tg' : 'aga';
    const found = await lookUpBatched({ opdrachtId: bericht.opdrachtId, berichtVersie: bericht.versienummer, tree });
    // An unknown order, and an order of which the sender is not the contractor, are the
    // lifecycle's to refuse: the party is checked before the rules (decision 0015).
    if (found?.order.opdrachtnemer !== sender) return [];
    const { order, rules } = found;
    if (!rules?.rules) {
      log.info(
        { opdrachtId: bericht.opdrachtId, type: bericht.type, netbeheerder: order.netbeheerder, versie: rules?.versie },
        'message accepted unchecked: no scenario in force for its discipline and work',
      );
      return [];
    }
    const data = bericht.data as Record<string, unknown>;
    return [...checkRules(data, rules.rules), ...(rules.valueLists ? checkValues(data, rules.valueLists) : [])];
  };
}
