import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client';
import { DATABASE_READ_INTERVAL_MS, atMostEvery } from '../lib/at-most-every';
import { mailBacklog, type MailBacklog } from './outbox';

export type MailBacklogReading = () => Promise<MailBacklog>;

/**
 * What the outbox holds, read from the database (so every process reports the same) at most every
 * 10 s however often /health and /metrics ask: both share one reading.
 */
export function mailBacklogReading(db: Database): MailBacklogReading {
  return atMostEvery(DATABASE_READ_INTERVAL_MS, () => mailBacklog(db));
}

/**
 * The mail outbox in /metrics: mail waiting to go out, and how much of it waits after a failed
 * attempt — an alert on the latter says the SMTP server refuses or is down.
 */
export function registerMailMetrics(registry: Registry, backlog: MailBacklogReading): void {
  new Gauge({
    name: 'knooppunt_mail_waiting',
    help: 'Mails in the outbox not sent yet',
    registers: [registry],
    async collect() {
      this.set((await backlog()).waiting);
    },
  });
  new Gauge({
    name: 'knooppunt_mail_retrying',
    help: 'Mails in the outbox waiting after a failed attempt',
    registers: [registry],
    async collect() {
      this.set((await backlog()).failing);
    },
  });
}
