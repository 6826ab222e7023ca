import { getTableName, sql, type SQL } from 'drizzle-orm';
import { TERMIJN_TEXTS, termijnStatussen, type Flow, type OpdrachtTermijn, type TermijnStand } from '@knooppunt/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { atMostEvery } from '../lib/at-most-every';
import { lateOrders, messages } from '../db/schema';
import { value } from '../db/statement';
import { allTermijnen, type TermijnRecord } from '../modules/termijnen/repository';
import { deadlineOf, latestLateStarts } from './working-days';

/**
 * The netbeheerders' order deadlines as the order lists, the histories and the daily mail measure
 * with them (decision 0063). Read at most once a second per process, and again at once after a
 * change through this process; `now` is the clock they are measured with (tests set it).
 */
export interface DeadlineRules {
  rules(): Promise<readonly TermijnRecord[]>;
  /** A deadline changed through this process: the next read is fresh. */
  changed(): void;
  now(): Date;
}

export function createDeadlineRules(db: Database, now: () => Date = () => new Date()): DeadlineRules {
  const rules = atMostEvery<readonly TermijnRecord[]>(1000, () => allTermijnen(db));
  return { rules, changed: rules.forget, now };
}

/** The statuses each `tot` type is accepted in, as JSON text for the statements (fixed data). */
const STATUSES_OF_TOT = new Map<string, readonly number[]>();
function statusesOf(tot: string): readonly number[] {
  let statuses = STATUSES_OF_TOT.get(tot);
  if (!statuses) STATUSES_OF_TOT.set(tot, (statuses = termijnStatussen(tot)));
  return statuses;
}

/**
 * The deadlines as the order lists' statements take them (`value('termijnen')`): per deadline its
 * netbeheerder, types, the statuses it runs in and the latest start that is late at `now` — the
 * working days are counted here, not in SQL.
 */
export function deadlinesParameter(rules: readonly TermijnRecord[], now: Date): string {
  // Per netbeheerder: an order's statement expands only its own netbeheerder's deadlines.
  const byNetbeheerder: Record<string, object[]> = {};
  const lateStart = latestLateStarts(now);
  for (const rule of rules) {
    (byNetbeheerder[rule.netbeheerder] ??= []).push({
      id: rule.id,
      van: rule.van,
      tot: rule.tot,
      statussen: statusesOf(rule.tot),
      grens: lateStart(rule.aantal, rule.eenheid).toISOString(),
    });
  }
  return JSON.stringify(byNetbeheerder);
}

type OrderColumns = { opdrachtId: PgColumn; opdrachtgever: PgColumn; status: PgColumn };

/**
 * A column with its table's name: Drizzle writes a column of a one-table select's own table
 * without it in the select list, where a subquery's table of the same column name would capture it.
 */
const qualified = (column: PgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The deadlines in `value('termijnen')` the order of these columns is past, as rows (`r.id`, and
 * `start.delivered_at` when it started): its status accepts the deadline's `tot`, the latest `van`
 * message (by `seq`) was delivered before the deadline's `grens`, and no `tot` message was accepted
 * after it. Two lookups on messages' order index per deadline of the order's netbeheerder.
 */
function deadlinesPast(order: OrderColumns): SQL {
  return sql`jsonb_to_recordset(${value('termijnen')}::jsonb -> ${qualified(order.opdrachtgever)})
      as r(id uuid, van text, tot text, statussen jsonb, grens timestamptz)
    cross join lateral (
      select ${messages.seq} as seq, ${messages.deliveredAt} as delivered_at
      from ${messages}
      where ${messages.opdrachtId} = ${qualified(order.opdrachtId)} and ${messages.type} = r.van
      order by ${messages.seq} desc
      limit 1
    ) as start
    where r.statussen @> to_jsonb(${qualified(order.status)})
      and start.delivered_at < r.grens
      and not exists (
        select 1 from ${messages} as answer
        where answer.opdracht_id = ${qualified(order.opdrachtId)} and answer.type = r.tot and answer.seq > start.seq
      )`;
}

/** Whether the order of these columns is past one of the deadlines in `value('termijnen')`. */
function pastDeadline(order: OrderColumns): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${deadlinesPast(order)})`;
}

/**
 * Whether the order of these columns is past a deadline, as a row of the order lists shows it
 * (decision 0063): in `late_orders` (the last refresh) and still so now — an answer since removes
 * it at once; a deadline that ran out since shows from the next refresh, within a minute. A
 * scalar lookup by key per row shown (an `exists` was planned as a hash of all of `late_orders`).
 */
export function listedLate(order: OrderColumns): SQL<boolean> {
  return sql<boolean>`(coalesce((select true from ${lateOrders} as listed where listed.opdracht_id = ${qualified(order.opdrachtId)}), false)
    and ${pastDeadline(order)})`;
}

/**
 * The 'Termijn verlopen' filter of the order lists: the order is among the `late_orders` that pass
 * `lateFilter` (the list's flow, parties and tenancy, on `late_orders`' own columns and indexes) —
 * the last refresh, as it is. Checking each again would measure every late order before the page
 * is sorted (decision 0063); the row's own column (`listedLate`) is checked live, so an order met
 * within the minute shows without the mark until the next refresh drops it.
 */
export function lateOrderFilter(order: Pick<OrderColumns, 'opdrachtId'>, lateFilter: SQL | undefined): SQL {
  return sql`${qualified(order.opdrachtId)} in (select ${lateOrders.opdrachtId} from ${lateOrders}${lateFilter ? sql` where ${lateFilter}` : sql``})`;
}

/** Per deadline in `value('termijnen')` the order is past: its id and when it started. */
export function deadlinesPastOf(order: OrderColumns): SQL {
  return sql`select r.id as termijn_id, start.delivered_at as started from ${deadlinesPast(order)}`;
}

/**
 * What the occurrences are computed from: an order's messages in the order Knooppunt accepted them
 * (`seq`, as `pastDeadline` orders them: one accept batch gives its messages one `created`).
 */
export interface DeadlineMessage {
  id: string;
  type: string;
  /** Accepted. */
  created: string;
  /** Delivered to its receiver; null while not. */
  deliveredAt: string | null;
}

/**
 * Every occurrence of the order's netbeheerder's deadlines (its flow's), oldest start first: each
 * delivered `van` message starts one; the first `tot` accepted after it meets it ('op tijd' or 'te
 * laat'); a `van` before that starts it again (the earlier one is then not shown). The last one
 * open is 'verlopen' or 'loopt' while the order's status accepts the `tot`, else 'vervallen'. The
 * same rules as `pastDeadline`: an order is 'Termijn verlopen' in the lists exactly when one of
 * these is 'verlopen'.
 */
export function deadlineOccurrences(
  rules: readonly TermijnRecord[],
  order: { opdrachtgever: string; flow: Flow; status: number },
  berichten: readonly DeadlineMessage[],
  now: Date,
): OpdrachtTermijn[] {
  const occurrences: OpdrachtTermijn[] = [];
  for (const rule of rules) {
    if (rule.netbeheerder !== order.opdrachtgever || rule.flow !== order.flow) continue;
    const omschrijving = TERMIJN_TEXTS.omschrijving(rule);
    let open: DeadlineMessage | undefined;
    const occurrence = (
      van: DeadlineMessage & { deliveredAt: string },
      stand: TermijnStand,
      tot?: DeadlineMessage,
    ) => ({
      termijnId: rule.id,
      omschrijving,
      van: { berichtId: van.id, at: van.deliveredAt },
      uiterlijk: deadlineOf(new Date(van.deliveredAt), rule.aantal, rule.eenheid).toISOString(),
      tot: tot ? { berichtId: tot.id, at: tot.created } : null,
      stand,
    });
    for (const bericht of berichten) {
      if (bericht.type === rule.van) open = bericht;
      else if (bericht.type === rule.tot && open) {
        const van = open;
        open = undefined;
        if (van.deliveredAt === null) continue;
        const uiterlijk = deadlineOf(new Date(van.deliveredAt), rule.aantal, rule.eenheid);
        const late = Date.parse(bericht.created) >= uiterlijk.getTime();
        occurrences.push(occurrence({ ...van, deliveredAt: van.deliveredAt }, late ? 'te laat' : 'op tijd', bericht));
      }
    }
    if (open?.deliveredAt) {
      const runs = statusesOf(rule.tot).includes(order.status);
      const uiterlijk = deadlineOf(new Date(open.deliveredAt), rule.aantal, rule.eenheid);
      const stand: TermijnStand = !runs ? 'vervallen' : now.getTime() >= uiterlijk.getTime() ? 'verlopen' : 'loopt';
      occurrences.push(occurrence({ ...open, deliveredAt: open.deliveredAt }, stand));
    }
  }
  return occurrences.sort((a, b) => Date.parse(a.van.at) - Date.parse(b.van.at));
}
