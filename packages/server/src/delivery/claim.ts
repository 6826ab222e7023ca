import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';

/** A claimed message with what delivering it needs. */
export interface ClaimedMessage {
  id: string;
  opdrachtId: string;
  versienummer: string;
  type: string;
  sender: string;
  receiver: string;
  /** The message's data as the database's JSON text: sent as it is, never parsed here. */
  dataJson: string;
  failedAttempts: number;
  /** When the platform accepted it: the start of its submit-to-delivered latency. */
  created: Date;
  /** The configuration version the receiver's sender uses now ('use newest' switches it). */
  configVersion: number;
}

/**
 * A claimed head with the messages queued behind it: consecutive undelivered messages of one order
 * for one receiver, oldest first, all due. The worker sends them one after the other — each only
 * once the receiver accepted the one before — under the head's one claim (one slot of the sender),
 * and records them together. The first is the head's message.
 */
export type Run = ClaimedMessage[];

/** The most messages of one order a claim takes as one run. */
export const RUN_LENGTH = 10;

export interface Claim {
  runs: Run[];
  /**
   * Another worker was claiming for some senders at the same moment (their rows were locked and
   * skipped): there may be work this claim could not see, so claim again soon.
   */
  contended: boolean;
}

export interface ClaimedRow extends Record<string, unknown> {
  id: string;
  opdracht_id: string;
  versienummer: string;
  type: string;
  sender: string;
  receiver: string;
  data_json: string;
  failed_attempts: number;
  created: Date | string;
  config_version: number;
  /** Due now (a message behind the head can have a later next attempt only after a manual change). */
  due_now: boolean;
}

/**
 * The runs of claimed heads as SQL, from `source`: a relation with the head's `message_id` and the
 * sender's configuration `version`. Per head its message and those queued behind it for the same
 * receiver (messages_order_idx), at most RUN_LENGTH; `toRuns` cuts a run at the first one not due.
 * Within one statement the messages it delivers still read as undelivered: the caller starts the
 * runs past them (complete.ts hands on a head that already points past them).
 */
export const runsOf = (source: SQL) =>
  sql`select m.id, m.opdracht_id, m.versienummer, m.type, m.sender, m.receiver, m.data::text as data_json,
        m.failed_attempts, m.created, m.next_attempt <= now() as due_now, src.version as config_version
      from ${source} src
      join messages hm on hm.id = src.message_id
      cross join lateral (
        select * from messages m
        where m.receiver = hm.receiver and m.opdracht_id = hm.opdracht_id and m.seq >= hm.seq
          and (m.delivered_at is null or m.id = hm.id)
        order by m.seq
        limit ${RUN_LENGTH}
      ) m
      order by m.receiver, m.opdracht_id, m.seq`;

/** Groups the rows of `runsOf` into runs, each cut before its first message that is not due. */
export function toRuns(rows: readonly ClaimedRow[]): Run[] {
  const runs: Run[] = [];
  let run: Run | undefined;
  let cut = false;
  for (const row of rows) {
    if (!run || run[0]!.receiver !== row.receiver || run[0]!.opdrachtId !== row.opdracht_id) {
      run = [toClaimedMessage(row)];
      runs.push(run);
      cut = false;
    } else if (!cut && row.due_now) {
      run.push(toClaimedMessage(row));
    } else {
      cut = true;
    }
  }
  return runs;
}

function toClaimedMessage(row: ClaimedRow): ClaimedMessage {
  return {
    id: row.id,
    opdrachtId: row.opdracht_id,
    versienummer: row.versienummer,
    type: row.type,
    sender: row.sender,
    receiver: row.receiver,
    dataJson: row.data_json,
    failedAttempts: Number(row.failed_attempts),
    created: row.created instanceof Date ? row.created : new Date(row.created),
    configVersion: Number(row.config_version),
  };
}

/** A claim's lease as SQL: now plus `leaseMs`. */
export const leaseUntil = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * Claims up to `batchSize` due order heads in one statement, each with its run (`Run`), for
 * `leaseMs`. Per sender (receiver and versienummer) at most its free slots are taken —
 * `maxMessages` minus the heads it has claimed now — so one receiver's backlog cannot starve the
 * others; a paused sender, one with `maxMessages` 0 and a receiver without a sender row get
 * nothing and their heads stay put (the last are failed by the sweep of unroutable.ts, so that
 * they show as uitval).
 * Two workers must not both hand out a sender's free slots: first the senders' rows are locked
 * (those another worker is claiming for are skipped), then — in a second statement, whose fresh
 * snapshot sees every claim committed before the locks were had — their slots are counted and
 * filled. Counted in the locking statement itself, a claim committed between its snapshot and
 * its lock would be missed (measured: 10 in flight for maxMessages 5 with two workers). Only the heads of orders are read, never the backlog
 * behind them; the oldest due heads go first. Only the heads picked are locked (skipping those a
 * completion is moving), not every candidate: a row lock is a write.
 */
export async function claimRuns(db: Database, batchSize: number, leaseMs: number): Promise<Claim> {
  const lease = leaseUntil(leaseMs);
  let contended = false;
  const rows = await db.transaction(async (tx) => {
    const [senderLocks] = await queryRows<{
      locked: { deelnemer: string; versienummer: string }[] | null;
      total: number;
    }>(
      tx,
      sql`with locked as (
            select deelnemer, versienummer from senders where running and max_messages > 0
            for no key update skip locked
          )
          select (select json_agg(locked) from locked) as locked,
                 (select count(*)::int from senders where running and max_messages > 0) as total`,
    );
    const locked = senderLocks?.locked ?? [];
    contended = locked.length < Number(senderLocks?.total ?? 0);
    if (locked.length === 0) return [];
    return queryRows<ClaimedRow>(
      tx,
      sql`with free as (
          select s.deelnemer, s.versienummer, s.version,
                 s.max_messages - (
                   select count(*) from order_heads h
                   where h.receiver = s.deelnemer and h.versienummer = s.versienummer and h.claimed_until >= now()
                 ) as slots
          from senders s
          join jsonb_to_recordset(${JSON.stringify(locked)}::jsonb) as l(deelnemer text, versienummer text)
            on l.deelnemer = s.deelnemer and l.versienummer = s.versienummer
        ),
        picked as (
          select c.receiver, c.opdracht_id, c.due, f.version
          from free f
          cross join lateral (
            select h.receiver, h.opdracht_id, h.due
            from order_heads h
            where h.receiver = f.deelnemer and h.versienummer = f.versienummer
              and h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
            order by h.due
            limit greatest(f.slots, 0)
          ) c
          order by c.due
          limit ${batchSize}
        ),
        claimable as (
          select h.receiver, h.opdracht_id, p.version
          from order_heads h join picked p on h.receiver = p.receiver and h.opdracht_id = p.opdracht_id
          where h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
          for update of h skip locked
        ),
        heads as (
          update order_heads h set claimed_until = ${lease}
          from claimable c
          where h.receiver = c.receiver and h.opdracht_id = c.opdracht_id
          returning h.message_id, c.version
        )
        ${runsOf(sql`heads`)}`,
    );
  });
  return { runs: toRuns(rows), contended };
}
