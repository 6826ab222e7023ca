import type { Database } from '../db/client';
import { signRecording, type ReceiptSigner } from '../receipts/signer';
import type { Run } from './claim';
import { recordOutcomes, type ClaimedId, type DeliveredId, type Outcomes } from './complete';
import type { DeliveryMetrics } from './metrics';

/**
 * Transactions recording outcomes at once (of the pool's 10 connections). One: while it runs the
 * next outcomes gather into one bigger batch. A second only doubles the completions under a
 * stream of submits, each planned and run for half as many messages, at more database time per
 * message (docs/performance.md, session 6).
 */
const MAX_RECORDINGS = 1;

/**
 * The waits between the attempts of one recording that failed (a lock timeout, a deadlock, a
 * connection lost in a failover): four attempts in about 1.3 s, well within a lease.
 */
const RECORDING_RETRY_MS = [50, 250, 1000];

/** The wait before a recording whose attempts all failed is tried again with its outcomes kept. */
const KEPT_RETRY_MS = 2000;

export interface RecorderOptions {
  db: Database;
  log: { error(object: object, message: string): void; warn(object: object, message: string): void };
  receipts: ReceiptSigner;
  leaseMs: number;
  metrics?: DeliveryMetrics;
  /** Whether the worker runs: then a delivered message's claim passes to its order's next message. */
  running(): boolean;
  /** Whether to wait `deferringMs` before recording (the test lane while production is busy, decision 0064). */
  deferring(): boolean;
  deferringMs: number;
  /** Takes the runs a recording handed on (the orders' next messages), their lease from `asked`. */
  dispatch(runs: readonly Run[], asked: number): void;
  /** A recording freed a slot that due heads wait for: claim again. */
  wake(): void;
}

/** The outcomes of a worker's deliveries, recorded in batches as they come in. */
export interface Recorder {
  add(outcome: {
    delivered?: readonly DeliveredId[];
    failure?: Outcomes['failures'][number];
    released?: ClaimedId;
  }): void;
  /** Records what came in, unless a recording runs (it takes it next), or waits (kept, deferred). */
  flush(): void;
  /** Outcomes are kept after a failed recording, or its last attempt failed: claim nothing until they are written. */
  blocked(): boolean;
  /** The recordings under way. */
  underWay(): Promise<void>[];
  /** Stopping, after the last flush: outcomes kept after a failed recording get one last try. */
  finish(): Promise<void>;
}

/**
 * Recording runs in up to MAX_RECORDINGS transactions at once, each taking whatever finished
 * meanwhile (group commit). Were there several, they lock orders and heads in the same order
 * (complete.ts), so they could not deadlock. A delivered message's claim passes to its order's
 * next message, delivered right away — unless stopping.
 *
 * A recording that cannot be written never throws its outcomes away (decision 0023): they go back
 * to the front of the queue and are tried again after KEPT_RETRY_MS, together with what finished
 * meanwhile, and no new claims are made until they are written — so a delivered message is not
 * claimed and sent again by this worker, and a failure keeps its backoff. Should another worker
 * claim one of them after its lease, the lane no longer matches and the late recording leaves that
 * head alone.
 */
export function createRecorder(options: RecorderOptions): Recorder {
  const { db, log } = options;
  const delivered: DeliveredId[] = [];
  const failed: Outcomes['failures'][number][] = [];
  const released: ClaimedId[] = [];
  const recordings = new Set<Promise<void>>();
  /** Set while outcomes are kept after a recording failed: their next attempt is scheduled. */
  let keptRetry: NodeJS.Timeout | undefined;
  /** The last attempt to record failed. */
  let recordingFails = false;
  /** Set while a recording waits because production is busy (`deferring`). */
  let deferred: NodeJS.Timeout | undefined;

  const unrecorded = () => delivered.length + failed.length + released.length;

  // Signs the recording's receipts not signed yet (decision 0060). Signing in memory does not fail;
  // if it ever did, the deliveries are recorded all the same (nothing is sent twice) and it is logged.
  const signReceipts = (outcomes: Outcomes) => {
    try {
      signRecording(options.receipts, outcomes.delivered);
    } catch (error) {
      log.error({ err: error, messages: outcomes.delivered.length }, 'signing delivery receipts failed');
    }
  };

  // One recording of a batch of outcomes, tried again after RECORDING_RETRY_MS when it fails (a
  // recording is one transaction: a failed one wrote nothing). Answers the recording and when it
  // was asked for, or undefined when every attempt failed.
  const recordWithRetry = async (outcomes: Outcomes) => {
    for (let attempt = 0; ; attempt++) {
      const asked = performance.now();
      try {
        // One transaction (failures first: a run that ended in one hands its head on to the failed
        // message, which must then read as failed rather than be handed on and sent again at once).
        const recorded = await recordOutcomes(
          db,
          outcomes,
          options.running() ? { leaseMs: options.leaseMs } : undefined,
        );
        recordingFails = false;
        return { recorded, asked };
      } catch (error) {
        recordingFails = true;
        options.metrics?.recordingFailed();
        const retryMs = RECORDING_RETRY_MS[attempt];
        const messages = outcomes.delivered.length + outcomes.failures.length + (outcomes.released?.length ?? 0);
        if (retryMs === undefined) {
          log.error({ err: error, messages }, 'recording deliveries failed; the outcomes are kept and recorded later');
          return undefined;
        }
        log.warn({ err: error, messages, retryMs }, 'recording deliveries failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  };

  // Records until nothing is left; answers whether a sender now has a free slot with due heads
  // waiting for one.
  const record = async () => {
    let waiting = false;
    while (unrecorded() > 0) {
      const outcomes = { delivered: delivered.splice(0), failures: failed.splice(0), released: released.splice(0) };
      signReceipts(outcomes);
      const result = await recordWithRetry(outcomes);
      if (!result) {
        delivered.unshift(...outcomes.delivered);
        failed.unshift(...outcomes.failures);
        released.unshift(...outcomes.released);
        options.metrics?.unrecorded(unrecorded());
        keptRetry = setTimeout(() => {
          keptRetry = undefined;
          flush();
        }, KEPT_RETRY_MS);
        break;
      }
      waiting ||= result.recorded.waiting;
      options.dispatch(result.recorded.runs, result.asked);
    }
    if (!keptRetry) options.metrics?.unrecorded(0);
    return waiting;
  };

  const startRecording = () => {
    // The slots freed are claimed only when someone waits for them: in a stream of submits most
    // recordings free slots that no head is waiting for, and a claim then finds nothing (new
    // messages wake the worker themselves, by NOTIFY). Measured: see decision 0009 'Wake-ups'.
    const recording = record().then((waiting) => {
      recordings.delete(recording);
      if (waiting) options.wake();
    });
    recordings.add(recording);
  };

  const flush = () => {
    if (recordings.size >= MAX_RECORDINGS || keptRetry || unrecorded() === 0) return;
    // The test lane while production is busy: what finishes within deferringMs is recorded together.
    if (options.deferring()) {
      deferred ??= setTimeout(() => {
        deferred = undefined;
        if (recordings.size < MAX_RECORDINGS && !keptRetry && unrecorded() > 0) startRecording();
      }, options.deferringMs);
      return;
    }
    clearTimeout(deferred);
    deferred = undefined;
    startRecording();
  };

  return {
    add({ delivered: done, failure, released: release }) {
      if (done) delivered.push(...done);
      if (failure) failed.push(failure);
      if (release) released.push(release);
    },
    flush,
    blocked: () => keptRetry !== undefined || recordingFails,
    underWay: () => [...recordings],
    async finish() {
      if (!keptRetry) return;
      clearTimeout(keptRetry);
      keptRetry = undefined;
      await record();
      if (keptRetry) clearTimeout(keptRetry);
      keptRetry = undefined;
      if (unrecorded() > 0) {
        // Their claims run out and the messages are delivered again: at-least-once.
        log.error({ messages: unrecorded() }, 'stopped with delivery outcomes that could not be recorded');
      }
    },
  };
}
