import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';

/** An order of the benchmark: its grid operator (opdrachtgever) and contractor (opdrachtnemer). */
export interface BenchOrder {
  opdrachtId: string;
  opdrachtgever: string;
  opdrachtnemer: string;
}

/** The messages of one order, in lifecycle order: two to each side. */
export const CHAIN = ['Opdracht', 'Planning', 'TG', 'BeoordelingTG'] as const;
type ChainType = (typeof CHAIN)[number];

const SENT_BY_OPDRACHTGEVER: ReadonlySet<ChainType> = new Set(['Opdracht', 'BeoordelingTG']);

/** The realistic example message of the type for this order, and which participant sends it. */
export function chainMessage(order: BenchOrder, type: ChainType): { from: string; body: unknown } {
  const example = EXAMPLE_BERICHTEN[type];
  const data = type === 'Opdracht' ? { ...example.data, opdrachtnemer: order.opdrachtnemer } : example.data;
  return {
    from: SENT_BY_OPDRACHTGEVER.has(type) ? order.opdrachtgever : order.opdrachtnemer,
    body: { ...example, opdrachtId: order.opdrachtId, data },
  };
}

export interface ReceiverStats {
  /** Callbacks received, duplicates included. */
  received: number;
  unique: number;
  duplicates: number;
  /** A message that arrived before an earlier one of its order, or whose idempotency key was not its id. */
  fifoViolations: number;
  /** The most callbacks open at once for one receiver. */
  maxOpenPerReceiver: number;
  /** Per receiver (deelnemer): messages arrived once, and the wall-clock time (`now()`) of the last. */
  perReceiver: Record<string, { unique: number; last: number }>;
  /** Callbacks answered 500 or left hanging by a receiver in mode 'fail' or 'hang'. */
  refused: number;
}

/** How a receiver answers its callbacks: normally, 500 to everything, or never (until the platform times out). */
export type ReceiverMode = 'ok' | 'fail' | 'hang';

export interface SubmitResult {
  started: number;
  submittedMs: number;
  failed: number;
  firstError: string | undefined;
}

export type Command =
  | { cmd: 'reset' }
  | { cmd: 'stats' }
  | { cmd: 'submit'; api: string; tokens: Record<string, string>; orders: BenchOrder[]; concurrency: number }
  | { cmd: 'idle'; api: string; token: string; order: Omit<BenchOrder, 'opdrachtId'>; count: number }
  | { cmd: 'mode'; deelnemer: string; mode: ReceiverMode }
  | { cmd: 'exit' };
