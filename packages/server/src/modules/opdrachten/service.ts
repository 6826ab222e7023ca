import { MANUAL_CANCEL, OPDRACHT_TEXTS, isCancellable, type Flow, type opdrachtSearchSchema } from '@knooppunt/domain';
import type { z } from 'zod';
import type { AuditService } from '../../audit/service';
import { monitoringScope } from '../../auth/tenancy';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { deleteOpenMessages } from '../messages/resend-repository';
import { deadlinesParameter, type DeadlineRules } from '../../termijnen/deadlines';
import { opdrachtHistory } from './history';
import { lockOpdracht, searchOpdrachten, updateOpdracht, type OpdrachtRow } from './repository';

type SearchBody = z.output<typeof opdrachtSearchSchema>;

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

export function createOpdrachtenService({
  db,
  audit,
  deadlines,
}: {
  db: Database;
  audit: AuditService;
  deadlines: DeadlineRules;
}) {
  return {
    /** An order overview of one flow (decision 0010): the caller's own orders unless super role. */
    async search(user: AuthUser, flow: Flow, body: SearchBody) {
      const { filters } = body;
      const { items, count, countIsLowerBound } = await searchOpdrachten(db, {
        flow,
        opdrachtId: filters.opdrachtId,
        opdrachtgever: filters.opdrachtgever,
        opdrachtnemer: filters.opdrachtnemer,
        status: filters.status ?? 'Alle',
        onlyDeelnemer: await monitoringScope(db, user),
        skip: body.skip,
        limit: body.limit,
        sortBy: body.sortBy ?? 'changed',
        // Without a sortBy the default is changed descending (spec 000 §9); a sortBy alone is ascending.
        sortDirection: body.sortDirection ?? (body.sortBy ? 'asc' : 'desc'),
        termijnVerlopen: filters.termijnVerlopen === true,
        termijnen: deadlinesParameter(await deadlines.rules(), deadlines.now()),
      });
      return { items, count, countIsLowerBound, skip: body.skip, limit: body.limit };
    },

    /**
     * An order's history (decision 0059) for the Opdrachten side panel: with the tenancy of the
     * Opdrachten list. An unknown order and another participant's answer the same 404.
     */
    async history(user: AuthUser, opdrachtId: string) {
      const history = await opdrachtHistory(
        db,
        opdrachtId,
        { onlyDeelnemer: await monitoringScope(db, user), seesActors: user.permissions.canViewAuditLog },
        'productie',
        deadlines,
      );
      if (!history) throw new NotFoundError(OPDRACHT_TEXTS.notFound);
      return history;
    },

    /**
     * Manual cancel (spec 000 §4): not from 910 or 990; sets 'Opdracht handmatig geannuleerd' and
     * deletes every message of the order still to be sent, in one transaction — but for those
     * being delivered at this moment, which stay until the worker records them: delivered ones
     * as delivered, the rest then deleted (decision 0023). The audit entry counts both.
     */
    async cancel(user: AuthUser, opdrachtId: string) {
      return db.transaction(async (tx) => {
        const current = await lockOpdracht(tx, opdrachtId);
        if (!current) throw new NotFoundError(OPDRACHT_TEXTS.notFound);
        if (!isCancellable(current.status)) throw new ConflictError(OPDRACHT_TEXTS.notCancellable(current.statusText));
        // The order is locked first, then its heads and messages: the one lock order (decision 0023).
        const { deleted: deletedMessages, inFlight: messagesInFlight } = await deleteOpenMessages(tx, opdrachtId);
        const updated = await updateOpdracht(tx, opdrachtId, { ...MANUAL_CANCEL, inError: false });
        const view = toOpdrachtView(updated);
        await audit.record(tx, user, {
          action: 'opdracht.cancel',
          subjectType: 'opdracht',
          subjectId: opdrachtId,
          before: toOpdrachtView(current),
          after: { ...view, deletedMessages, messagesInFlight },
        });
        return view;
      });
    },
  };
}
