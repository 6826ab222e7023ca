import type { Database } from '../db/client';
import type { Outbound } from '../outbound/client';
import type { SecretCipher } from '../secrets/cipher';
import { backoffMs } from './backoff';
import { claimRuns, type ClaimedMessage, type Run } from './claim';
import { recordOutcomes, type ClaimedId, type DeliveredId, type Outcomes } from './complete';
import { createConfigurationCache } from './configurations';
import { createDeliveryCounters, type DeliveryCounters } from './counters';
import { deliverMessage, type DeliveryOutcome } from './deliver';
import type { FailedDelivery } from './fail';
import type { DeliveryMetrics } from './metrics';
import { DEFAULT_LEASE_MS, releaseStaleClaims } from './release-stale';
import { failUnroutable } from './unroutable';
import { createRateLimits, type RateLimits } from './rate-limits';
import { createTokenCache } from './tokens';
import { POLL_INTERVAL_MS, type Wakeup } from './wakeup';
import { claimsOfDelivery } from '../receipts/claims';
import { signRecording, type ReceiptSigner } from '../receipts/signer';

/**
 * How long a woken worker waits for more work to arrive before it claims: briefly when it has
 * nothing in flight (an idle system delivers at once), longer while it delivers — then every
 * submit and every recording wakes it, and each claim costs the database the same planning and
 * sender scan whether it takes one head or forty. The busy wait was measured against 2 and 20 ms
 * (docs/performance.md, session 7, 'Busy linger').
 */
const CLAIM_LINGER_MS = { idle: 2, busy: 10 };

/** A message the worker takes itself (localReceivers): delivered now, with no receipt (nothing went over HTTP). */
const takenLocally = (): Promise<DeliveryOutcome> => Promise.resolve({ delivered: true, at: new Date() });

/**
 * How long a run may go on: its next message is sent only while the run started less than this
 * long ago. A pause, a cancel or a new configuration reaches a claimed run within this time (and
 * the one POST then under way); the rest of the order waits for the next claim.
 */
const RUN_BUDGET_MS = 500;

/**
 * Transactions recording outcomes at once (of the pool's 10 connections). One: while it runs the
 * next outcomes gather into one bigger batch. A second only doubles the completions under a
 * stream of submits, each planned and run for half as many messages, at more database time per
 * message (docs/performance.md, session 6).
 */
const MAX_RECORDINGS = 1;

/** The wait before claiming again when another worker held some senders' rows. */
const CONTENDED_RETRY_MS = 10;

/**
 * The waits between the attempts of one recording that failed (a lock timeout, a deadlock, a
 * connection lost in a failover): four attempts in about 1.3 s, well within a lease.
 */
const RECORDING_RETRY_MS = [50, 250, 1000];

/** The wait before a recording whose attempts all failed is tried again with its outcomes kept. */
const KEPT_RETRY_MS = 2000;

export interface DeliveryLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface DeliveryWorkerOptions {
  db: Database;
  outbound: Pick<Outbound, 'post'>;
  cipher: SecretCipher;
  log: DeliveryLog;
  wakeup: Wakeup;
  /** Signs each delivered message's receipt (decision 0060), recorded with its delivery. */
  receipts: ReceiptSigner;
  /** Lanes claimed per statement (claim.ts: up to LANE_HEADS heads each). */
  batchSize?: number;
  leaseMs?: number;
  /** Lanes this worker delivers at once, over all receivers: each sends one message at a time. */
  maxInFlight?: number;
  /** The linger after a wake-up before a claim, idle and busy (ms): CLAIM_LINGER_MS unless told. */
  claimLingerMs?: { idle: number; busy: number };
  pollIntervalMs?: number;
  metrics?: DeliveryMetrics;
  /** The per-minute counters it adds each outcome to (counters.ts); by default its own, flushed every 5 s. */
  counters?: DeliveryCounters;
  /**
   * Receivers this worker takes messages for itself, without a configuration or a POST: the test
   * lane's simulated counterparties (testtool/simulator.ts), which read what they got from the
   * outbox. Their messages are delivered the moment they are claimed.
   */
  localReceivers?: ReadonlySet<string>;
  /**
   * A delivery could not be attempted for a fault on the platform's side (issue 29): told to the
   * operator's alerts (operator/faults.ts). Never the receiver's failed attempt.
   */
  onPlatformFault?: (fault: { receiver: string; versienummer: string; messageId: string; detail: string }) => void;
  /** A message was delivered: a platform fault seen for its receiver configuration is over. */
  onDelivered?: (receiver: string, versienummer: string) => void;
  /** The receivers' messages-per-second limits; by default read from this worker's database (rate-limits.ts). */
  rateLimits?: RateLimits;
}

/** How long a message waits after a platform fault before it is offered again. */
export const PLATFORM_FAULT_RETRY_MS = 30_000;

export interface DeliveryWorker {
  /** What this worker counted per receiver configuration and minute (read by the alerts). */
  counters: DeliveryCounters;
  start(): void;
  /** Claims no more, lets running deliveries finish and records them, then resolves. */
  stop(): Promise<void>;
}

/**
 * The delivery loop: claim a batch, deliver each message on its own, and record the outcomes in
 * batches as they come in. It claims again as soon as there is room — a slow receiver holds only
 * its own slots — and sleeps until a wake-up (new work, freed slots) or the poll interval.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, log, wakeup } = options;
  const batchSize = options.batchSize ?? 50;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxInFlight = options.maxInFlight ?? 250;
  const claimLinger = options.claimLingerMs ?? CLAIM_LINGER_MS;
  const pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const counters = options.counters ?? createDeliveryCounters({ db, log });
  const rateLimits = options.rateLimits ?? createRateLimits(db);
  const local = options.localReceivers;
  const deliver = local
    ? (message: ClaimedMessage, dependencies: typeof deps) =>
        local.has(message.receiver) ? takenLocally() : deliverMessage(message, dependencies)
    : deliverMessage;
  const deps = {
    outbound: options.outbound,
    configs: createConfigurationCache(db, options.cipher),
    tokens: createTokenCache(options.outbound),
    onInternalError: (error: unknown, message: { id: string }) =>
      log.error({ err: error, messageId: message.id }, 'delivery failed internally'),
  };
  /**
   * One task per lane being delivered, each with the runs it has yet to start: when each was
   * claimed and when its lease ends, both by this process's clock taken before the claim was asked
   * for (so the lease ends no later than the database's).
   */
  const lanes = new Map<string, { run: Run; claimed: number; leaseEnds: number }[]>();
  const inFlight = new Set<Promise<void>>();
  const delivered: DeliveredId[] = [];
  const failed: Outcomes['failures'][number][] = [];
  const released: ClaimedId[] = [];
  const recordings = new Set<Promise<void>>();
  /** Set while outcomes are kept after a recording failed: their next attempt is scheduled. */
  let keptRetry: NodeJS.Timeout | undefined;
  /** The last attempt to record failed: no claims until one succeeds (see record). */
  let recordingFails = false;
  let running = false;
  /** The last claim found no room (maxInFlight lanes running): a lane that ends makes some. */
  let capped = false;
  let loop: Promise<void> | undefined;

  // Delivers a run: each message once the receiver accepted the one before (FIFO), up to the first
  // failure, while the run's budget lasts. Its outcomes are recorded together with the next flush
  // — the delivered ones and a failure in the same recording, so the head moves past the
  // delivered ones onto the failed one (complete.ts) — while its lane goes on with its next run.
  //
  // Nothing is sent once the run's lease has ended (decision 0023): another worker may have
  // claimed the head since and be sending the same message. What was sent before is recorded
  // under the run's lane, which the database checks (complete.ts).
  const deliverRun = async (run: Run, leaseEnds: number) => {
    const started = performance.now();
    const lane = run[0]!.lane;
    const done: DeliveredId[] = [];
    let failure: FailedDelivery | undefined;
    for (const message of run) {
      if (done.length > 0 && (!running || performance.now() - started > RUN_BUDGET_MS)) break;
      if (performance.now() >= leaseEnds) {
        options.metrics?.leaseExpired(message.receiver);
        log.warn({ messageId: message.id, lane }, 'claim expired before the message was sent; left to the next claim');
        break;
      }
      const limited = rateLimits.of(message.receiver, message.versienummer) > 0;
      if (limited && !(await mayBeSent(message, Math.min(started + RUN_BUDGET_MS, leaseEnds)))) {
        // No token of the receiver's rate limit within the run's budget: the rest waits for the
        // next claim; a run not started is released as one never begun.
        if (done.length === 0) released.push({ id: message.id, lane });
        break;
      }
      const outcome = await deliver(message, deps);
      if (outcome.delivered) {
        // One shape for every delivered outcome (its receipt and batch are set when signed).
        done.push({
          id: message.id,
          lane,
          at: outcome.at,
          claims: claimsOfDelivery(message, outcome),
          receipt: undefined,
          batch: undefined,
        });
        options.metrics?.delivered(message.receiver, message.created);
        counters.delivered(message);
        options.onDelivered?.(message.receiver, message.versienummer);
      } else if (outcome.platform) {
        // Not the receiver's attempt: no failed attempt, no uitval, no alert to it; the operator hears.
        failure = { id: message.id, delayMs: PLATFORM_FAULT_RETRY_MS, err: outcome.err, platform: true };
        log.warn(
          { receiver: message.receiver, messageId: message.id, traceId: outcome.err.traceId, err: outcome.err.msg },
          'delivery not attempted: a fault on the platform side',
        );
        options.onPlatformFault?.({
          receiver: message.receiver,
          versienummer: message.versienummer,
          messageId: message.id,
          detail: outcome.err.msg,
        });
        break;
      } else {
        failure = { id: message.id, delayMs: backoffMs(message.failedAttempts + 1), err: outcome.err };
        options.metrics?.failed(message.receiver);
        counters.failed(message.receiver, message.versienummer);
        log.warn(
          {
            receiver: message.receiver,
            messageId: message.id,
            status: outcome.status,
            traceId: outcome.err.traceId,
            err: outcome.err.msg,
            attempt: message.failedAttempts + 1,
          },
          'delivery attempt failed',
        );
        break;
      }
    }
    delivered.push(...done);
    if (failure) failed.push({ ...failure, lane });
    flush();
  };

  // Signs the recording's receipts not signed yet (decision 0060). Signing in memory does not fail;
  // if it ever did, the deliveries are recorded all the same (nothing is sent twice) and it is logged.
  const signReceipts = (outcomes: Outcomes) => {
    try {
      signRecording(options.receipts, outcomes.delivered);
    } catch (error) {
      log.error({ err: error, messages: outcomes.delivered.length }, 'signing delivery receipts failed');
    }
  };

  // A receiver with a rate limit waits for its turn (rate-limits.ts) until `deadline`: the run's
  // budget, never past its lease. A receiver without one costs a lookup, not a promise.
  const mayBeSent = async (message: ClaimedMessage, deadline: number): Promise<boolean> => {
    try {
      return await rateLimits.waitForTurn(message.receiver, message.versienummer, deadline, () => running);
    } catch (error) {
      log.warn({ err: error, receiver: message.receiver }, 'the rate limit could not be read; the message waits');
      return false;
    }
  };

  // A lane delivers its runs one after the other: one POST at a time, one slot of its sender. Runs
  // handed on to it (complete.ts) join its queue, or start it again once it ended. A run not
  // started within the run budget of its claim (or once stopping) is released, so that a pause,
  // a cancel or a new configuration reaches it at the next claim.
  // `asked` is when the claim (or the recording that handed them on) was asked for: the lease
  // runs from no earlier than that.
  const dispatch = (runs: readonly Run[], asked: number) => {
    const claimed = performance.now();
    const leaseEnds = asked + leaseMs;
    for (const run of runs) {
      const lane = run[0]!.lane;
      const queue = lanes.get(lane);
      if (queue) {
        queue.push({ run, claimed, leaseEnds });
        continue;
      }
      const pending = [{ run, claimed, leaseEnds }];
      lanes.set(lane, pending);
      const task = (async () => {
        for (let next = pending.shift(); next; next = pending.shift()) {
          if (running && performance.now() - next.claimed <= RUN_BUDGET_MS) await deliverRun(next.run, next.leaseEnds);
          else released.push({ id: next.run[0]!.id, lane });
        }
        lanes.delete(lane);
        if (capped) {
          capped = false;
          wakeup.signal();
        }
        flush();
      })();
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    }
  };

  const unrecorded = () => delivered.length + failed.length + released.length;

  // One recording of a batch of outcomes, tried again after RECORDING_RETRY_MS when it fails (a
  // recording is one transaction: a failed one wrote nothing). Answers the recording and when it
  // was asked for, or undefined when every attempt failed.
  const recordWithRetry = async (outcomes: Outcomes) => {
    for (let attempt = 0; ; attempt++) {
      const asked = performance.now();
      try {
        // One transaction (failures first: a run that ended in one hands its head on to the failed
        // message, which must then read as failed rather than be handed on and sent again at once).
        const recorded = await recordOutcomes(db, outcomes, running ? { leaseMs } : undefined);
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

  // Recording runs in up to MAX_RECORDINGS transactions at once, each taking whatever finished
  // meanwhile (group commit). Were there several, they lock orders and heads in the same order
  // (complete.ts), so they could not deadlock. A delivered message's claim passes to its order's
  // next message, delivered right away — unless stopping. Answers whether a sender now has a free
  // slot with due heads waiting for one.
  //
  // A recording that cannot be written never throws its outcomes away (decision 0023): they go
  // back to the front of the queue and are tried again after KEPT_RETRY_MS, together with what
  // finished meanwhile, and no new claims are made until they are written — so a delivered
  // message is not claimed and sent again by this worker, and a failure keeps its backoff. Should
  // another worker claim one of them after its lease, the lane no longer matches and the late
  // recording leaves that head alone.
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
      dispatch(result.recorded.runs, result.asked);
    }
    if (!keptRetry) options.metrics?.unrecorded(0);
    return waiting;
  };
  const flush = () => {
    if (recordings.size >= MAX_RECORDINGS || keptRetry || unrecorded() === 0) return;
    // The slots freed are claimed only when someone waits for them: in a stream of submits most
    // recordings free slots that no head is waiting for, and a claim then finds nothing (new
    // messages wake the worker themselves, by NOTIFY). Measured: see decision 0009 'Wake-ups'.
    const recording = record().then((waiting) => {
      recordings.delete(recording);
      if (waiting) wakeup.signal();
    });
    recordings.add(recording);
  };

  const run = async () => {
    let lastSweep = 0;
    while (running) {
      try {
        // Outcomes not yet written: claim nothing until they are (see record).
        if (keptRetry || recordingFails) {
          await wakeup.wait(pollIntervalMs);
          continue;
        }
        if (Date.now() - lastSweep > leaseMs / 2) {
          lastSweep = Date.now();
          await releaseStaleClaims(db);
          await failUnroutable(db);
        }
        // The receivers' rate limits as they are now, read at most once a second.
        await rateLimits.refresh();
        const room = Math.min(batchSize, maxInFlight - lanes.size);
        capped = room <= 0;
        const asked = performance.now();
        const { runs: claimed, contended } =
          room > 0 ? await claimRuns(db, room, leaseMs) : { runs: [], contended: false };
        const before = lanes.size;
        dispatch(claimed, asked);
        if (claimed.length > 0 && lanes.size - before === room) continue;
        // Another process held some senders: their free slots are ours to try again in a moment.
        if (contended && running) {
          await wakeup.wait(CONTENDED_RETRY_MS);
          continue;
        }
      } catch (error) {
        log.error({ err: error }, 'claiming messages failed');
      }
      if (running) {
        await wakeup.wait(pollIntervalMs);
        // Under a stream of submits every commit wakes us: linger a moment so one claim takes
        // several new messages instead of one each.
        const linger = lanes.size > 0 ? claimLinger.busy : claimLinger.idle;
        await new Promise((resolve) => setTimeout(resolve, linger));
      }
    }
  };

  return {
    counters,
    start() {
      if (running) return;
      running = true;
      counters.start();
      loop = run();
    },
    async stop() {
      running = false;
      wakeup.signal();
      await loop;
      // A flush that began before the stop may still hand claims on: wait for those too.
      while (inFlight.size > 0 || recordings.size > 0) {
        await Promise.all([...inFlight, ...recordings]);
        flush();
      }
      // Outcomes kept after a failed recording: one last try now.
      if (keptRetry) {
        clearTimeout(keptRetry);
        keptRetry = undefined;
        await record();
        if (keptRetry) clearTimeout(keptRetry);
        keptRetry = undefined;
        if (unrecorded() > 0) {
          // Their claims run out and the messages are delivered again: at-least-once.
          log.error({ messages: unrecorded() }, 'stopped with delivery outcomes that could not be recorded');
        }
      }
      await counters.stop();
    },
  };
}
