import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { Statement, value } from '../db/statement';

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

/**
 * A row of the database's delivery functions (migration 0011), as the driver hands it to
 * `Statement`: the columns of `delivery_runs` in order — id, opdracht_id, versienummer, type,
 * sender, receiver, data_json, failed_attempts, created, due_now, config_version — and after them
 * whatever else the function answers.
 */
export type RunRow = readonly unknown[];

const DUE_NOW = 9;

/** The number of columns of `delivery_runs`. */
export const RUN_COLUMNS = 11;

/** A list of message ids as one SQL array value (uuids need no quoting). */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Groups the rows of a delivery function into runs, each cut before its first message that is not due. */
export function toRuns(rows: readonly RunRow[]): Run[] {
  const runs: Run[] = [];
  let run: Run | undefined;
  let cut = false;
  for (const row of rows) {
    const message = toClaimedMessage(row);
    if (!run || run[0]!.receiver !== message.receiver || run[0]!.opdrachtId !== message.opdrachtId) {
      run = [message];
      runs.push(run);
      cut = false;
    } else if (!cut && row[DUE_NOW] === true) {
      run.push(message);
    } else {
      cut = true;
    }
  }
  return runs;
}

function toClaimedMessage(row: RunRow): ClaimedMessage {
  const [id, opdrachtId, versienummer, type, sender, receiver, dataJson, failedAttempts, created, , configVersion] =
    row as [string, string, string, string, string, string, string, unknown, Date | string, unknown, unknown];
  return {
    id,
    opdrachtId,
    versienummer,
    type,
    sender,
    receiver,
    dataJson,
    failedAttempts: Number(failedAttempts),
    created: created instanceof Date ? created : new Date(created),
    configVersion: Number(configVersion),
  };
}

const claimStatement = new Statement(
  sql`select * from delivery_claim(${value('batch')}::integer, ${value('leaseMs')}::integer, ${RUN_LENGTH}::integer)`,
  (rows) => ({
    // When nothing was claimed but it was contended, one row of nulls says so.
    runs: toRuns(rows.filter((row) => row[0] !== null)),
    contended: rows.some((row) => row[RUN_COLUMNS] === true),
  }),
  { name: 'delivery_claim' },
);

/**
 * Claims up to `batchSize` due order heads in one call of `delivery_claim` (migration 0011), each
 * with its run (`Run`), for `leaseMs`. Per sender (receiver and versienummer) at most its free
 * slots are taken — `maxMessages` minus the heads it has claimed now — so one receiver's backlog
 * cannot starve the others; a paused sender, one with `maxMessages` 0 and a receiver without a
 * sender row get nothing and their heads stay put (the last are failed by the sweep of
 * unroutable.ts, so that they show as uitval).
 * Two workers must not both hand out a sender's free slots: first the senders' rows are locked
 * (those another worker is claiming for are skipped), then — in a second statement, whose fresh
 * snapshot sees every claim committed before the locks were had — their slots are counted and
 * filled. Counted in the locking statement itself, a claim committed between its snapshot and
 * its lock would be missed (measured: 10 in flight for maxMessages 5 with two workers). Only the
 * heads of orders are read, never the backlog behind them; the oldest due heads go first. Only
 * the heads picked are locked (skipping those a completion is moving), not every candidate: a
 * row lock is a write.
 */
export async function claimRuns(db: Database, batchSize: number, leaseMs: number): Promise<Claim> {
  return claimStatement.run(db, { batch: batchSize, leaseMs });
}
