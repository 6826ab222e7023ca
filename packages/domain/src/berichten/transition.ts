import type { Flow, MessageType, Side } from '../messageTypes';
import { LIFECYCLE, type LifecycleRow } from './lifecycle';
import {
  LEVERING_STATUS_TEXT,
  statusTextOf,
  type LeveringBeoordeling,
  type LeveringType,
  type StatusOutcome,
} from './statussen';

/** A levering of the order as stored; `beoordeling` is absent (or null) while it awaits assessment. */
export interface LeveringState {
  leveringId: string;
  type: LeveringType;
  beoordeling?: LeveringBeoordeling | null;
}

export interface TransitionInput {
  flow: Flow;
  type: MessageType;
  senderSide: Side;
  /** The order as stored, or undefined when there is none; Hoofdnet needs its leveringen. */
  current: { status: number; leveringen?: readonly LeveringState[] } | undefined;
  /** The message's data as parsed by `parseBericht`. */
  data: unknown;
}

/** The levering to store; a missing `beoordeling` clears an earlier one (resubmission). */
export interface LeveringUpdate {
  leveringId: string;
  type: LeveringType;
  statusText: string;
  beoordeling?: LeveringBeoordeling;
}

export type TransitionRefusal = 'no_order' | 'order_exists' | 'wrong_side' | 'not_allowed_in_status' | 'no_levering';

export type TransitionResult =
  | {
      ok: true;
      status: number;
      statusText: string;
      planStatusText?: string;
      levering?: LeveringUpdate;
      /** The lifecycle row that applied (the conformance catalogue counts the rows its scenarios take). */
      row: LifecycleRow;
    }
  | { ok: false; reason: TransitionRefusal; message: string };

const LEVERING_TYPES: Partial<Record<MessageType, LeveringType>> = {
  Deellevering: 'Deellevering',
  Eindlevering: 'Eindlevering',
};

function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
}

function refuse(reason: TransitionRefusal, message: string): TransitionResult {
  return { ok: false, reason, message };
}

function describe(flow: Flow, status: number): string {
  const text = statusTextOf(flow, status);
  return text ? `${status} '${text}'` : String(status);
}

/**
 * What a message does to its order: the new status (and plan status and levering), or why it is
 * refused. Pure: the caller stores the outcome.
 */
export function transition({ flow, type, senderSide, current, data }: TransitionInput): TransitionResult {
  const rows = LIFECYCLE.filter((row) => row.flow === flow && row.type === type);
  const first = rows[0];
  if (!first) throw new RangeError(`Berichttype ${type} hoort niet bij de stroom ${flow}.`);

  if (senderSide !== first.senderSide) {
    return refuse(
      'wrong_side',
      `Bericht ${type} wordt verstuurd door de ${first.senderSide}, niet door de ${senderSide}.`,
    );
  }
  if (first.from === 'nieuw') {
    if (current) {
      return refuse(
        'order_exists',
        `Er bestaat al een opdracht met dit opdracht ID (status ${describe(flow, current.status)}); bericht ${type} maakt alleen een nieuwe opdracht aan.`,
      );
    }
    return outcome(first, flow, 0, data);
  }
  if (!current) {
    return refuse(
      'no_order',
      `Bericht ${type} hoort bij een bestaande opdracht, maar er is geen opdracht met dit opdracht ID.`,
    );
  }

  const leveringId = field(data, 'leveringId');
  const existing =
    typeof leveringId === 'string'
      ? current.leveringen?.find((levering) => levering.leveringId === leveringId)
      : undefined;
  if (first.levering === 'beoordelen' || (first.levering === 'verwijzen' && leveringId !== undefined)) {
    if (!existing)
      return refuse(
        'no_levering',
        `Levering ${String(leveringId)} van bericht ${type} is bij deze opdracht niet bekend.`,
      );
  }

  const candidates = rows.filter((row) => row.leveringType === undefined || row.leveringType === existing?.type);
  const row = candidates.find((candidate) => candidate.from !== 'nieuw' && candidate.from.includes(current.status));
  if (!row) {
    const allowed = candidates.flatMap((candidate) => (candidate.from === 'nieuw' ? [] : candidate.from));
    return refuse(
      'not_allowed_in_status',
      `Bericht ${type} is niet toegestaan in status ${describe(flow, current.status)}; wel vanuit ${allowed.sort((a, b) => a - b).join(', ')}.`,
    );
  }

  const leveringRefusal = checkLevering(row, type, existing);
  if (leveringRefusal) return refuse('not_allowed_in_status', leveringRefusal);
  return outcome(row, flow, current.status, data, existing);
}

function checkLevering(row: LifecycleRow, type: MessageType, existing: LeveringState | undefined): string | undefined {
  if (!existing) return undefined;
  const id = existing.leveringId;
  if (row.levering === 'indienen') {
    if (existing.type !== LEVERING_TYPES[type]) {
      return `Bericht ${type} is niet toegestaan: levering ${id} is een ${existing.type}.`;
    }
    if (existing.beoordeling === 'Goedgekeurd') {
      return `Bericht ${type} is niet toegestaan: levering ${id} is al goedgekeurd.`;
    }
    if (!existing.beoordeling) {
      return `Bericht ${type} is niet toegestaan: levering ${id} is al ingediend en wacht op beoordeling.`;
    }
  }
  if (row.levering === 'beoordelen' && existing.beoordeling) {
    return `Bericht ${type} is niet toegestaan: levering ${id} is al beoordeeld (${existing.beoordeling}).`;
  }
  return undefined;
}

function outcome(
  row: LifecycleRow,
  flow: Flow,
  currentStatus: number,
  data: unknown,
  existing?: LeveringState,
): TransitionResult {
  const akkoord = field(data, 'akkoord') === true;
  let next: StatusOutcome;
  if (row.to === 'ongewijzigd') {
    next = { status: currentStatus, statusText: statusTextOf(flow, currentStatus) ?? `Status ${currentStatus}` };
  } else if ('akkoord' in row.to) {
    next = akkoord ? row.to.akkoord : row.to.nietAkkoord;
  } else {
    next = row.to;
  }
  const result: TransitionResult = { ok: true, status: next.status, statusText: next.statusText, row };

  const planStatus = field(data, 'planStatus');
  if (row.planStatus && typeof planStatus === 'string') result.planStatusText = planStatus;

  const leveringId = String(field(data, 'leveringId'));
  const leveringType = LEVERING_TYPES[row.type];
  if (row.levering === 'indienen' && leveringType) {
    result.levering = { leveringId, type: leveringType, statusText: LEVERING_STATUS_TEXT.ingediend };
  }
  if (row.levering === 'beoordelen' && existing) {
    const beoordeling = akkoord ? LEVERING_STATUS_TEXT.goedgekeurd : LEVERING_STATUS_TEXT.afgekeurd;
    result.levering = { leveringId, type: existing.type, statusText: beoordeling, beoordeling };
  }
  return result;
}
