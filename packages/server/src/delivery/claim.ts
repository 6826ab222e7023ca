import { sql } from 'drizzle-orm';
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

export interface Claim {
  messages: ClaimedMessage[];
  /**
   * Another worker was claiming for some senders at the same moment (their rows were locked and
   * skipped): there may be work this claim could not see, so claim again soon.
   */
  contended: boolean;
}

interface ClaimedRow extends Record<string, unknown> {
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
}

/** The columns of `messages m` a claimed message needs; the statement adds `config_version`. */
export const CLAIMED_COLUMNS = sql`m.id, m.opdracht_id, m.versienummer, m.type, m.sender, m.receiver, m.data::text as data_json,
  m.failed_attempts, m.created`;

export function toClaimedMessage(row: ClaimedRow): ClaimedMessage {
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
 * Claims up to `batchSize` due order heads in one statement, for `leaseMs`. Per sender (receiver
 * and versienummer) at most its free slots are taken — `maxMessages` minus the heads it has claimed
 * now — so one receiver's backlog cannot starve the others; a paused sender, one with
 * `maxMessages` 0 and a receiver without a sender row get nothing and their heads stay put.
 * Two workers must not both hand out a sender's free slots: first the senders' rows are locked
 * (those another worker is claiming for are skipped), then — in a second statement, whose fresh
 * snapshot sees every claim committed before the locks were had — their slots are counted and
 * filled. Counted in the locking statement itself, a claim committed between its snapshot and
 * its lock would be missed (measured: 10 in flight for maxMessages 5 with two workers). Only the heads of orders are read, never the backlog
 * behind them; the oldest due heads go first. Only the heads picked are locked (skipping those a
 * completion is moving), not every candidate: a row lock is a write.
 */
export async function claimMessages(db: Database, batchSize: number, leaseMs: number): Promise<Claim> {
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
        select ${CLAIMED_COLUMNS}, heads.version as config_version
        from heads join messages m on m.id = heads.message_id`,
    );
  });
  const messages = rows.map(toClaimedMessage);
  return { messages, contended };
}
