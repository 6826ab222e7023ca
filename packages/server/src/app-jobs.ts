import type { FastifyBaseLogger } from 'fastify';
import { hostname } from 'node:os';
import type { Registry } from 'prom-client';
import type { BuildOptions } from './app';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { productionLoad, startDelivery } from './delivery';
import { createDeliveryMetrics } from './delivery/metrics';
import type { Mailer } from './mail/outbox';
import { createBulkRetryRunner } from './modules/messages/bulk-retry-runner';
import { createOperatorAlerts } from './operator/alerts';
import { createDeliveryFaultRecorder } from './operator/faults';
import type { Outbound } from './outbound/client';
import { createRetentionJob } from './retention/job';
import type { SecretCipher } from './secrets/cipher';
import { createDeadlineMail } from './termijnen/daily-mail';
import { createDeadlineRules } from './termijnen/deadlines';
import { createLateOrders } from './termijnen/late-orders';
import { runTestEnvironment } from './testtool/environment-thread';

export interface JobsContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  outbound: Outbound;
  cipher: SecretCipher;
  secretKey: Buffer;
  registry: Registry;
  log: FastifyBaseLogger;
  options: BuildOptions;
}

export type Jobs = Awaited<ReturnType<typeof startJobs>>;

/**
 * What a process runs beside its routes, by its ROLE (decision 0009): delivery, the test
 * environment, sending mail and the retention job in the worker; bulk resends in the api processes;
 * the operator's alerts and the order deadlines in every process. `stop` ends them, the alerts and
 * deadlines first and the deliveries (finishing those under way) last; the mailer they write to and
 * the connections they use are the caller's to stop and close after.
 */
export async function startJobs({
  config,
  database,
  mailer,
  outbound,
  cipher,
  secretKey,
  registry,
  log,
  options,
}: JobsContext) {
  const worker = config.role !== 'api';
  // Every process publishes the delivery metrics (the backlog is read from the database).
  const deliveryMetrics = createDeliveryMetrics(registry, database.db);
  // Production first (decision 0064): the test lane defers to production's lanes in this process.
  const load = productionLoad();
  const delivery = worker
    ? await startDelivery({
        config,
        handle: database,
        outbound,
        cipher,
        log,
        metrics: deliveryMetrics,
        mailer,
        faults: createDeliveryFaultRecorder(database.db, log),
        productionLoad: load,
      })
    : undefined;
  // The test environment's lane and conformance runner (decisions 0038, 0040).
  const testEnvironment = worker
    ? await runTestEnvironment({
        config,
        handle: database,
        outbound,
        cipher,
        secretKey,
        log,
        productionLoad: load,
        ...options.testtool,
      })
    : undefined;
  // The api processes write mail; the worker sends it (ROLE=all does both).
  if (worker) mailer.start();
  // The worker removes what is past its retention, daily (decision 0032).
  const retention = worker
    ? createRetentionJob({ db: database.db, testDb: database.test, days: config.retention, log, ...options.retention })
    : undefined;
  retention?.start();
  // The bulk resend jobs run where they are started: in the api processes (decision 0034).
  const bulkRetry =
    config.role === 'worker' || options.bulkRetry === false
      ? undefined
      : createBulkRetryRunner({
          db: database.db,
          log,
          pollMs: options.bulkRetry?.pollMs,
          leaseMs: options.bulkRetry?.leaseMs,
          pauseMs: config.bulkRetry.pauseMs,
        });
  bulkRetry?.start();
  // The operator's platform alerts (issue 29, decision 0045): every process evaluates, one at a time.
  const operatorAlerts = createOperatorAlerts({
    db: database.db,
    mailer,
    emails: config.operatorEmails,
    publicUrl: config.publicUrl,
    log,
    checkMs: options.operatorAlerts?.checkMs ?? config.alerts.checkSeconds * 1000,
    process: { name: `${hostname()}:${process.pid}`, role: config.role },
    ...(options.onOperatorEvaluation && { onEvaluation: options.onOperatorEvaluation }),
  });
  operatorAlerts.start();
  // The order deadlines (decision 0063): the lists and histories measure with them; every process
  // looks for the day's mail, the first to find it due sends it.
  const deadlines = createDeadlineRules(database.db, options.termijnen?.now);
  const deadlineMail = createDeadlineMail({
    db: database.db,
    mailer,
    deadlines,
    publicUrl: config.publicUrl,
    hour: config.termijnMail.hour,
    checkMs: options.termijnen?.checkMs ?? 5 * 60_000,
    log,
  });
  deadlineMail.start();
  const lateOrders = createLateOrders({
    db: database.db,
    deadlines,
    intervalMs: options.termijnen?.refreshMs ?? 60_000,
    log,
  });
  lateOrders.start();

  return {
    testEnvironment,
    productionLoad: load,
    bulkRetry,
    operatorAlerts,
    deadlines,
    deadlineMail,
    lateOrders,
    async stop() {
      await operatorAlerts.stop();
      await deadlineMail.stop();
      await lateOrders.stop();
      await testEnvironment?.stop();
      await retention?.stop();
      await bulkRetry?.stop();
      await delivery?.stop();
    },
  };
}
