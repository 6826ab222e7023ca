import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORGANISATION_NAME_MAX, TEST_API_PREFIX } from '@knooppunt/domain';
import { hostname } from 'node:os';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { authGuard } from './auth/guard';
import { createTokenVerifier, discoveredKeys } from './auth/verifier';
import { tokenEnded } from './idp/sessions';
import { createAuditService } from './audit/service';
import { ensureSigningKeys, publicJwk } from './idp/keys';
import { embeddedIdp } from './idp/plugin';
import { clientErrorText, errorHandler } from './plugins/error-handler';
import { securityHeaders } from './plugins/security-headers';
import { forwardedCheck } from './plugins/forwarded-check';
import { metrics } from './plugins/metrics';
import { openapi } from './plugins/openapi';
import { spa } from './plugins/spa';
import { textInput } from './plugins/text-input';
import { healthRoutes } from './modules/health/routes';
import { portalConfigRoutes } from './modules/portal-config/routes';
import { docsRoutes } from './modules/docs/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { createOrganisationsService } from './modules/organisations/service';
import { configRoutes } from './modules/configs/routes';
import { createConfigsService } from './modules/configs/service';
import { senderRoutes } from './modules/senders/routes';
import { webhookSecretRoutes } from './modules/webhook-secrets/routes';
import { createWebhookSecretsService } from './modules/webhook-secrets/service';
import { createSendersService } from './modules/senders/service';
import { valuelistRoutes } from './modules/valuelists/routes';
import { regelsRoutes } from './modules/regels/routes';
import { userRoutes } from './modules/users/routes';
import { accountRoutes } from './modules/account/routes';
import { accountSecondFactorRoutes } from './modules/account/second-factor-routes';
import { passkeyRoutes } from './modules/account/passkey-routes';
import { relyingPartyOf } from './idp/passkeys';
import { systemClientRoutes } from './modules/system-clients/routes';
import { createSystemClientsService } from './modules/system-clients/service';
import { embeddedDirectory, externalDirectory } from './idp/directory';
import { createUsersService } from './modules/users/service';
import { createRegelsService } from './modules/regels/service';
import { createRuleValidator } from './modules/regels/enforcement';
import { termijnRoutes } from './modules/termijnen/routes';
import { createDeadlineMail, type DeadlineMail } from './termijnen/daily-mail';
import { createDeadlineRules } from './termijnen/deadlines';
import { createLateOrders, type LateOrders } from './termijnen/late-orders';
import { seedDemoTermijnen } from './demo/seed-termijnen';
import { createTermijnenService } from './modules/termijnen/service';
import { waardenlijstRoutes } from './modules/waardenlijsten/routes';
import { createWaardenlijstenService } from './modules/waardenlijsten/service';
import { createSecretCipher, loadSecretKey } from './secrets/cipher';
import { assertSecretKeyConfigured, assertSecretKeyFits } from './secrets/check';
import { connectionCheckRoutes } from './modules/connection-check/routes';
import { outboundFromConfig } from './outbound/client';
import { demoMode, type DemoOverrides } from './demo';
import { seedDemoConfigs } from './demo/seed-configs';
import { seedDemoTesttool } from './demo/seed-testtool';
import { messageRoutes } from './modules/messages/routes';
import { createMessagesService } from './modules/messages/service';
import { createBulkRetryRunner } from './modules/messages/bulk-retry-runner';
import { opdrachtRoutes } from './modules/opdrachten/routes';
import { createOpdrachtenService } from './modules/opdrachten/service';
import { auditLogRoutes } from './modules/audit-log/routes';
import { createAuditLogService } from './modules/audit-log/service';
import { overzichtRoutes } from './modules/overzicht/routes';
import { platformRoutes } from './modules/platform/routes';
import { createOverzichtService } from './modules/overzicht/service';
import { leveringRoutes } from './modules/leveringen/routes';
import { createLeveringenService } from './modules/leveringen/service';
import { inboundRoutes } from './modules/inbound/routes';
import { proofRoutes } from './modules/proof/routes';
import { currentReceiptKey } from './receipts/keys';
import { createInboundService } from './modules/inbound/service';
import { startDelivery } from './delivery';
import { createDeliveryMetrics } from './delivery/metrics';
import { Registry } from 'prom-client';
import { seedDemo } from './demo/seed';
import { ensureSimulator } from './testtool/simulator';
import type { TestEnvironment } from './testtool/environment';
import { runTestEnvironment } from './testtool/environment-thread';
import { createTesttoolService } from './testtool/service';
import { testtoolRoutes } from './testtool/routes';
import { createTesttoolMessages } from './testtool/messages';
import { createConformity } from './testtool/conformity';
import { createImplementationPartners } from './testtool/implementation-partners';
import { implementationPartnerRoutes } from './testtool/implementation-routes';
import { seedDemoClients } from './demo/seed-clients';
import { DEMO_CLIENT_SECRET, DEMO_PASSWORD, DEMO_USERS } from './demo/data';
import { seedDemoRules } from './demo/seed-regels';
import { createMailer } from './mail/outbox';
import { createRetentionJob, type RetentionJobOptions } from './retention/job';
import { mailBacklogReading, registerMailMetrics } from './mail/metrics';
import { ensureFirstAdministrator } from './setup/first-admin';
import { createOperatorAlerts, type OperatorAlerts, type OperatorEvaluation } from './operator/alerts';
import { createDeliveryFaultRecorder } from './operator/faults';
import { warnOfShownNames } from './setup/shown-names-check';
import { startupWarnings } from './setup/warnings';
import packageJson from '../package.json' with { type: 'json' };

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The test environment's view of the database (decision 0038). */
    testDb: Database;
    /** The test lane and conformance runner, where this process runs them (not in ROLE=api). */
    testEnvironment: TestEnvironment | undefined;
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
  // The simulated counterparties of the test environment, and its accepting service for the
  // participants' test systems (decision 0040).
  await ensureSimulator(database.db, database.test);
  const testInbound = createInboundService({
    db: database.test,
    contentValidators: [createRuleValidator(database.test, app.log)],
    log: app.log,
  });
  const registry = new Registry();
  const metricsOfDelivery = createDeliveryMetrics(registry, database.db);
  const mailBacklog = mailer.enabled ? mailBacklogReading(database.db) : undefined;
  if (mailBacklog) registerMailMetrics(registry, mailBacklog);
  const delivery =
    config.role === 'api'
      ? undefined
      : await startDelivery({
          config,
          handle: database,
          outbound,
          cipher,
          log: app.log,
          metrics: metricsOfDelivery,
          mailer,
          faults: createDeliveryFaultRecorder(database.db, app.log),
        });
  // The test environment's lane and conformance runner (decisions 0038, 0040).
  const testEnvironment =
    config.role === 'api'
      ? undefined
      : await runTestEnvironment({
          config,
          handle: database,
          outbound,
          cipher,
          secretKey,
          log: app.log,
          ...options.testtool,
        });
  app.decorate('testEnvironment', testEnvironment);
  // The api processes write mail; the worker sends it (ROLE=all does both).
  if (config.role !== 'api') mailer.start();
  // The worker removes what is past its retention, daily (decision 0032).
  const retention =
    config.role === 'api'
      ? undefined
      : createRetentionJob({
          db: database.db,
          testDb: database.test,
          days: config.retention,
          log: app.log,
          ...options.retention,
        });
  retention?.start();
  // The bulk resend jobs run where they are started: in the api processes (decision 0034).
  const bulkRetry =
    config.role === 'worker' || options.bulkRetry === false
      ? undefined
      : createBulkRetryRunner({
          db: database.db,
          log: app.log,
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
    log: app.log,
    checkMs: options.operatorAlerts?.checkMs ?? config.alerts.checkSeconds * 1000,
    process: { name: `${hostname()}:${process.pid}`, role: config.role },
    ...(options.onOperatorEvaluation && { onEvaluation: options.onOperatorEvaluation }),
  });
  operatorAlerts.start();
  app.decorate('operatorAlerts', operatorAlerts);
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
    log: app.log,
  });
  deadlineMail.start();
  app.decorate('deadlineMail', deadlineMail);
  const lateOrders = createLateOrders({
    db: database.db,
    deadlines,
    intervalMs: options.termijnen?.refreshMs ?? 60_000,
    log: app.log,
  });
  lateOrders.start();
  app.decorate('lateOrders', lateOrders);
  // In this order: finish running deliveries, mail, bulk resends and the retention job, then
  // close the connections they use.
  app.addHook('onClose', async () => {
    await operatorAlerts.stop();
    await deadlineMail.stop();
    await lateOrders.stop();
    await testEnvironment?.stop();
    await retention?.stop();
    await bulkRetry?.stop();
    await delivery?.stop();
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

  const embedded = config.oidc.externalIssuer === undefined;
  const signingKeys = embedded ? await ensureSigningKeys(database.db) : [];
  // The receipt keys are published before the first receipt is signed (decision 0060).
  await currentReceiptKey(database.db);
  const getKey = embedded
    ? createLocalJWKSet({ keys: signingKeys.map(publicJwk) })
    : discoveredKeys(config.oidc.issuer);

  await app.register(openapi, { version: packageJson.version, publicUrl: config.publicUrl });
  const audit = createAuditService();
  // Implementation partners act for the participants they are linked to (decision 0041).
  const partners = createImplementationPartners({ db: database.db, audit });
  await app.register(authGuard, {
    verify: createTokenVerifier(config.oidc, getKey, {
      secondFactor: config.secondFactor,
      recentLoginSeconds: config.recentLoginSeconds,
    }),
    portalClientId: config.oidc.portalClientId,
    mayActFor: partners.actsFor,
    // The embedded provider's users: a password set, a block or a role change ends their tokens at once.
    sessionEnded: embedded ? (user) => tokenEnded(database.db, user.sub, user.sessionGeneration) : undefined,
  });
  if (embedded) {
    // In demo mode the login page lists the demo accounts: handed in here, the provider knows no demo.
    const demoAccounts = config.demo
      ? { emails: DEMO_USERS.map((user) => user.email), password: DEMO_PASSWORD }
      : undefined;
    await app.register(embeddedIdp, {
      config,
      db: database.db,
      signingKeys,
      audit,
      registry,
      mailer,
      cipher,
      demoAccounts,
    });
  }

  await app.register(portalConfigRoutes, { oidc: config.oidc, passwordChange: embedded });
  await app.register(docsRoutes, { config, version: packageJson.version });
  await app.register(organisationRoutes, { service: createOrganisationsService({ db: database.db, audit }) });
  const directory = embedded
    ? embeddedDirectory({ publicUrl: config.publicUrl, showLinks: config.demo, log: app.log, mailer })
    : externalDirectory;
  await app.register(userRoutes, {
    service: createUsersService({ db: database.db, audit, directory, loginLimits: config.login }),
  });
  if (embedded) {
    await app.register(accountRoutes, { db: database.db, audit, limits: config.login });
    await app.register(accountSecondFactorRoutes, {
      db: database.db,
      audit,
      limits: config.login,
      cipher,
      policy: config.secondFactor,
    });
    await app.register(passkeyRoutes, {
      db: database.db,
      audit,
      cipher,
      policy: config.secondFactor,
      rp: relyingPartyOf(config.publicUrl),
    });
  }
  await app.register(systemClientRoutes, {
    service: createSystemClientsService({ db: database.db, audit, config }),
  });
  const conformity = createConformity({ db: database.db, audit });
  const configs = createConfigsService({
    db: database.db,
    audit,
    cipher,
    activationRefusal: conformity.activationRefusal,
  });
  await app.register(configRoutes, { service: configs });
  await app.register(senderRoutes, { service: createSendersService({ db: database.db, audit }) });
  const { graceHours } = config.webhookSecrets;
  await app.register(webhookSecretRoutes, {
    service: createWebhookSecretsService({ db: database.db, audit, cipher, graceHours }),
  });
  // The test environment's configurations and senders (decision 0038): the same calls under /test,
  // on the test environment's tables, audited as '… (test)'.
  const testAudit = createAuditService({ omgeving: 'test' });
  const testConfigs = createConfigsService({ db: database.test, audit: testAudit, cipher });
  // A participant puts its own test configuration live itself: activating and the sender need no operator.
  await app.register(configRoutes, { service: testConfigs, activateAccess: 'canCreateDraft', prefix: TEST_API_PREFIX });
  await app.register(webhookSecretRoutes, {
    service: createWebhookSecretsService({ db: database.test, audit: testAudit, cipher, graceHours }),
    prefix: TEST_API_PREFIX,
  });
  await app.register(senderRoutes, {
    service: createSendersService({ db: database.test, audit: testAudit }),
    manageAccess: 'canCreateDraft',
    prefix: TEST_API_PREFIX,
  });
  await app.register(connectionCheckRoutes, { configs: testConfigs, outbound, prefix: TEST_API_PREFIX });
  await app.register(valuelistRoutes, { db: database.db });
  await app.register(regelsRoutes, { service: createRegelsService({ db: database.db, audit }) });
  await app.register(waardenlijstRoutes, { service: createWaardenlijstenService({ db: database.db, audit }) });
  await app.register(termijnRoutes, {
    service: createTermijnenService({
      db: database.db,
      audit,
      changed: () => {
        deadlines.changed();
        lateOrders.soon();
      },
    }),
  });
  await app.register(connectionCheckRoutes, { configs, outbound });
  await app.register(messageRoutes, {
    service: createMessagesService({
      db: database.db,
      audit,
      bulkRetry,
      bulkRetryBatchSize: (options.bulkRetry ? options.bulkRetry.batchSize : undefined) ?? config.bulkRetry.batchSize,
    }),
  });
  await app.register(opdrachtRoutes, { service: createOpdrachtenService({ db: database.db, audit, deadlines }) });
  await app.register(leveringRoutes, { service: createLeveringenService({ db: database.db }) });
  await app.register(auditLogRoutes, { service: createAuditLogService({ db: database.db }) });
  await app.register(overzichtRoutes, { service: createOverzichtService({ db: database.db }) });
  await app.register(platformRoutes, {
    db: database.db,
    databaseKind: database.kind,
    mailer,
    operatorEmails: config.operatorEmails,
    audit,
  });
  await app.register(implementationPartnerRoutes, { partners });
  const testtool = createTesttoolService({
    partners,
    db: database.db,
    audit,
    stepTimeoutSeconds: config.testtool.stepTimeoutSeconds,
  });
  await app.register(testtoolRoutes, {
    service: testtool,
    conformity,
    messages: createTesttoolMessages({
      db: database.db,
      testDb: database.test,
      inbound: testInbound,
      testConfigs,
      outbound,
      audit,
      partners,
    }),
  });
  await app.register(proofRoutes, {
    dbs: { productie: database.db, test: database.test },
    publicUrl: config.publicUrl,
    deadlines,
  });
  await app.register(inboundRoutes, {
    services: {
      productie: createInboundService({
        db: database.db,
        contentValidators: [createRuleValidator(database.db, app.log)],
        log: app.log,
        registry,
      }),
      // The same checks on the test environment's orders; the rules are the one shared set (decision 0038).
      test: testInbound,
    },
    onTestRefusal: (system, bericht, error) => testtool.recordRefusal(system.deelnemer ?? '', bericht, error),
  });
  if (config.demo) {
    await app.register(demoMode, {
      publicUrl: config.publicUrl,
      // The demo's systems log in at the embedded provider: with an external one they have no clients.
      traffic: embedded ? config.demoTraffic : undefined,
      overrides: options.demo,
    });
  }
  await app.register(spa, { root: config.webDist });
  return app;
}
