import type { Database } from '../db/client';
import type { Outbound } from '../outbound/client';
import type { SecretCipher } from '../secrets/cipher';
import { backoffMs } from './backoff';
import { claimRuns, type ClaimedMessage, type Run } from './claim';
import type { DeliveredId } from './complete';
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
import { DEFERRING_MS, type ProductionLoad } from './production-load';
import { claimsOfDelivery } from '../receipts/claims';
import type { ReceiptSigner } from '../receipts/signer';
import { createRecorder } from './recorder';

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

/** The wait before claiming again when another worker held some senders' rows. */
const CONTENDED_RETRY_MS = 10;

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
  /** Production's worker: where it publishes how many lanes it has in flight (production-load.ts). */
  publishesLoad?: Pick<ProductionLoad, 'set'>;
  /** The test lane: production's load, to which it defers while production is busy (DEFERRING_MS). */
  defersTo?: Pick<ProductionLoad, 'busy'>;
  /** Tests: the pace while deferring (DEFERRING_MS unless told). */
  deferringMs?: number;
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
  let running = false;
  /** The last claim found no room (maxInFlight lanes running): a lane that ends makes some. */
  let capped = false;
  const deferring = () => running && options.defersTo?.busy() === true;
  const deferringMs = options.deferringMs ?? DEFERRING_MS;
  const publishLoad = () => options.publishesLoad?.set(lanes.size);
  const recorder = createRecorder({
    db,
    log,
    receipts: options.receipts,
    leaseMs,
    ...(options.metrics && { metrics: options.metrics }),
    running: () => running,
    deferring,
    deferringMs,
    dispatch: (runs, asked) => dispatch(runs, asked),
    wake: () => wakeup.signal(),
  });
  /** Ends the linger before a claim at once: a stop does not wait for it. */
  let endLinger: (() => void) | undefined;
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
        if (done.length === 0) recorder.add({ released: { id: message.id, lane } });
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
    recorder.add({ delivered: done, ...(failure && { failure: { ...failure, lane } }) });
    recorder.flush();
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
      publishLoad();
      const task = (async () => {
        for (let next = pending.shift(); next; next = pending.shift()) {
          if (running && performance.now() - next.claimed <= RUN_BUDGET_MS) await deliverRun(next.run, next.leaseEnds);
          else recorder.add({ released: { id: next.run[0]!.id, lane } });
        }
        lanes.delete(lane);
        publishLoad();
        if (capped) {
          capped = false;
          wakeup.signal();
        }
        recorder.flush();
      })();
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    }
  };

  const run = async () => {
    let lastSweep = 0;
    while (running) {
      try {
        // Outcomes not yet written: claim nothing until they are (recorder.ts).
        if (recorder.blocked()) {
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
        // The test lane lingers longer while production is busy (DEFERRING_MS).
        const linger = deferring() ? deferringMs : lanes.size > 0 ? claimLinger.busy : claimLinger.idle;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, linger);
          endLinger = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        endLinger = undefined;
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
      endLinger?.();
      await loop;
      // A recording deferred while production was busy is made now.
      recorder.flush();
      // A flush that began before the stop may still hand claims on: wait for those too.
      for (let pending = [...inFlight, ...recorder.underWay()]; pending.length > 0;) {
        await Promise.all(pending);
        recorder.flush();
        pending = [...inFlight, ...recorder.underWay()];
      }
      // Outcomes kept after a failed recording: one last try now.
      await recorder.finish();
      await counters.stop();
    },
  };
}
