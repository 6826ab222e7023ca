import {
  AUDIT_REDACTED,
  OPDRACHT_HISTORY_TEXTS,
  auditActionLabel,
  flowOf,
  statusesBrought,
  type OpdrachtHistory,
  type OpdrachtHistoryActie,
  type OpdrachtHistoryAction,
  type OpdrachtHistoryBericht,
  type Omgeving,
} from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { receiptView } from '../../receipts/claims';
import { isoTimestamp } from '../../monitoring/statements';
import { deadlineOccurrences, type DeadlineRules } from '../../termijnen/deadlines';
import { filtersToQuery } from '../messages/bulk-retry';
import {
  findHistory,
  type HistoryAuditRow,
  type HistoryBulkRow,
  type HistoryMessageRow,
  type HistoryRow,
} from './history-repository';

/** Who asks for a history, as far as it decides the answer. */
export interface HistoryViewer {
  /**
   * Tenancy (decision 0010): only an order this participant gives or takes, when set — the scope
   * of the Opdrachten list (`monitoringScope`), or a system's own participant.
   */
  onlyDeelnemer: string | undefined;
  /**
   * Whether the viewer may read the audit log (the super role): it then sees who acted by name; any
   * other viewer sees the organisation that acted (decision 0059).
   */
  seesActors: boolean;
}

/** The audit log's subject types of an environment: the test environment's say so (audit/service.ts). */
function subjectsOf(omgeving: Omgeving) {
  const suffix = omgeving === 'test' ? ' (test)' : '';
  return { opdracht: `opdracht${suffix}`, message: `message${suffix}`, bulk: `bulk-retry-job${suffix}` };
}

/**
 * An order's history (issue 32 item 1, decision 0059): the order, its messages in the order they
 * were accepted with the status each brought, its leveringen and the manual actions on it, in one
 * statement (history-repository.ts). Undefined both for an order that does not exist and for one
 * the viewer may not see: the caller answers both alike, so that order ids cannot be probed.
 * `db` is the environment's database (production's, or the test environment's handle). The
 * netbeheerder's deadlines (decision 0063) as they went for the order, when `deadlines` is given:
 * production's only, as they are its business rules.
 */
export async function opdrachtHistory(
  db: Database,
  opdrachtId: string,
  viewer: HistoryViewer,
  omgeving: Omgeving = 'productie',
  deadlines?: DeadlineRules,
): Promise<OpdrachtHistory | undefined> {
  const row = await findHistory(db, {
    opdrachtId,
    onlyDeelnemer: viewer.onlyDeelnemer,
    subjects: subjectsOf(omgeving),
  });
  if (!row) return undefined;
  const flow = flowOf(row.versienummer);
  const berichten = berichtenOf(row);
  const status = Number(row.status);
  const termijnen =
    deadlines && omgeving === 'productie'
      ? deadlineOccurrences(
          await deadlines.rules(),
          { opdrachtgever: row.opdrachtgever, flow, status },
          berichten,
          deadlines.now(),
        )
      : [];
  return {
    opdrachtId: row.opdracht_id,
    versienummer: row.versienummer,
    flow,
    opdrachtgever: row.opdrachtgever,
    opdrachtnemer: row.opdrachtnemer,
    status,
    statusText: row.status_text,
    inError: row.in_error,
    type: row.type,
    planStatusText: row.plan_status_text,
    created: iso(row.created),
    changed: iso(row.changed),
    berichten,
    leveringen: row.leveringen.map((levering) => ({
      ...levering,
      created: iso(levering.created),
      changed: iso(levering.changed),
    })),
    acties: actiesOf(row, viewer),
    termijnen,
  };
}

function berichtenOf(row: HistoryRow): OpdrachtHistoryBericht[] {
  const brought = statusesBrought(
    flowOf(row.versienummer),
    row.opdrachtgever,
    row.berichten.map((message) => ({
      type: message.type,
      sender: message.sender,
      data: message.data,
      dataRemoved: message.dataRemovedAt !== null,
    })),
  );
  return row.berichten.map((message, index) => {
    const status = brought[index] ?? null;
    return {
      id: message.id,
      type: message.type,
      versienummer: message.versienummer,
      sender: message.sender,
      receiver: message.receiver,
      created: iso(message.created),
      deliveredAt: isoOrNull(message.deliveredAt),
      failedAttempts: message.failedAttempts,
      lastAttempt: isoOrNull(message.lastAttempt),
      nextAttempt: isoOrNull(message.nextAttempt),
      err: message.err,
      status: status?.status ?? null,
      statusText: status?.statusText ?? null,
      planStatusText: status?.planStatusText ?? null,
      data: message.data,
      dataRemoved:
        message.dataRemovedAt === null
          ? null
          : { at: iso(message.dataRemovedAt), afterDays: message.dataRemovedAfterDays ?? 0 },
      receipt: receiptView(message.receipt, message.receiptBatch, {
        ...message,
        opdrachtId: row.opdracht_id,
        deliveredAt: isoOrNull(message.deliveredAt),
      }),
    };
  });
}

/** The audited cancel and resends, and the bulk resends that covered a message of the order, oldest first. */
function actiesOf(row: HistoryRow, viewer: HistoryViewer): OpdrachtHistoryActie[] {
  const single = row.acties.map((entry) => ({
    entry,
    actie: actie(entry, entry.action as OpdrachtHistoryAction, viewer, {
      berichten: entry.action === 'opdracht.cancel' ? [] : [entry.subjectId],
      toelichting:
        entry.action === 'opdracht.cancel'
          ? OPDRACHT_HISTORY_TEXTS.deleted(entry.deletedMessages ?? 0, entry.messagesInFlight ?? 0)
          : null,
    }),
  }));
  const bulk = row.bulk.flatMap((entry) => {
    const covered = row.berichten.filter((message) => coveredBy(entry, message)).map((message) => message.id);
    if (covered.length === 0) return [];
    return [{ entry, actie: actie(entry, 'message.bulk-retry', viewer, { berichten: covered, toelichting: null }) }];
  });
  return [...single, ...bulk]
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.entry.id - b.entry.id)
    .map(({ actie }) => actie);
}

function actie(
  entry: HistoryAuditRow | HistoryBulkRow,
  action: OpdrachtHistoryAction,
  viewer: HistoryViewer,
  rest: Pick<OpdrachtHistoryActie, 'berichten' | 'toelichting'>,
): OpdrachtHistoryActie {
  return {
    at: iso(entry.at),
    action,
    actionText: auditActionLabel(action),
    actor: viewer.seesActors ? entry.actor : (entry.actorDeelnemer ?? AUDIT_REDACTED),
    actorDeelnemer: entry.actorDeelnemer,
    actingFor: entry.actingFor,
    ...rest,
  };
}

/**
 * Whether a bulk resend made this message due: it matches the job's filters (the statement has
 * kept only jobs without an Opdracht ID filter or with this order's) and tenancy, and it
 * was accepted before the job and not delivered at that moment. The job keeps no list of its
 * messages once it is done (decision 0034), so the failed-attempts filters are read against the
 * message's attempts now (decision 0059).
 */
function coveredBy(entry: HistoryBulkRow, message: HistoryMessageRow): boolean {
  const query = filtersToQuery(entry.filters ?? {}, entry.onlyDeelnemer ?? undefined);
  const at = Date.parse(entry.at);
  return (
    flowOf(message.versienummer) === query.flow &&
    (!query.sender || query.sender === message.sender) &&
    (!query.receiver || query.receiver === message.receiver) &&
    (!query.types?.length || query.types.includes(message.type)) &&
    (!query.failedAttempts || message.failedAttempts >= query.failedAttempts) &&
    (!query.isInError || message.failedAttempts > 0) &&
    (!query.onlyDeelnemer || query.onlyDeelnemer === message.sender || query.onlyDeelnemer === message.receiver) &&
    Date.parse(message.created) <= at &&
    (message.deliveredAt === null || Date.parse(message.deliveredAt) > at)
  );
}

/** A timestamp as the driver or PostgreSQL's JSON hands it over, as the API shows it. */
function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : isoTimestamp(value);
}

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}
