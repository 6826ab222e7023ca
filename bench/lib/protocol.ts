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
  /** Per receiver (deelnemer): messages arrived once, and the wall-clock times (`now()`) of the first and the last. */
  perReceiver: Record<string, { unique: number; first: number; last: number }>;
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

/*
 * The test side of the delivery benchmark's test phase (test-side.ts, its own process): the bench
 * participants' test configurations, test clients, conformance runs and a steady test load, all
 * through the platform's HTTP API as participants' systems and their users make them.
 */

export interface TestSideSetup {
  /** The platform's origin. */
  api: string;
  /** Portal users' access tokens: configurations, system clients, and the Testtool (runs of anyone). */
  tokens: { configs: string; clients: string; testtool: string };
  /** The claim that says a system's environment (OIDC_CLAIM_OMGEVING): the test clients' tokens must say `test`. */
  omgevingClaim: string;
  /** The bench participants that get a test configuration (both flows) and a test client. */
  participants: { deelnemer: string; type: 'Aannemer' | 'Netbeheerder' }[];
}

export interface TestSideStart {
  /** Conformance runs kept going at once: a run that ends is followed by a new one. */
  runs: number;
  /** The scenarios the runs take in turn. */
  scenarios: string[];
  /** The participants the runs are for, in turn (runs[i] for participants[i % length]). */
  runFor: string[];
  /**
   * How often a participant's system looks at its run while a step is moving (ms): after a test
   * callback about the run's order and after its own answer, until the run's step changed.
   */
  pollMs: number;
  /** Test messages (a new order's Opdracht each) per second, from `loadFrom`'s test client to `loadTo` in turn. */
  loadPerSecond: number;
  loadFrom: string;
  loadTo: string[];
}

export type TestSideCommand =
  | ({ cmd: 'setup' } & TestSideSetup)
  | ({ cmd: 'start' } & TestSideStart)
  /** Stops the load and the runs (those under way are stopped through the API); answers a TestSideSummary of the window. */
  | { cmd: 'stop'; window: { from: number; to: number } }
  | { cmd: 'exit' };

/** What the test side did, over a window of `now()` times (the drain beside it) and in all. */
export interface TestSideSummary {
  window: {
    /** Test messages sent, and answered 202, in the window; their accept times (ms) p50 and p99, when any. */
    sent: number;
    accepted: number;
    acceptP50?: number;
    acceptP99?: number;
    /** The fewest and the most runs under way at any moment of the window, and on average over it. */
    runsMin: number;
    runsMean: number;
    runsMax: number;
    /** Runs that ended in the window, passed or failed. */
    passed: number;
    failed: number;
    /** Test callbacks (the test configurations point at the test side's own systems) in the window. */
    callbacks: number;
  };
  total: {
    sent: number;
    refused: number;
    firstRefusal?: string;
    runsStarted: number;
    passed: number;
    failed: number;
    /** Runs under way at the stop, stopped through the API. */
    stopped: number;
    firstFailure?: string;
    /** The participant's answers of run steps that /api/v1/berichten did not accept (202), and the first. */
    answersRefused: number;
    firstAnswerRefusal?: string;
  };
}
