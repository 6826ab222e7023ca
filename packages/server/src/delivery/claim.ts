import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { NamedStatement, value } from '../db/statement';

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
  /**
   * The lane its head was claimed in: the worker delivers a lane's runs one after the other. A new
   * uuid per claim (a handoff keeps it), so it is also the claim's token: every outcome is recorded
   * with it and touches the head only while the head is still in this lane (decision 0023).
   */
  lane: string;
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

/** The most heads a claim takes into one lane. */
export const LANE_HEADS = 4;

export interface Claim {
  runs: Run[];
  /**
   * Another worker was claiming for some senders at the same moment (their rows were locked and
   * skipped): there may be work this claim could not see, so claim again soon.
   */
  contended: boolean;
}

/**
 * A row of the database's delivery functions as the driver hands it: the columns of
 * `delivery_runs` (migration 0012), which `delivery_claim` and `delivery_record` answer too, each
 * with a flag of its own after them. Read by name, so that a column a migration adds to them
 * shifts nothing (its cost: docs/performance.md, 'Named rows').
 */
export interface RunRow {
  /** Null in the one row of nulls that only carries the function's flag. */
  id: string | null;
  opdracht_id: string;
  versienummer: string;
  type: string;
  sender: string;
  receiver: string;
  data_json: string;
  failed_attempts: number;
  /** The timestamp's text: drizzle leaves timestamps unparsed, on either driver. */
  created: string;
  due_now: boolean;
  config_version: number;
  /** Null for a head claimed before lanes existed. */
  lane: string | null;
}

/** A list of message ids as one SQL array value (uuids need no quoting). */
/** A PostgreSQL array literal of elements that need no quoting: uuids, ISO times, base64url, NULL. */
export const arrayLiteral = (items: readonly string[]) => `{${items.join(',')}}`;
export const uuidArray = arrayLiteral;

/**
 * Groups the rows of a delivery function into runs, each cut before its first message that is not
 * due; a row of nulls (only the function's flag) is skipped.
 */
export function toRuns(rows: readonly RunRow[]): Run[] {
  const runs: Run[] = [];
  let run: Run | undefined;
  let cut = false;
  for (const row of rows) {
    if (row.id === null) continue;
    const message = toClaimedMessage(row, row.id);
    if (!run || run[0]!.receiver !== message.receiver || run[0]!.opdrachtId !== message.opdrachtId) {
      run = [message];
      runs.push(run);
      cut = false;
    } else if (!cut && row.due_now === true) {
      run.push(message);
    } else {
      cut = true;
    }
  }
  return runs;
}

function toClaimedMessage(row: RunRow, id: string): ClaimedMessage {
  return {
    id,
    opdrachtId: row.opdracht_id,
    versienummer: row.versienummer,
    type: row.type,
    sender: row.sender,
    receiver: row.receiver,
    dataJson: row.data_json,
    failedAttempts: Number(row.failed_attempts),
    created: new Date(row.created),
    configVersion: Number(row.config_version),
    // A head claimed before lanes existed has none: it is a lane of its own.
    lane: row.lane ?? id,
  };
}

const claimStatement = new NamedStatement(
  sql`select * from delivery_claim(${value('lanes')}::integer, ${LANE_HEADS}::integer, ${value('leaseMs')}::integer,
        ${RUN_LENGTH}::integer)`,
  (rows: (RunRow & { contended: boolean })[]): Claim => ({
    // When nothing was claimed but it was contended, one row of nulls says so.
    runs: toRuns(rows),
    contended: rows.some((row) => row.contended === true),
  }),
  { name: 'delivery_claim' },
);

/**
 * Claims up to `lanes` lanes of due order heads in one call of `delivery_claim` (migrations 0011–
 * 0013), each head with its run (`Run`), for `leaseMs`. A lane is one slot of a sender (receiver
 * and versienummer) holding up to LANE_HEADS heads, whose runs the worker delivers one after the
 * other: one POST at a time per lane, so a sender's slots in use are its claimed lanes. Per
 * sender at most its free slots are taken — `maxMessages` minus its claimed lanes — its oldest
 * due heads dealt round them, so one receiver's backlog cannot starve the others; a paused
 * sender, one with `maxMessages` 0 and a receiver without a sender row get nothing and their
 * heads stay put (the last are failed by the sweep of unroutable.ts, so that they show as
 * uitval). The lanes whose first head is oldest go first.
 * Two workers must not both hand out a sender's free slots: first the senders' rows are locked
 * (those another worker is claiming for are skipped), then — in a second statement, whose fresh
 * snapshot sees every claim committed before the locks were had — their slots are counted and
 * filled. Counted in the locking statement itself, a claim committed between its snapshot and
 * its lock would be missed (measured: 10 in flight for maxMessages 5 with two workers). Only the
 * heads of orders are read, never the backlog behind them. Only the heads picked are locked (skipping those a completion is moving), not every candidate: a
 * row lock is a write.
 */
export async function claimRuns(db: Database, lanes: number, leaseMs: number): Promise<Claim> {
  return claimStatement.run(db, { lanes, leaseMs });
}
