import { MANUAL_CANCEL, OPDRACHT_TEXTS, isCancellable } from '@knooppunt/domain';
import type { AuditService } from '../../audit/service';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { deleteOpenMessages } from '../messages/repository';
import { lockOpdracht, updateOpdracht, type OpdrachtRow } from './repository';

export type OpdrachtenService = ReturnType<typeof createOpdrachtenService>;

export function toOpdrachtView(row: OpdrachtRow) {
  return {
    opdrachtId: row.opdrachtId,
    versienummer: row.versienummer,
    opdrachtgever: row.opdrachtgever,
    opdrachtnemer: row.opdrachtnemer,
    status: row.inError ? ('error' as const) : row.status,
    statusText: row.statusText,
    created: row.created.toISOString(),
    changed: row.changed.toISOString(),
    ...(row.type !== null && { type: row.type }),
    ...(row.planStatusText !== null && { planStatusText: row.planStatusText }),
  };
}

export function createOpdrachtenService({ db, audit }: { db: Database; audit: AuditService }) {
  return {
    /**
     * Manual cancel (spec 000 §4): not from 910 or 990; sets 'Opdracht handmatig geannuleerd' and
     * deletes every message of the order still to be sent, in one transaction.
     */
    async cancel(user: AuthUser, opdrachtId: string) {
      return db.transaction(async (tx) => {
        const current = await lockOpdracht(tx, opdrachtId);
        if (!current) throw new NotFoundError(OPDRACHT_TEXTS.notFound);
        if (!isCancellable(current.status)) throw new ConflictError(OPDRACHT_TEXTS.notCancellable(current.statusText));
        const deletedMessages = await deleteOpenMessages(tx, opdrachtId);
        const updated = await updateOpdracht(tx, opdrachtId, { ...MANUAL_CANCEL, inError: false });
        const view = toOpdrachtView(updated);
        await audit.record(tx, user, {
          action: 'opdracht.cancel',
          subjectType: 'opdracht',
          subjectId: opdrachtId,
          before: toOpdrachtView(current),
          after: { ...view, deletedMessages },
        });
        return view;
      });
    },
  };
}
