import {
  DELEGATED_TYPE,
  INBOUND_TEXTS,
  LIFECYCLE,
  sendsFor,
  transition,
  type Bericht,
  type Flow,
  type LeveringState,
  type Side,
} from '@knooppunt/domain';
import type { Database } from '../../db/client';
import type { NewMessage } from '../../delivery/enqueue';
import { AppError, ConflictError, ForbiddenError } from '../../errors';
import type { NewLevering } from '../leveringen/repository';
import type { NewOpdracht } from '../opdrachten/repository';
import { keyReused, sameMessage } from './idempotency';
import { keyOf, readBatchState, writeBatch, type Participant, type StoredOrder } from './statements';

/** A submission that passed every check that needs no database: ready to be accepted. */
export interface PreparedSubmit {
  /**
   * The id the message is stored under, chosen before the first attempt and kept by every retry:
   * a retry that finds the message already stored (a commit whose answer was lost) knows it as its own.
   */
  id: string;
  sender: string;
  senderSide: Side;
  flow: Flow;
  bericht: Bericht;
  idempotencyKey: string;
  /**
   * The sender named the key (header): the same key again answers the first id, or 422 with
   * another message (decision 0047).
   */
  keyGiven: boolean;
}

export interface Accepted {
  id: string;
  duplicate: boolean;
}

export type Outcome = { ok: true; accepted: Accepted } | { ok: false; error: AppError };

/**
 * Another process got there first — it created one of the orders or stored one of the idempotency
 * keys between our reads and our writes. The batch rolls back; the caller retries item by item.
 */
export class BatchConflict extends Error {
  constructor() {
    super('A concurrent submission changed what this batch was decided on');
    this.name = 'BatchConflict';
  }
}

/** An order as the batch sees it: stored, or created or moved by an earlier message of the batch. */
interface OrderState {
  row: Pick<StoredOrder, 'opdrachtId' | 'versienummer' | 'opdrachtgever' | 'opdrachtnemer' | 'status'> &
    Partial<Pick<StoredOrder, 'statusText' | 'planStatusText' | 'type'>>;
  leveringen: LeveringState[];
  isNew: boolean;
  changed: boolean;
}

const other = (side: Side): Side => (side === 'opdrachtgever' ? 'opdrachtnemer' : 'opdrachtgever');

/** The message types that create an order (Opdracht, OpdrachtHoofdnet). */
const CREATING = new Set(LIFECYCLE.filter((row) => row.from === 'nieuw').map((row) => row.type));

/** A refusal of the participants' rules (decision 0015): 422 naming the field. */
const unprocessable = (field: string, message: string) => new AppError(422, message, [{ field, message }]);

/** The order's giver and receiver named in a creating message's data. */
const partiesOf = (bericht: Bericht) => bericht.data as { opdrachtnemer?: string; opdrachtgever?: string };

/**
 * Accepts a batch of submissions in ONE transaction (group commit): known idempotency keys, the
 * orders (locked, in opdrachtId order), their leveringen and the participants named are read in one statement, each
 * message is judged in arrival order against its order as the earlier messages of the batch left
 * it, and the order changes, the leveringen and the outbox rows are written in one more
 * (statements.ts) — few round trips, as the batch behind waits for this one to commit. A refused message
 * (403/409/422) changes nothing and does not affect the others; its outcome carries the error.
 * A key stored before, or taken by an earlier message of the batch, answers that message's id when
 * the submission is the same message, else 422 on the key (idempotency.ts).
 * `retry`: the items were tried before (service.ts), so their generated keys are looked up as well.
 * `dryRun`: judge the items exactly so and write nothing (the Testtool's 'Controleren').
 */
export async function acceptBatch(
  db: Database,
  items: readonly PreparedSubmit[],
  { retry = false, dryRun = false }: { retry?: boolean; dryRun?: boolean } = {},
): Promise<Outcome[]> {
  return db.transaction(async (tx) => {
    const deelnemers = new Set(items.map((item) => item.sender));
    for (const item of items) {
      if (CREATING.has(item.bericht.type)) deelnemers.add(partiesOf(item.bericht).opdrachtnemer ?? '');
    }
    const state = await readBatchState(
      tx,
      [...new Set(items.map((item) => item.bericht.opdrachtId))],
      // A retry looks up every key, the generated ones too: an earlier attempt may have committed.
      items.filter((item) => item.keyGiven || retry).map(({ sender, idempotencyKey }) => ({ sender, idempotencyKey })),
      [...deelnemers],
    );
    const seen = state.known;
    const orders = new Map<string, OrderState>(
      state.orders.map((row) => [
        row.opdrachtId,
        { row, leveringen: state.leveringen.get(row.opdrachtId) ?? [], isNew: false, changed: false },
      ]),
    );

    const outcomes: Outcome[] = [];
    const outbox: (NewMessage & { id: string })[] = [];
    const leveringWrites: NewLevering[] = [];
    for (const item of items) {
      const first = seen.get(keyOf(item));
      if (first) {
        // The same message answers its id — its own when an earlier attempt of this very
        // submission stored it — and another one is refused on the key.
        outcomes.push(
          sameMessage(first, item.bericht)
            ? { ok: true, accepted: { id: first.id, duplicate: first.id !== item.id } }
            : { ok: false, error: keyReused(item.idempotencyKey, first.id) },
        );
        continue;
      }
      const order = orders.get(item.bericht.opdrachtId);
      const decided = decide(item, order, state.participants);
      if (decided instanceof AppError) {
        outcomes.push({ ok: false, error: decided });
        continue;
      }
      // A deactivated organisation receives nothing (issue 29): the sender hears why at once.
      if (state.participants.get(decided.receiver)?.active === false) {
        outcomes.push({
          ok: false,
          error: unprocessable('ontvanger', INBOUND_TEXTS.ontvangerGedeactiveerd(decided.receiver)),
        });
        continue;
      }
      orders.set(item.bericht.opdrachtId, decided.order);
      if (decided.levering) leveringWrites.push(decided.levering);
      const { id } = item;
      seen.set(keyOf(item), { id, ...item.bericht });
      outbox.push({
        id,
        opdrachtId: item.bericht.opdrachtId,
        versienummer: item.bericht.versienummer,
        type: item.bericht.type,
        sender: item.sender,
        receiver: decided.receiver,
        idempotencyKey: item.idempotencyKey,
        data: item.bericht.data as Record<string, unknown>,
      });
      outcomes.push({ ok: true, accepted: { id, duplicate: false } });
    }

    if (outbox.length === 0 || dryRun) return outcomes;
    const created = [...orders.values()].filter((order) => order.isNew).map((order) => order.row as NewOpdracht);
    const written = await writeBatch(tx, {
      created,
      changes: [...orders.values()]
        .filter((order) => order.changed && !order.isNew)
        .map(({ row }) => ({
          opdrachtId: row.opdrachtId,
          status: row.status,
          statusText: row.statusText ?? '',
          planStatusText: row.planStatusText ?? null,
        })),
      leveringen: leveringWrites,
      outbox,
    });
    if (written.created !== created.length || written.inserted !== outbox.length) throw new BatchConflict();
    return outcomes;
  });
}

/**
 * Who may send this message (decision 0015): the sender's organisation must be of a type that
 * sends its side's messages, and an order is given to a known contractor or combi, by a grid
 * operator for itself or by a delegated one for one of its grid operators (named in
 * `data.opdrachtgever`; the delegated party is the order's opdrachtgever). Answers the refusal.
 */
function checkParticipants(item: PreparedSubmit, participants: ReadonlyMap<string, Participant>): AppError | undefined {
  const { bericht, sender, senderSide } = item;
  const afzender = participants.get(sender);
  if (!afzender) return unprocessable('afzender', INBOUND_TEXTS.afzenderOnbekend(sender));
  if (!afzender.active) return unprocessable('afzender', INBOUND_TEXTS.afzenderGedeactiveerd(sender));
  if (!sendsFor(senderSide, afzender.type)) {
    return unprocessable(
      'afzender',
      INBOUND_TEXTS.afzenderVerkeerdeKant(bericht.type, senderSide, sender, afzender.type),
    );
  }
  if (!CREATING.has(bericht.type)) return undefined;
  const { opdrachtnemer = '', opdrachtgever } = partiesOf(bericht);
  const receiver = participants.get(opdrachtnemer);
  if (!receiver) return unprocessable('data.opdrachtnemer', INBOUND_TEXTS.opdrachtnemerOnbekend(opdrachtnemer));
  if (!sendsFor('opdrachtnemer', receiver.type)) {
    return unprocessable('data.opdrachtnemer', INBOUND_TEXTS.opdrachtnemerGeenAannemer(opdrachtnemer, receiver.type));
  }
  if (afzender.type === DELEGATED_TYPE) {
    if (opdrachtgever === undefined || !afzender.delegerenden.includes(opdrachtgever)) {
      return unprocessable('data.opdrachtgever', INBOUND_TEXTS.opdrachtgeverNamens(sender, afzender.delegerenden));
    }
  } else if (opdrachtgever !== undefined && opdrachtgever !== sender) {
    return unprocessable('data.opdrachtgever', INBOUND_TEXTS.opdrachtgeverAlleenZelf(sender));
  }
  return undefined;
}

/** What one message does to its order (the lifecycle, docs/lifecycle.md), or why it is refused. */
function decide(
  item: PreparedSubmit,
  order: OrderState | undefined,
  participants: ReadonlyMap<string, Participant>,
): AppError | { order: OrderState; receiver: string; levering?: NewLevering } {
  const { bericht, sender, senderSide, flow } = item;
  const refused = checkParticipants(item, participants);
  if (refused) return refused;
  if (order) {
    const { opdrachtgever, opdrachtnemer } = order.row;
    if (sender !== opdrachtgever && sender !== opdrachtnemer) {
      // Another participant's order is answered as one that does not exist (decision 0015): the
      // same status and text, so that order ids cannot be probed.
      if (CREATING.has(bericht.type)) return new ConflictError(INBOUND_TEXTS.orderExists(bericht.opdrachtId));
      const unknown = transition({ flow, type: bericht.type, senderSide, current: undefined, data: bericht.data });
      return new ConflictError(unknown.ok ? INBOUND_TEXTS.orderExists(bericht.opdrachtId) : unknown.message);
    }
    // On an existing order the sender's side is its role in that order; a new order is created by its opdrachtgever.
    const actualSide: Side = sender === opdrachtgever ? 'opdrachtgever' : 'opdrachtnemer';
    if (actualSide !== senderSide) return new ForbiddenError(INBOUND_TEXTS.wrongSide(bericht.type, actualSide));
  }
  const result = transition({
    flow,
    type: bericht.type,
    senderSide,
    current: order
      ? { status: order.row.status, ...(flow === 'hoofdnet' && { leveringen: order.leveringen }) }
      : undefined,
    data: bericht.data,
  });
  if (!result.ok) {
    return result.reason === 'wrong_side' ? new ForbiddenError(result.message) : new ConflictError(result.message);
  }
  const data = bericht.data as { opdrachtnemer?: unknown; type?: unknown };
  if (!order) {
    const receiver = String(data.opdrachtnemer ?? '');
    return {
      receiver,
      order: {
        row: {
          opdrachtId: bericht.opdrachtId,
          versienummer: bericht.versienummer,
          opdrachtgever: sender,
          opdrachtnemer: receiver,
          status: result.status,
          statusText: result.statusText,
          type: flow === 'hoofdnet' ? String(data.type ?? '') : null,
          planStatusText: result.planStatusText ?? null,
        },
        leveringen: [],
        isNew: true,
        changed: true,
      },
    };
  }
  const receiver = order.row[other(senderSide)];
  const next: OrderState = {
    ...order,
    changed: true,
    row: {
      ...order.row,
      status: result.status,
      statusText: result.statusText,
      planStatusText: result.planStatusText ?? order.row.planStatusText ?? null,
    },
  };
  if (!result.levering) return { order: next, receiver };
  const { leveringId, type, beoordeling } = result.levering;
  next.leveringen = [
    ...order.leveringen.filter((levering) => levering.leveringId !== leveringId),
    { leveringId, type, beoordeling: beoordeling ?? null },
  ];
  return {
    order: next,
    receiver,
    levering: {
      ...result.levering,
      beoordeling: beoordeling ?? null,
      opdrachtId: order.row.opdrachtId,
      opdrachtgever: order.row.opdrachtgever,
      opdrachtnemer: order.row.opdrachtnemer,
      messageType: bericht.type,
    },
  };
}
