import type { Omgeving } from '@knooppunt/domain';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { Outbound } from '../outbound/client';
import type { Mailer } from '../mail/outbox';
import type { SecretCipher } from '../secrets/cipher';
import { createDeliveryAlerts } from './alerts';
import { createDeliveryWorker, type DeliveryLog } from './worker';
import { OUTBOX_CHANNELS, createWakeup, type Wakeup } from './wakeup';
import type { DeliveryMetrics } from './metrics';
import type { ProductionLoad } from './production-load';
import { createReceiptSigner } from '../receipts/signer';

export { enqueueMessage, notifyNewWork, DuplicateMessageError, type NewMessage } from './enqueue';
export { BACKOFF_SCHEDULE_MS, BACKOFF_JITTER } from './backoff';
export { productionLoad, type ProductionLoad } from './production-load';

/** A claim's lease, in outbound timeouts. */
export const LEASE_TIMEOUTS = 5;

/** Lanes the test environment's worker delivers at once (production's: 250): test traffic is light. */
export const TEST_LANE_IN_FLIGHT = 25;
/**
 * How long the test lane lingers before a claim (production's: 2–10 ms): a participant's test
 * messages come one at a time, and each claim and recording is a round trip to the database; a
 * quarter of a second later, one claim takes what came meanwhile (bench:delivery's test phase).
 */
export const TEST_LANE_LINGER_MS = 250;

export interface Delivery {
  /** Wakes the worker now, e.g. after a sender was resumed or got more slots. */
  wakeup: Wakeup;
  /** Finishes running deliveries, then stops listening. */
  stop(): Promise<void>;
}

export interface StartDeliveryOptions {
  config: Pick<Config, 'outbound' | 'alerts' | 'publicUrl'>;
  handle: Pick<DatabaseHandle, 'db' | 'kind'>;
  outbound: Pick<Outbound, 'post'>;
  cipher: SecretCipher;
  log: DeliveryLog;
  metrics?: DeliveryMetrics;
  /** The outbox the failure and recovery alerts are written to (alerts.ts); production's lane only. */
  mailer?: Pick<Mailer, 'enqueue' | 'wake' | 'enabled'>;
  /**
   * The environment whose outbox this worker delivers; `handle.db` must be that environment's.
   * The test environment's worker (decision 0038) is a lane of its own: its own claims, wake-ups
   * and fewer lanes, no metrics and no alert mails.
   */
  omgeving?: Omgeving;
  /**
   * Production first (decision 0064): production's worker publishes its lanes in flight here, and
   * the test lane defers to them while production is busy.
   */
  productionLoad?: ProductionLoad;
  /** Receivers the worker takes messages for itself (the test lane's simulator, worker.ts). */
  localReceivers?: ReadonlySet<string>;
  /** Where production's platform faults are recorded for the operator (operator/faults.ts). */
  faults?: {
    record(fault: { receiver: string; versienummer: string; detail: string }): void;
    delivered(receiver: string, versienummer: string): void;
    idle(): Promise<void>;
  };
}

/**
 * Starts the in-process delivery worker. The lease outlasts the longest attempt — a token fetch
 * and a POST, twice on a 401, each up to the outbound timeout — so it is 5 × that timeout
 * (25 s by default); a crashed worker's messages are delivered again after it. The failure and
 * recovery alerts are evaluated beside it, on their own timer (alerts.ts).
 */
export async function startDelivery(options: StartDeliveryOptions): Promise<Delivery> {
  const omgeving = options.omgeving ?? 'productie';
  const wakeup = await createWakeup(options.handle, options.log, { channel: OUTBOX_CHANNELS[omgeving] });
  const receipts = await createReceiptSigner(options.handle.db, {
    onRefreshFailed: (error) => options.log.warn({ err: error }, 'the receipt key could not be looked up; signing on'),
  });
  const worker = createDeliveryWorker({
    receipts,
    db: options.handle.db,
    outbound: options.outbound,
    cipher: options.cipher,
    log: options.log,
    wakeup,
    leaseMs: LEASE_TIMEOUTS * options.config.outbound.timeoutMs,
    ...(omgeving === 'test' && {
      maxInFlight: TEST_LANE_IN_FLIGHT,
      claimLingerMs: { idle: TEST_LANE_LINGER_MS, busy: TEST_LANE_LINGER_MS },
      ...(options.productionLoad && { defersTo: options.productionLoad }),
    }),
    ...(omgeving === 'productie' && options.productionLoad && { publishesLoad: options.productionLoad }),
    ...(options.localReceivers && { localReceivers: options.localReceivers }),
    ...(options.metrics && omgeving === 'productie' && { metrics: options.metrics }),
    ...(options.faults &&
      omgeving === 'productie' && { onPlatformFault: options.faults.record, onDelivered: options.faults.delivered }),
  });
  worker.start();
  if (omgeving === 'test') {
    return {
      wakeup,
      async stop() {
        await worker.stop();
        receipts.stop();
        await wakeup.close();
      },
    };
  }
  const { alerts: settings } = options.config;
  if (!options.mailer) throw new Error('production delivery needs the mail outbox for its alerts');
  const alerts = createDeliveryAlerts({
    db: options.handle.db,
    mailer: options.mailer,
    publicUrl: options.config.publicUrl,
    rules: {
      failedAttempts: settings.failedAttempts,
      silenceMs: settings.silenceMinutes * 60_000,
      repeatMs: settings.repeatMinutes * 60_000,
    },
    checkMs: settings.checkSeconds * 1000,
    log: options.log,
    counters: worker.counters,
  });
  alerts.start();
  return {
    wakeup,
    async stop() {
      await alerts.stop();
      await worker.stop();
      receipts.stop();
      await options.faults?.idle();
      await wakeup.close();
    },
  };
}
