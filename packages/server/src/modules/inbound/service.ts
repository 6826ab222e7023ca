import { randomUUID } from 'node:crypto';
import { INBOUND_TEXTS, flowOf, messageTypesOf, parseBericht, type Side } from '@knooppunt/domain';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { AppError, ConflictError } from '../../errors';
import { findMessagesByKey } from '../messages/repository';
import { BatchConflict, acceptBatch, type Accepted, type Outcome, type PreparedSubmit } from './accept';
import { createBatcher } from './batcher';

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

const other = (side: Side): Side => (side === 'opdrachtgever' ? 'opdrachtnemer' : 'opdrachtgever');

export function createInboundService({
  db,
  contentValidators = [],
}: {
  db: Database;
  contentValidators?: ContentValidator[];
}) {
  const knownId = async (item: { sender: string; idempotencyKey: string }) =>
    (await findMessagesByKey(db, [item]))[0]?.id;

  /**
   * A batch that another process interfered with (BatchConflict) or that failed as a whole is
   * accepted again one message per transaction, so one message's trouble is never another's.
   */
  const accept = async (items: PreparedSubmit[]): Promise<Outcome[]> => {
    try {
      return await acceptBatch(db, items);
    } catch (error) {
      if (items.length === 1 && !(error instanceof BatchConflict)) throw error;
    }
    const outcomes: Outcome[] = [];
    for (const item of items) {
      try {
        outcomes.push(...(await acceptBatch(db, [item])));
      } catch (error) {
        // Two identical submissions raced: this one lost; answer the winner's id.
        const id = error instanceof BatchConflict && item.keyGiven ? await knownId(item) : undefined;
        if (id) outcomes.push({ ok: true, accepted: { id, duplicate: true } });
        else if (error instanceof AppError) outcomes.push({ ok: false, error });
        else if (error instanceof BatchConflict) {
          // Another process created the order meanwhile.
          outcomes.push({ ok: false, error: new ConflictError(INBOUND_TEXTS.orderExists(item.bericht.opdrachtId)) });
        } else throw error;
      }
    }
    return outcomes;
  };
  const submitBatched = createBatcher(accept, MAX_BATCH);

  return {
    /**
     * Accepts a message from a participant's system: the order change it causes and the outbox
     * row commit together (with the other messages of its batch). The sender is the token's
     * deelnemer, never the body's.
     */
    async submit(system: AuthUser, body: unknown, idempotencyKey: string | undefined): Promise<Accepted> {
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
      const key = idempotencyKey ?? randomUUID();

      const rejections = (await Promise.all(contentValidators.map((validate) => validate(bericht, sender)))).flat();
      if (rejections.length) {
        // A resubmission of a message accepted before is answered as such, whatever the rules say now.
        const id = idempotencyKey ? await knownId({ sender, idempotencyKey }) : undefined;
        if (id) return { id, duplicate: true };
        const details = rejections.map(({ field, message }) => ({ field, message }));
        throw new AppError(422, details.map((d) => d.message).join('; '), details);
      }

      const flow = flowOf(bericht.versienummer);
      const owner = messageTypesOf(flow)[bericht.type];
      if (!owner) throw new AppError(400, INBOUND_TEXTS.unknownType(bericht.type));
      const outcome = await submitBatched({
        sender,
        senderSide: other(owner),
        flow,
        bericht,
        idempotencyKey: key,
        keyGiven: idempotencyKey !== undefined,
      });
      if (!outcome.ok) throw outcome.error;
      return outcome.accepted;
    },
  };
}
