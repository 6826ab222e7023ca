import {
  MESSAGE_TEXTS,
  VERSIENUMMER_HOOFDNET,
  flowOf,
  type Flow,
  type MessageView,
  type messageSearchSchema,
  type monitoringValuelistQuerySchema,
} from '@knooppunt/domain';
import type { z } from 'zod';
import { countUndelivered, filtersToQuery, findJob, insertJob, toJobView } from './bulk-retry';
import { admitJob, runningJobs } from './bulk-retry-admission';
import type { BulkRetryRunner } from './bulk-retry-runner';
import type { AuditService } from '../../audit/service';
import { monitoringScope } from '../../auth/tenancy';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { findMessage, messageParties, searchMessages, withHeadsDue, type MessageRow } from './repository';
import { makeDueNow, requeueDelivered } from './resend-repository';

type SearchBody = z.output<typeof messageSearchSchema>;
type ValuelistQuery = z.output<typeof monitoringValuelistQuerySchema>;

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
    deliveredAt: iso(row.deliveredAt),
    data: row.data,
    err: row.err ?? null,
    dataRemoved: row.dataRemovedAt
      ? { at: row.dataRemovedAt.toISOString(), afterDays: row.dataRemovedAfterDays ?? 0 }
      : null,
  };
}

/** A participant sees the messages it sent or receives; the super role and the operator's staff all (decision 0010). */
function maySeeMessage(scope: string | undefined, row: { sender: string; receiver: string }): boolean {
  return scope === undefined || row.sender === scope || row.receiver === scope;
}

export function createMessagesService({
  db,
  audit,
  bulkRetry,
  bulkRetryBatchSize,
}: {
  db: Database;
  audit: AuditService;
  /** Runs the bulk resend jobs; without it a job waits for a runner of another process. */
  bulkRetry?: Pick<BulkRetryRunner, 'kick'> | undefined;
  /** Messages per batch of a bulk resend job (tests: smaller); BULK_RETRY_BATCH_SIZE by default. */
  bulkRetryBatchSize?: number | undefined;
}) {
  /**
   * The filters of a bulk resend as the search's (decision 0034): the same rights — without the
   * monitoring right only uitval — and the caller's tenancy.
   */
  async function bulkQuery(user: AuthUser, filters: SearchBody['filters']) {
    if (!user.permissions.canViewMonitoring && filters.isInError !== true) {
      throw new ForbiddenError(MESSAGE_TEXTS.bulkRetryUitvalOnly);
    }
    return filtersToQuery(filters, await monitoringScope(db, user));
  }

  return {
    /** How many undelivered messages 'Alles opnieuw versturen' would make due now (its dialog). */
    async bulkRetryCount(user: AuthUser, body: SearchBody) {
      return { count: await countUndelivered(db, await bulkQuery(user, body.filters)) };
    },

    /**
     * 'Alles opnieuw versturen': one job over the undelivered messages matching the filters,
     * audited as one action with the filters and the count, started at once (bulk-retry.ts).
     * Not while the organisation runs one over the same list (409) or as many as it may (429).
     */
    async bulkRetryStart(user: AuthUser, body: SearchBody) {
      const query = await bulkQuery(user, body.filters);
      const job = await db.transaction(async (tx) => {
        await admitJob(tx, query);
        const row = await insertJob(tx, {
          actorSub: user.sub,
          actor: user.email ?? user.sub,
          query,
          filters: body.filters,
          batchSize: bulkRetryBatchSize,
        });
        await audit.record(tx, user, {
          action: 'message.bulk-retry',
          subjectType: 'bulk-retry-job',
          subjectId: row.id,
          after: { filters: body.filters, count: row.total, onlyDeelnemer: query.onlyDeelnemer ?? null },
        });
        return row;
      });
      if (job.state === 'running') bulkRetry?.kick();
      return toJobView(job);
    },

    /**
     * A bulk resend's progress: for its organisation — the users whose tenancy it has, an
     * implementation partner's acting for its participant — and the super role (404 for others).
     */
    async bulkRetryJob(user: AuthUser, id: string) {
      const job = await findJob(db, id);
      const scope = await monitoringScope(db, user);
      if (!job || (job.onlyDeelnemer !== (scope ?? null) && !user.permissions.canSeeAllParticipants)) {
        throw new NotFoundError(MESSAGE_TEXTS.bulkRetryJobNotFound);
      }
      return toJobView(job);
    },

    /** The running jobs of the caller's organisation, oldest first: a screen that opens shows them. */
    async bulkRetryRunning(user: AuthUser) {
      return { items: (await runningJobs(db, await monitoringScope(db, user))).map(toJobView) };
    },

    /**
     * Berichten and Uitval (decision 0010): the caller's own messages unless super role. Without
     * the monitoring right only the uitval list (`isInError: true`) is open, to `canViewUitval`.
     */
    async search(user: AuthUser, body: SearchBody) {
      const { filters } = body;
      if (!user.permissions.canViewMonitoring && filters.isInError !== true) {
        throw new ForbiddenError(MESSAGE_TEXTS.uitvalOnly);
      }
      const { items, count, countIsLowerBound } = await searchMessages(db, {
        ...filtersToQuery(filters, await monitoringScope(db, user)),
        skip: body.skip,
        limit: body.limit,
        // Uitval lists sort on opdrachtId (spec 001 §9), Berichten on nextAttempt (spec 000 §9).
        sortBy: body.sortBy ?? (filters.isInError ? 'opdrachtId' : 'nextAttempt'),
        sortDirection: body.sortDirection ?? 'asc',
      });
      return { items: await withHeadsDue(db, items), count, countIsLowerBound, skip: body.skip, limit: body.limit };
    },

    /** The senders and receivers of a flow's messages, for the filters of Berichten and Uitval. */
    async valuelist(query: ValuelistQuery) {
      const hoofdnet = query.versienummer === 'h' || query.versienummer === VERSIENUMMER_HOOFDNET;
      return messageParties(db, hoofdnet ? 'hoofdnet' : 'aansluiting');
    },

    /**
     * 'Opnieuw verzenden': an undelivered message is due now; a delivered one is sent again, behind
     * its order's waiting messages, with the same Idempotency-Key (requeueDelivered). The answer is
     * the updated message.
     */
    async retry(user: AuthUser, id: string, flow: Flow): Promise<MessageView> {
      const scope = await monitoringScope(db, user);
      return db.transaction(async (tx) => {
        const current = await findMessage(tx, id);
        if (!current || !maySeeMessage(scope, current)) throw new NotFoundError(MESSAGE_TEXTS.notFound);
        if (flowOf(current.versienummer) !== flow) throw new NotFoundError(MESSAGE_TEXTS.wrongFlow(flow));
        // Retention removed its payload (decision 0032): there is nothing left to send.
        if (current.dataRemovedAt) throw new ConflictError(MESSAGE_TEXTS.dataRemoved);
        const delivered = current.deliveredAt !== null;
        const updated = delivered ? await requeueDelivered(tx, current) : await makeDueNow(tx, current);
        if (updated === 'cancelling') throw new ConflictError(MESSAGE_TEXTS.orderCancelling);
        // Delivered (or sent again by someone else) between the read and the lock.
        if (!updated) {
          // Or retention removed its payload between the read and the lock.
          const now = delivered ? await findMessage(tx, id) : undefined;
          if (now?.dataRemovedAt) throw new ConflictError(MESSAGE_TEXTS.dataRemoved);
          throw new ConflictError(delivered ? MESSAGE_TEXTS.resentMeanwhile : MESSAGE_TEXTS.alreadyDelivered);
        }
        const view = toMessageView(updated);
        await audit.record(tx, user, {
          action: delivered ? 'message.resend' : 'message.retry',
          subjectType: 'message',
          subjectId: id,
          before: delivered
            ? { deliveredAt: iso(current.deliveredAt), failedAttempts: current.failedAttempts }
            : { nextAttempt: iso(current.nextAttempt) },
          after: { nextAttempt: view.nextAttempt },
        });
        return view;
      });
    },
  };
}
