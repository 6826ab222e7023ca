import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { queryRows, type Database } from '../db/client';
import { DATABASE_READ_INTERVAL_MS, atMostEvery } from '../lib/at-most-every';

export interface DeliveryMetrics {
  delivered(receiver: string, created: Date): void;
  failed(receiver: string): void;
  /** A transaction recording outcomes failed (worker.ts retries it; the outcomes are kept). */
  recordingFailed(): void;
  /** How many outcomes this process holds that no recording has written yet. */
  unrecorded(count: number): void;
  /** A run was stopped because its claim's lease ran out before all of it was sent. */
  leaseExpired(receiver: string): void;
}

type CountRow = { receiver: string; count: string };

/**
 * Delivery on /metrics: delivered and failed counters per receiver, the submit-to-delivered
 * latency, and — read from the database when scraped, so every worker process reports the same —
 * the queue depth (undelivered messages) and the messages in flight per receiver. Those two are
 * read at most every 10 s, however often /metrics is scraped: counting a large backlog is not free.
 */
export function createDeliveryMetrics(registry: Registry, db: Database): DeliveryMetrics {
  const queueDepth = atMostEvery(DATABASE_READ_INTERVAL_MS, () =>
    queryRows<CountRow>(
      db,
      sql`select receiver, count(*) as count from messages where delivered_at is null group by receiver`,
    ),
  );
  const inFlight = atMostEvery(DATABASE_READ_INTERVAL_MS, () =>
    queryRows<CountRow>(
      db,
      // One POST at a time per claimed lane (claim.ts).
      sql`select receiver, count(distinct lane) as count from order_heads where claimed_until >= now() group by receiver`,
    ),
  );
  const delivered = new Counter({
    name: 'knooppunt_messages_delivered_total',
    help: 'Messages delivered, by receiver',
    labelNames: ['receiver'] as const,
    registers: [registry],
  });
  const failed = new Counter({
    name: 'knooppunt_messages_failed_total',
    help: 'Failed delivery attempts, by receiver',
    labelNames: ['receiver'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'knooppunt_delivery_latency_seconds',
    help: 'Time from accepting a message to its delivery',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 300, 3600],
    registers: [registry],
  });
  const recordingFailures = new Counter({
    name: 'knooppunt_delivery_recording_failures_total',
    help: 'Failed attempts to record delivery outcomes (retried; the outcomes are kept until written)',
    registers: [registry],
  });
  const unrecorded = new Gauge({
    name: 'knooppunt_delivery_outcomes_unrecorded',
    help: 'Delivery outcomes this process keeps because recording them failed so far',
    registers: [registry],
  });
  const leaseExpired = new Counter({
    name: 'knooppunt_delivery_lease_expired_total',
    help: 'Runs stopped because their claim expired before they were sent in full, by receiver',
    labelNames: ['receiver'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'knooppunt_outbox_queue_depth',
    help: 'Undelivered messages, by receiver',
    labelNames: ['receiver'] as const,
    registers: [registry],
    async collect() {
      const rows = await queueDepth();
      this.reset();
      for (const row of rows) this.set({ receiver: row.receiver }, Number(row.count));
    },
  });
  new Gauge({
    name: 'knooppunt_delivery_in_flight',
    help: 'Messages being delivered now, by receiver',
    labelNames: ['receiver'] as const,
    registers: [registry],
    async collect() {
      const rows = await inFlight();
      this.reset();
      for (const row of rows) this.set({ receiver: row.receiver }, Number(row.count));
    },
  });
  return {
    delivered(receiver, created) {
      delivered.inc({ receiver });
      latency.observe(Math.max(0, (Date.now() - created.getTime()) / 1000));
    },
    failed(receiver) {
      failed.inc({ receiver });
    },
    recordingFailed() {
      recordingFailures.inc();
    },
    unrecorded(count) {
      unrecorded.set(count);
    },
    leaseExpired(receiver) {
      leaseExpired.inc({ receiver });
    },
  };
}
