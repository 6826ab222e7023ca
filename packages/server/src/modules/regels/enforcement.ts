import { sql } from 'drizzle-orm';
import {
  checkRules,
  checkValues,
  werkzaamhedenOfOrder,
  type RuleNode,
  type RuleViolation,
  type ValueNode,
} from '@knooppunt/domain';
import { queryRows, type Database } from '../../db/client';
import type { ContentValidator } from '../inbound/service';

export interface EnforcementLog {
  info(object: object, message: string): void;
}

/** Dates as yyyy-mm-dd in the Netherlands; built once, as building a formatter costs ~0.3 ms. */
const dutchDate = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' });

/** Today in the Netherlands, as the effective dates are meant. */
const today = () => dutchDate.format(new Date());

interface Rules extends Record<string, unknown> {
  netbeheerder: string;
  discipline: string | null;
  versie: number | null;
  rules: RuleNode[] | null;
  value_lists: ValueNode[] | null;
}

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
    const [order] = await queryRows<{ netbeheerder: string; opdracht: { discipline: string; werkzaamheden: never } }>(
      db,
      sql`select o.opdrachtgever as netbeheerder, m.data as opdracht
          from opdrachten o
          join lateral (
            select data from messages where opdracht_id = o.opdracht_id and type = 'Opdracht' order by seq limit 1
          ) m on true
          where o.opdracht_id = ${bericht.opdrachtId}`,
    );
    // An unknown order is the lifecycle's to refuse.
    if (!order) return [];
    const werkzaamheden = werkzaamhedenOfOrder(order.opdracht.werkzaamheden);
    const [found] = await queryRows<Rules>(
      db,
      sql`with in_force as (
            select id, versie from rule_versions
            where netbeheerder = ${order.netbeheerder} and bericht_versie = ${bericht.versienummer}
              and ingangsdatum <= ${today()}::date
            order by ingangsdatum desc, versie desc limit 1
          )
          select ${order.netbeheerder} as netbeheerder, s.discipline, v.versie,
                 case when ${tree} = 'tg' then s.tg_rules else s.aga_rules end as rules,
                 (select case when ${tree} = 'tg' then w.tg_waardenlijsten else w.aga_waardenlijsten end
                  from waardenlijsten w
                  where w.netbeheerder = ${order.netbeheerder} and w.bericht_versie = ${bericht.versienummer}
                    and w.discipline = ${order.opdracht.discipline}) as value_lists
          from in_force v
          left join rule_scenarios s on s.version_id = v.id and s.discipline = ${order.opdracht.discipline}
            and s.werkzaamheden = ${JSON.stringify(werkzaamheden)}::jsonb`,
    );
    if (!found?.rules) {
      log.info(
        { opdrachtId: bericht.opdrachtId, type: bericht.type, netbeheerder: order.netbeheerder, versie: found?.versie },
        'message accepted unchecked: no scenario in force for its discipline and work',
      );
      return [];
    }
    const data = bericht.data as Record<string, unknown>;
    return [...checkRules(data, found.rules), ...(found.value_lists ? checkValues(data, found.value_lists) : [])];
  };
}
