import { Gauge, type Registry } from 'prom-client';
import { randomUUID } from 'node:crypto';
import { INBOUND_TEXTS, flowOf, messageTypesOf, parseBericht, type Side } from '@knooppunt/domain';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { isTransient } from '../../db/errors';
import { AppError, ConflictError } from '../../errors';
import { findMessagesByKey } from '../messages/repository';
import { BatchConflict, acceptBatch, type Accepted, type Outcome, type PreparedSubmit } from './accept';
import { createBatcher } from './batcher';
import { keyReused, sameMessage } from './idempotency';

/**
 * Checks a message's content beyond its schema; answers each reason to reject it (422) with the
 * field it concerns and a Dutch message. The business rules plug in here (modules/regels/enforcement.ts).
 * A validator that looks at the order says nothing unless `sender` is the party of the order that
 * sends this type (decision 0015): a non-party learns neither rule details nor that the order exists.
 */
export type ContentValidator = (
  bericht: { type: string; versienummer: string; opdrachtId: string; data: unknown },
  sender: string,
) => Promise<{ field: string; message: string }[]>;

export type InboundService = ReturnType<typeof createInboundService>;

/** The most messages one accepting transaction carries. */
const MAX_BATCH = 200;
/** How often an accepting transaction is tried when the database fails it for a moment. */
const ATTEMPTS = 4;
/** The pause before a retry, times the number of tries so far (with jitter). */
const RETRY_PAUSE_MS = 20;

/** A submission's answer: its outcome, or the unexpected error that ended its own attempt (500). */
type Answer = Outcome | { ok: false; error: unknown };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const other = (side: Side): Side => (side === 'opdrachtgever' ? 'opdrachtnemer' : 'opdrachtgever');

export function createInboundService({
  db,
  contentValidators = [],
  log = { warn: () => undefined },
  registry,
}: {
  db: Database;
  contentValidators?: ContentValidator[];
  log?: { warn(details: object, message: string): void };
  /** Where the accept queue's depth is reported (/metrics). */
  registry?: Registry;
}) {
  /**
   * The answer to a submission whose key another message may hold already: the first id when it
   * is the same message, 422 on the key when it is another (decision 0047), nothing when the key
   * is free. One read, off the batch's path: for a message the content rules refuse, and for one
   * that lost a race for its key.
   */
  const answerKnownKey = async (item: Pick<PreparedSubmit, 'sender' | 'idempotencyKey' | 'bericht'>) => {
    const [stored] = await findMessagesByKey(db, [item]);
    if (!stored) return undefined;
    if (!sameMessage(stored, item.bericht)) throw keyReused(item.idempotencyKey, stored.id);
    return { id: stored.id, duplicate: true };
  };

  /**
   * One accepting transaction, run again (up to ATTEMPTS times, after a short pause) when the
   * database failed it for a moment — a serialization failure, a deadlock, a lost connection —
   * and nothing of it was stored. A retry looks up every key of its items, so that a commit whose
   * answer was lost with the connection is found and answered, not written twice.
   */
  const attempt = async (items: PreparedSubmit[], retry: boolean): Promise<Outcome[]> => {
    for (let tries = 1; ; tries++) {
      try {
        return await acceptBatch(db, items, { retry: retry || tries > 1 });
      } catch (error) {
        if (tries >= ATTEMPTS || !isTransient(error)) throw error;
        log.warn({ err: error, messages: items.length, attempt: tries }, 'accepting transaction failed; retrying');
        await pause(RETRY_PAUSE_MS * tries * (0.5 + Math.random()));
      }
    }
  };

  /** One submission on its own, in its own transaction: whatever happens is its answer alone. */
  const acceptOne = async (item: PreparedSubmit): Promise<Answer> => {
    try {
      const [outcome] = await attempt([item], true);
      return outcome!;
    } catch (error) {
      if (!(error instanceof BatchConflict)) return { ok: false, error };
      try {
        // Two submissions with one key raced: this one lost; the winner's id if it is the same message.
        const accepted = item.keyGiven ? await answerKnownKey(item) : undefined;
        if (accepted) return { ok: true, accepted };
      } catch (lookupError) {
        return { ok: false, error: lookupError };
      }
      // Another process created the order meanwhile.
      return { ok: false, error: new ConflictError(INBOUND_TEXTS.orderExists(item.bericht.opdrachtId)) };
    }
  };

  /**
   * All or nothing per submission, never per batch: a batch that another process interfered with
   * (BatchConflict) or that failed as a whole (one message the database refused) is accepted again
   * one message per transaction, so that each sender's answer is what was stored of its message.
   * A batch that the database kept failing for a moment is answered with that failure for each
   * (nothing of it was stored), and not tried message by message as well.
   */
  const accept = async (items: PreparedSubmit[]): Promise<Answer[]> => {
    try {
      return await attempt(items, false);
    } catch (error) {
      if (isTransient(error) || (items.length === 1 && !(error instanceof BatchConflict))) {
        return items.map(() => ({ ok: false, error }));
      }
    }
    const answers: Answer[] = [];
    for (const item of items) answers.push(await acceptOne(item));
    return answers;
  };
  const submitBatched = createBatcher(accept, MAX_BATCH);
  if (registry) {
    new Gauge({
      name: 'knooppunt_accept_waiting',
      help: 'Submissions of this process waiting for the next accepting transaction (group commit)',
      registers: [registry],
      collect() {
        this.set(submitBatched.waiting());
      },
    });
  }

  /** Parses a submission and runs the content checks (400 and 422 as the API answers them). */
  const prepare = async (system: AuthUser, body: unknown, idempotencyKey: string | undefined) => {
    const parsed = parseBericht(body);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue: { path: PropertyKey[]; message: string }) => ({
        field: issue.path.map(String).join('.') || 'body',
        message: issue.message,
      }));
      throw new AppError(400, details.map((d) => `${d.field}: ${d.message}`).join('; '), details);
    }
    const bericht = parsed.data;
    const sender = system.deelnemer ?? '';
    const rejections = (await Promise.all(contentValidators.map((validate) => validate(bericht, sender)))).flat();
    const flow = flowOf(bericht.versienummer);
    const owner = messageTypesOf(flow)[bericht.type];
    const item = (key: string): PreparedSubmit => ({
      id: randomUUID(),
      sender,
      senderSide: other(owner!),
      flow,
      bericht,
      idempotencyKey: key,
      keyGiven: idempotencyKey !== undefined,
    });
    return { bericht, sender, rejections, owner, item };
  };

  return {
    /**
     * Judges a message exactly as `submit` would — schema, content rules, parties, lifecycle —
     * and stores nothing: the Testtool's 'Controleren'. Throws the refusal `submit` would answer.
     */
    async check(system: AuthUser, body: unknown): Promise<void> {
      const { rejections, owner, bericht, item } = await prepare(system, body, undefined);
      if (rejections.length) {
        const details = rejections.map(({ field, message }) => ({ field, message }));
        throw new AppError(422, details.map((d) => d.message).join('; '), details);
      }
      if (!owner) throw new AppError(400, INBOUND_TEXTS.unknownType(bericht.type));
      const [outcome] = await acceptBatch(db, [item(randomUUID())], { dryRun: true });
      if (outcome && !outcome.ok) throw outcome.error;
    },

    /**
     * Accepts a message from a participant's system: the order change it causes and the outbox
     * row commit together (with the other messages of its batch). The sender is the token's
     * deelnemer, never the body's.
     */
    async submit(system: AuthUser, body: unknown, idempotencyKey: string | undefined): Promise<Accepted> {
      const { bericht, sender, rejections, owner, item } = await prepare(system, body, idempotencyKey);
      if (rejections.length) {
        // A resubmission of a message accepted before is answered as such, whatever the rules say now.
        const accepted = idempotencyKey ? await answerKnownKey({ sender, idempotencyKey, bericht }) : undefined;
        if (accepted) return accepted;
        const details = rejections.map(({ field, message }) => ({ field, message }));
        throw new AppError(422, details.map((d) => d.message).join('; '), details);
      }

      if (!owner) throw new AppError(400, INBOUND_TEXTS.unknownType(bericht.type));
      const outcome = await submitBatched(item(idempotencyKey ?? randomUUID()));
      if (!outcome.ok) throw outcome.error;
      return outcome.accepted;
    },
  };
}
