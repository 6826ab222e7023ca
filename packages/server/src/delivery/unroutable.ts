import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { backoffMs } from './backoff';
import { failMessages } from './fail';
import { DELIVERY_TEXTS } from './texts';

/** Heads failed per sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 500;

/**
 * Fails the due heads whose receiver has no sender for the message's flow (no configuration of
 * that participant for that versienummer — a participant not set up yet, or a misspelled
 * opdrachtnemer): no claim ever takes them, so without this they would wait unseen. Failed, they
 * are uitval with a reason in the portal and their orders are in error; they are tried again on
 * the backoff schedule like any failure, and once the receiver has a sender the claim takes them.
 * A paused sender or one with maxMessages 0 is a sender: its messages wait on purpose.
 * The candidates are read without locks; failMessages then takes them in the one lock order
 * (orders, heads, messages: decision 0023), so the sweep cannot deadlock with a recording,
 * a resend or a cancel. Returns how many messages it failed.
 */
export async function failUnroutable(db: Database): Promise<number> {
  const heads = await queryRows<{ id: string; receiver: string; versienummer: string; failed_attempts: number }>(
    db,
    sql`select h.message_id as id, h.receiver, h.versienummer, m.failed_attempts
        from order_heads h join messages m on m.id = h.message_id
        where h.due <= now() and (h.claimed_until is null or h.claimed_until < now())
          and not exists (
            select 1 from senders s where s.deelnemer = h.receiver and s.versienummer = h.versienummer
          )
        limit ${SWEEP_LIMIT}`,
  );
  await failMessages(
    db,
    heads.map((head) => ({
      id: head.id,
      delayMs: backoffMs(Number(head.failed_attempts) + 1),
      err: { msg: DELIVERY_TEXTS.noSender(head.receiver, head.versienummer), traceId: randomUUID() },
    })),
    { unclaimedOnly: true },
  );
  return heads.length;
}
