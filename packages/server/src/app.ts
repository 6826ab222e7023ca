import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORGANISATION_NAME_MAX } from '@knooppunt/domain';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { clientErrorText, errorHandler } from './plugins/error-handler';
import { securityHeaders } from './plugins/security-headers';
import { forwardedCheck } from './plugins/forwarded-check';
import { metrics } from './plugins/metrics';
import { spa } from './plugins/spa';
import { textInput } from './plugins/text-input';
import { healthRoutes } from './modules/health/routes';
import type { DeadlineMail } from './termijnen/daily-mail';
import type { LateOrders } from './termijnen/late-orders';
import { seedDemoTermijnen } from './demo/seed-termijnen';
import { createSecretCipher, loadSecretKey } from './secrets/cipher';
import { assertSecretKeyConfigured, assertSecretKeyFits } from './secrets/check';
import { outboundFromConfig } from './outbound/client';
import type { DemoOverrides } from './demo';
import { seedDemoConfigs } from './demo/seed-configs';
import { seedDemoTesttool } from './demo/seed-testtool';
import { Registry } from 'prom-client';
import { seedDemo } from './demo/seed';
import { ensureSimulator } from './testtool/simulator';
import type { TestEnvironment } from './testtool/environment';
import type { ProductionLoad } from './delivery/production-load';
import { seedDemoClients } from './demo/seed-clients';
import { DEMO_CLIENT_SECRET, DEMO_PASSWORD } from './demo/data';
import { seedDemoRules } from './demo/seed-regels';
import { createMailer } from './mail/outbox';
import type { RetentionJobOptions } from './retention/job';
import { mailBacklogReading, registerMailMetrics } from './mail/metrics';
import { ensureFirstAdministrator } from './setup/first-admin';
import type { OperatorAlerts, OperatorEvaluation } from './operator/alerts';
import { warnOfShownNames } from './setup/shown-names-check';
import { startupWarnings } from './setup/warnings';
import { startJobs } from './app-jobs';
import { registerApi } from './app-routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The test environment's view of the database (decision 0038). */
    testDb: Database;
    /** The test lane and conformance runner, where this process runs them (not in ROLE=api). */
    testEnvironment: TestEnvironment | undefined;
    /** Production's lanes in flight, to which the test lane defers (decision 0064); tests set it. */
    productionLoad: ProductionLoad;
    /** The operator's platform alerts (operator/alerts.ts); tests evaluate them at will. */
    operatorAlerts: OperatorAlerts;
    /** The daily mail about orders past a deadline (termijnen/daily-mail.ts); tests run it at will. */
    deadlineMail: DeadlineMail;
    /** The orders past a deadline as the lists filter them (termijnen/late-orders.ts); tests refresh at will. */
    lateOrders: LateOrders;
  }
}

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Tests: deterministic demo participants and traffic. */
  demo?: DemoOverrides;
  /** Tests: a quicker mail outbox (poll interval, retry schedule). */
  mail?: { pollMs?: number; retryScheduleMs?: readonly number[] };
  /** Tests: the retention job's schedule and a signal after each run (retention/job.ts). */
  retention?: Pick<RetentionJobOptions, 'firstDelayMs' | 'intervalMs' | 'run' | 'onRun'>;
  /**
   * Tests: how often the conformance runner looks at the runs (testtool/runner.ts); `thread: false`
   * keeps the test environment in the main thread on PostgreSQL too (testtool/environment-thread.ts).
   */
  testtool?: { tickMs?: number; thread?: boolean };
  /** Tests: smaller batches of the bulk resend, or no runner (`false`). */
  bulkRetry?: { batchSize?: number; pollMs?: number; leaseMs?: number } | false;
  /** Tests: how often the operator's alerts are evaluated (operator/alerts.ts). */
  operatorAlerts?: { checkMs?: number };
  /** Tests: told of every evaluation of the operator's alerts. */
  onOperatorEvaluation?: (evaluation: OperatorEvaluation) => void;
  /** Tests: the clock the order deadlines are measured with, and how often the daily mail looks (decision 0063). */
  termijnen?: { now?: () => Date; checkMs?: number; refreshMs?: number };
}

/** Builds the whole application; `main.ts` listens with it and the tests inject into it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream && { stream: options.logStream }) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path may name an organisation (the deadlines of a netbeheerder): up to ORGANISATION_NAME_MAX
    // characters, each up to four bytes percent-encoded; the routes' schemas limit the characters.
    routerOptions: { maxParamLength: ORGANISATION_NAME_MAX * 12 },
    // Errors before routing (a URL that does not decode): the same Dutch JSON as every other 400.
    frameworkErrors: (error, _request, reply) => {
      // The reply's generic types here know no status codes; a plain reply sends the same JSON.
      void (reply as FastifyReply).code(error.statusCode ?? 400).send({ message: clientErrorText(error) });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Before the database is opened: a key that would be lost at the next deploy stops the start.
  assertSecretKeyConfigured(config);
  const database = await openDatabase(config.database, app.log);
  app.decorate('db', database.db);
  app.decorate('testDb', database.test);
  const secretKey = await loadSecretKey(config.secretKey, config.dataDir);
  const cipher = createSecretCipher(secretKey);
  // A key that cannot read the stored secrets stops the start (issue 29): every delivery would fail.
  await assertSecretKeyFits([database.db, database.test], cipher).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  if (config.demo) {
    app.log.warn(
      `DEMO-MODUS: de demo-accounts (wachtwoord '${DEMO_PASSWORD}') en de demo-systemen (geheim '${DEMO_CLIENT_SECRET}') ` +
        'zijn actief en iedereen kent ze; privé-adressen zijn toegestaan als bestemming. Niet voor echt gebruik: zet DEMO=0.',
    );
    await seedDemo(database.db, app.log);
    await seedDemoClients(database.db, app.log);
    await seedDemoConfigs(database.db, cipher, config.publicUrl);
    await seedDemoTesttool(database.db, database.test, cipher, config.publicUrl);
    if (config.demoRules) {
      await seedDemoRules(database.db);
      await seedDemoTermijnen(database.db);
    }
  }
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  await warnOfShownNames(database.db, app.log);
  const mailer = createMailer({
    db: database.db,
    smtp: config.mail && { url: config.mail.smtpUrl, from: config.mail.from },
    log: app.log,
    ...options.mail,
  });
  if (!config.mail) {
    app.log.warn('E-mail staat uit (geen SMTP_URL): wachtwoordlinks voor nieuwe gebruikers komen in dit log.');
  }
  await ensureFirstAdministrator({ db: database.db, config, mailer, log: app.log });
  const outbound = outboundFromConfig(config.outbound);
  // The simulated counterparties of the test environment (decision 0040).
  await ensureSimulator(database.db, database.test);
  const registry = new Registry();
  const mailBacklog = mailer.enabled ? mailBacklogReading(database.db) : undefined;
  if (mailBacklog) registerMailMetrics(registry, mailBacklog);
  const jobs = await startJobs({
    config,
    database,
    mailer,
    outbound,
    cipher,
    secretKey,
    registry,
    log: app.log,
    options,
  });
  app.decorate('testEnvironment', jobs.testEnvironment);
  app.decorate('productionLoad', jobs.productionLoad);
  app.decorate('operatorAlerts', jobs.operatorAlerts);
  app.decorate('deadlineMail', jobs.deadlineMail);
  app.decorate('lateOrders', jobs.lateOrders);
  // The jobs first (deliveries finish), then the mail and the connections they used.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.stop();
    await outbound.close();
    await database.close();
  });

  await app.register(errorHandler);
  await app.register(securityHeaders, { publicUrl: config.publicUrl, externalIssuer: config.oidc.externalIssuer });
  await app.register(textInput);
  await app.register(metrics, { registry, token: config.metricsToken });
  await app.register(forwardedCheck, { registry, trustProxy: config.trustProxy });
  await app.register(healthRoutes, { ping: database.ping, mailBacklog });
  // A worker process delivers and answers health and metrics; the APIs run in the api processes.
  if (config.role === 'worker') return app;

  await registerApi(app, { config, database, mailer, outbound, cipher, registry, jobs, options });
  await app.register(spa, { root: config.webDist });
  return app;
}
