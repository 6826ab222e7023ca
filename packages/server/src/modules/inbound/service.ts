import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { INBOUND_TEXTS, flowOf, messageTypesOf, parseBericht, transition, type Side } from '@knooppunt/domain';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema';
import { DuplicateMessageError, enqueueMessage } from '../../delivery/enqueue';
import { AppError, ConflictError, ForbiddenError } from '../../errors';
import { leveringenOf, upsertLevering } from '../leveringen/repository';
import { insertOpdracht, lockOpdracht, updateOpdracht } from '../opdrachten/repository';

/**
 * Checks a message's content beyond its schema; answers Dutch reasons to reject it (422). The
 * business-rule validation of TG and AGA messages plugs in here (issue 6).
 */
export type ContentValidator = (bericht: { type: string; versienummer: string; data: unknown }) => Promise<string[]>;

export type InboundService = ReturnType<typeof createInboundService>;

const other = (side: Side): Side => (side === 'opdrachtgever' ? 'opdrachtnemer' : 'opdrachtgever');

export function createInboundService({
  db,
  contentValidators = [],
}: {
  db: Database;
  contentValidators?: ContentValidator[];
}) {
  const findByKey = async (sender: string, key: string) => {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.sender, sender), eq(messages.idempotencyKey, key)));
    return row?.id;
  };

  return {
    /**
     * Accepts a message from a participant's system: the order change it causes and the outbox
     * row commit together. The sender is the token's deelnemer, never the body's.
     */
    async submit(system: AuthUser, body: unknown, idempotencyKey: string | undefined) {
      const parsed = parseBericht(body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue: { path: PropertyKey[]; message: string }) => ({
          field: issue.path.map(String).join('.') || 'body',
          message: issue.message,
        }));
        throw new AppError(
          400,
          details.map((d: { field: string; message: string }) => `${d.field}: ${d.message}`).join('; '),
          details,
        );
      }
      const bericht = parsed.data;
      const sender = system.deelnemer ?? '';
      const key = idempotencyKey ?? randomUUID();
      const known = idempotencyKey ? await findByKey(sender, key) : undefined;
      if (known) return { id: known, duplicate: true };

      const rejections = (await Promise.all(contentValidators.map((validate) => validate(bericht)))).flat();
      if (rejections.length) throw new AppError(422, rejections.join('; '));

      const flow = flowOf(bericht.versienummer);
      const owner = messageTypesOf(flow)[bericht.type];
      if (!owner) throw new AppError(400, INBOUND_TEXTS.unknownType(bericht.type));
      const senderSide = other(owner);

      try {
        return await db.transaction(async (tx) => {
          const order = await lockOpdracht(tx, bericht.opdrachtId);
          if (order && sender !== order.opdrachtgever && sender !== order.opdrachtnemer) {
            throw new ForbiddenError(INBOUND_TEXTS.notAParty(sender, bericht.opdrachtId));
          }
          // On an existing order the sender's side is its role in that order; a new order is created by its opdrachtgever.
          if (order) {
            const actualSide: Side = sender === order.opdrachtgever ? 'opdrachtgever' : 'opdrachtnemer';
            if (actualSide !== senderSide) throw new ForbiddenError(INBOUND_TEXTS.wrongSide(bericht.type, actualSide));
          }

          const result = transition({
            flow,
            type: bericht.type,
            senderSide,
            current: order
              ? {
                  status: order.status,
                  ...(flow === 'hoofdnet' && { leveringen: await leveringenOf(tx, order.opdrachtId) }),
                }
              : undefined,
            data: bericht.data,
          });
          if (!result.ok) {
            if (result.reason === 'wrong_side') throw new ForbiddenError(result.message);
            throw new ConflictError(result.message);
          }

          const receiver = order
            ? senderSide === 'opdrachtgever'
              ? order.opdrachtnemer
              : order.opdrachtgever
            : String((bericht.data as { opdrachtnemer?: unknown }).opdrachtnemer ?? '');
          if (!order) {
            const created = await insertOpdracht(tx, {
              opdrachtId: bericht.opdrachtId,
              versienummer: bericht.versienummer,
              opdrachtgever: sender,
              opdrachtnemer: receiver,
              status: result.status,
              statusText: result.statusText,
              type: flow === 'hoofdnet' ? String((bericht.data as { type?: unknown }).type ?? '') : null,
              planStatusText: result.planStatusText ?? null,
            });
            if (!created) throw new ConflictError(INBOUND_TEXTS.orderExists(bericht.opdrachtId));
          } else {
            await updateOpdracht(tx, order.opdrachtId, {
              status: result.status,
              statusText: result.statusText,
              ...(result.planStatusText !== undefined && { planStatusText: result.planStatusText }),
            });
          }
          if (result.levering && order) {
            await upsertLevering(tx, {
              ...result.levering,
              beoordeling: result.levering.beoordeling ?? null,
              opdrachtId: order.opdrachtId,
              opdrachtgever: order.opdrachtgever,
              opdrachtnemer: order.opdrachtnemer,
              messageType: bericht.type,
            });
          }
          const { id } = await enqueueMessage(tx, {
            opdrachtId: bericht.opdrachtId,
            versienummer: bericht.versienummer,
            type: bericht.type,
            sender,
            receiver,
            idempotencyKey: key,
            data: bericht.data as Record<string, unknown>,
          });
          return { id, duplicate: false };
        });
      } catch (error) {
        // Two identical submissions raced: the loser's transaction rolled back; answer the winner's id.
        if (error instanceof DuplicateMessageError) {
          const id = await findByKey(sender, key);
          if (id) return { id, duplicate: true };
        }
        throw error;
      }
    },
  };
}
