import { MESSAGE_TEXTS, flowOf, type Flow, type MessageView } from '@knooppunt/domain';
import type { AuditService } from '../../audit/service';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { findMessage, makeDueNow, type MessageRow } from './repository';

export type MessagesService = ReturnType<typeof createMessagesService>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toMessageView(row: MessageRow): MessageView {
  return {
    _id: row.id,
    opdrachtId: row.opdrachtId,
    sender: row.sender,
    receiver: row.receiver,
    type: row.type,
    versienummer: row.versienummer,
    created: row.created.toISOString(),
    failedAttempts: row.failedAttempts,
    lastAttempt: iso(row.lastAttempt),
    nextAttempt: row.deliveredAt ? null : iso(row.nextAttempt),
    data: row.data,
    err: row.err ?? null,
  };
}

/** A participant sees the messages it sent or receives; the super role sees all (decision 0007). */
export function maySeeMessage(user: AuthUser, row: { sender: string; receiver: string }): boolean {
  return user.permissions.canSeeAllParticipants || row.sender === user.deelnemer || row.receiver === user.deelnemer;
}

export function createMessagesService({ db, audit }: { db: Database; audit: AuditService }) {
  return {
    /** 'Opnieuw verzenden': the message is due now; the answer is the updated message. */
    async retry(user: AuthUser, id: string, flow: Flow): Promise<MessageView> {
      return db.transaction(async (tx) => {
        const current = await findMessage(tx, id);
        if (!current || !maySeeMessage(user, current)) throw new NotFoundError(MESSAGE_TEXTS.notFound);
        if (flowOf(current.versienummer) !== flow) throw new NotFoundError(MESSAGE_TEXTS.wrongFlow(flow));
        const updated = await makeDueNow(tx, id);
        if (!updated) throw new ConflictError(MESSAGE_TEXTS.alreadyDelivered);
        const view = toMessageView(updated);
        await audit.record(tx, user, {
          action: 'message.retry',
          subjectType: 'message',
          subjectId: id,
          before: { nextAttempt: iso(current.nextAttempt) },
          after: { nextAttempt: view.nextAttempt },
        });
        return view;
      });
    },
  };
}
