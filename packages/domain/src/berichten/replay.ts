import { messageTypesOf, type Flow, type MessageType, type Side } from '../messageTypes';
import { LIFECYCLE, type LifecycleRow } from './lifecycle';
import { LEVERING_STATUS_TEXT, statusTextOf, type LeveringType, type StatusOutcome } from './statussen';
import { transition, type LeveringState } from './transition';

/** A message of an order as stored, for `statusesBrought`. */
export interface ReplayedMessage {
  type: string;
  sender: string;
  /** Its `data`; `{}` once retention removed the payload. */
  data: unknown;
  /** Retention removed the payload (decision 0032): what depends on `data` is then unknown. */
  dataRemoved: boolean;
}

/** The order's status (and plan status) right after a message was accepted. */
export interface BroughtStatus extends StatusOutcome {
  planStatusText?: string;
}

interface State {
  /** Undefined before the order message; null once a message's outcome could not be derived. */
  status: number | undefined | null;
  leveringen: LeveringState[];
}

const field = (data: unknown, name: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;

/**
 * The status each message of an order brought, in the order the messages were accepted (`seq`):
 * the lifecycle (docs/lifecycle.md) replayed with `transition()`, as acceptance applied it. Null
 * where it cannot be derived: an assessment whose payload retention removed (`data.akkoord` is
 * gone), and what follows an unknown status where the next status depends on it. A status that
 * does not depend on the one before (TG is always 300) is known again.
 */
export function statusesBrought(
  flow: Flow,
  opdrachtgever: string,
  messages: readonly ReplayedMessage[],
): (BroughtStatus | null)[] {
  const types = messageTypesOf(flow);
  const state: State = { status: undefined, leveringen: [] };
  return messages.map((message) => {
    if (!(message.type in types)) {
      state.status = null;
      return null;
    }
    const type = message.type as MessageType;
    const senderSide: Side = message.sender === opdrachtgever ? 'opdrachtgever' : 'opdrachtnemer';
    const brought =
      state.status !== null && !message.dataRemoved
        ? replayed(flow, type, senderSide, message.data, state)
        : derived(flow, type, message, state);
    state.status = brought?.status ?? null;
    return brought;
  });
}

/** `transition()` from a known status with the message's own data. */
function replayed(flow: Flow, type: MessageType, senderSide: Side, data: unknown, state: State): BroughtStatus | null {
  const current = typeof state.status === 'number' ? { status: state.status, leveringen: state.leveringen } : undefined;
  const result = transition({ flow, type, senderSide, current, data });
  if (!result.ok) return null;
  if (result.levering) {
    const { leveringId, type: leveringType, beoordeling } = result.levering;
    state.leveringen = [
      ...state.leveringen.filter((levering) => levering.leveringId !== leveringId),
      { leveringId, type: leveringType, beoordeling: beoordeling ?? null },
    ];
  }
  return outcome(result.status, result.statusText, result.planStatusText);
}

/**
 * Without a known status or without data: the lifecycle rows the message may have taken, and the
 * status they lead to when they all agree on it.
 */
function derived(flow: Flow, type: MessageType, message: ReplayedMessage, state: State): BroughtStatus | null {
  const data = message.dataRemoved ? undefined : message.data;
  const leveringId = field(data, 'leveringId');
  const levering = state.leveringen.find((known) => known.leveringId === leveringId);
  const rows = LIFECYCLE.filter(
    (row) =>
      row.flow === flow &&
      row.type === type &&
      (row.leveringType === undefined || levering === undefined || row.leveringType === levering.type) &&
      (typeof state.status !== 'number' || (row.from !== 'nieuw' && row.from.includes(state.status))),
  );
  const outcomes = rows.map((row) => targetOf(flow, row, data, state.status));
  const first = outcomes[0];
  if (!first || outcomes.some((other) => other?.status !== first.status)) return null;
  noteLevering(rows[0]!, data, state);
  const planStatus = field(data, 'planStatus');
  return outcome(
    first.status,
    first.statusText,
    rows[0]!.planStatus && typeof planStatus === 'string' ? planStatus : undefined,
  );
}

function targetOf(flow: Flow, row: LifecycleRow, data: unknown, status: State['status']): StatusOutcome | undefined {
  if (row.to === 'ongewijzigd') {
    return typeof status === 'number'
      ? { status, statusText: statusTextOf(flow, status) ?? `Status ${status}` }
      : undefined;
  }
  if (!('akkoord' in row.to)) return row.to;
  const akkoord = field(data, 'akkoord');
  if (typeof akkoord !== 'boolean') return undefined;
  return akkoord ? row.to.akkoord : row.to.nietAkkoord;
}

/** Keeps the leveringen a derived message submitted or assessed, for the messages after it. */
function noteLevering(row: LifecycleRow, data: unknown, state: State): void {
  const leveringId = field(data, 'leveringId');
  if (typeof leveringId !== 'string') return;
  const others = state.leveringen.filter((levering) => levering.leveringId !== leveringId);
  if (row.levering === 'indienen') {
    state.leveringen = [...others, { leveringId, type: row.type as LeveringType, beoordeling: null }];
  }
  const existing = state.leveringen.find((levering) => levering.leveringId === leveringId);
  const akkoord = field(data, 'akkoord');
  if (row.levering === 'beoordelen' && existing && typeof akkoord === 'boolean') {
    const beoordeling = akkoord ? LEVERING_STATUS_TEXT.goedgekeurd : LEVERING_STATUS_TEXT.afgekeurd;
    state.leveringen = [...others, { ...existing, beoordeling }];
  }
}

function outcome(status: number, statusText: string, planStatusText: string | undefined): BroughtStatus {
  return planStatusText === undefined ? { status, statusText } : { status, statusText, planStatusText };
}
