import {
  LIFECYCLE,
  flowOf,
  transition,
  type BerichtInput,
  type Flow,
  type LeveringState,
  type MessageType,
  type TransitionResult,
} from '@knooppunt/domain';

/** An order as the demo's systems know it: what the platform accepted for it so far. */
export interface DemoOrder {
  flow: Flow;
  status: number;
  leveringen: LeveringState[];
}

/** A message's envelope; `data` is read for `akkoord`, `planStatus` and `leveringId` only. */
type Bericht = Pick<BerichtInput, 'type' | 'opdrachtId'> & { versienummer: string; data: unknown };

/**
 * The demo's memory of its orders, so its systems never offer what the lifecycle refuses. Both
 * parties of a demo order live in this process and only one of them acts at a time, so what the
 * platform accepted from them is the order's state.
 */
export interface DemoOrders {
  /** What the platform would answer to this message now, as far as the demo knows the order. */
  check(bericht: Bericht): TransitionResult;
  /** Records what an accepted message did. */
  accepted(bericht: Bericht): void;
  /**
   * Learns an order from a message a demo participant received, when it is new to this process
   * (an order from before a restart, or offered by hand): its state is what that message left.
   */
  observe(bericht: Bericht): void;
  get(opdrachtId: string): DemoOrder | undefined;
}

/** A demo runs for days: forget the orders changed longest ago past this many. */
const MAX_ORDERS = 10_000;

const LEVERING_TYPES: Partial<Record<MessageType, LeveringState['type']>> = {
  Deellevering: 'Deellevering',
  Eindlevering: 'Eindlevering',
};

export function createDemoOrders(): DemoOrders {
  const orders = new Map<string, DemoOrder>();

  const store = (opdrachtId: string, order: DemoOrder) => {
    orders.delete(opdrachtId);
    orders.set(opdrachtId, order);
    while (orders.size > MAX_ORDERS) orders.delete(orders.keys().next().value as string);
  };

  const judge = (bericht: Bericht, current: DemoOrder | undefined): TransitionResult => {
    const flow = flowOf(bericht.versienummer);
    const row = LIFECYCLE.find((candidate) => candidate.flow === flow && candidate.type === bericht.type);
    if (!row) return { ok: false, reason: 'wrong_side', message: `${bericht.type} hoort niet bij ${flow}` };
    return transition({ flow, type: bericht.type, senderSide: row.senderSide, current, data: bericht.data });
  };

  const apply = (bericht: Bericht, before: DemoOrder | undefined, result: TransitionResult) => {
    if (!result.ok) return;
    const leveringen = [...(before?.leveringen ?? [])];
    if (result.levering) {
      const { leveringId, type, beoordeling } = result.levering;
      const index = leveringen.findIndex((levering) => levering.leveringId === leveringId);
      const next = { leveringId, type, beoordeling: beoordeling ?? null };
      if (index >= 0) leveringen[index] = next;
      else leveringen.push(next);
    }
    store(bericht.opdrachtId, { flow: flowOf(bericht.versienummer), status: result.status, leveringen });
  };

  return {
    check: (bericht) => judge(bericht, orders.get(bericht.opdrachtId)),
    accepted(bericht) {
      const before = orders.get(bericht.opdrachtId);
      apply(bericht, before, judge(bericht, before));
    },
    observe(bericht) {
      if (orders.has(bericht.opdrachtId)) return;
      const flow = flowOf(bericht.versienummer);
      const leveringId = (bericht.data as { leveringId?: unknown }).leveringId;
      // Any status the message may come from will do: a message's outcome does not depend on which.
      for (const row of LIFECYCLE.filter((candidate) => candidate.flow === flow && candidate.type === bericht.type)) {
        const leveringType = row.leveringType ?? LEVERING_TYPES[row.type];
        const leveringen: LeveringState[] =
          typeof leveringId === 'string' && leveringType
            ? [{ leveringId, type: leveringType, beoordeling: row.levering === 'indienen' ? 'Afgekeurd' : null }]
            : [];
        for (const status of row.from === 'nieuw' ? [undefined] : row.from) {
          const before = status === undefined ? undefined : { flow, status, leveringen };
          const result = judge(bericht, before);
          if (result.ok) return apply(bericht, before, result);
        }
      }
    },
    get: (opdrachtId) => orders.get(opdrachtId),
  };
}
