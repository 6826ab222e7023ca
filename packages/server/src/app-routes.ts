import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { createLocalJWKSet } from 'jose';
import { TEST_API_PREFIX } from '@knooppunt/domain';
import type { BuildOptions } from './app';
import type { Jobs } from './app-jobs';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { Mailer } from './mail/outbox';
import type { Outbound } from './outbound/client';
import type { SecretCipher } from './secrets/cipher';
import { authGuard } from './auth/guard';
import { createTokenVerifier, discoveredKeys } from './auth/verifier';
import { tokenEnded } from './idp/sessions';
import { createAuditService } from './audit/service';
import { ensureSigningKeys, publicJwk } from './idp/keys';
import { embeddedIdp } from './idp/plugin';
import { openapi } from './plugins/openapi';
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
import { createTermijnenService } from './modules/termijnen/service';
import { waardenlijstRoutes } from './modules/waardenlijsten/routes';
import { createWaardenlijstenService } from './modules/waardenlijsten/service';
import { connectionCheckRoutes } from './modules/connection-check/routes';
import { demoMode } from './demo';
import { messageRoutes } from './modules/messages/routes';
import { createMessagesService } from './modules/messages/service';
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
import { createTesttoolService } from './testtool/service';
import { testtoolRoutes } from './testtool/routes';
import { createTesttoolMessages } from './testtool/messages';
import { createConformity } from './testtool/conformity';
import { createImplementationPartners } from './testtool/implementation-partners';
import { implementationPartnerRoutes } from './testtool/implementation-routes';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/data';
import packageJson from '../package.json' with { type: 'json' };

export interface RoutesContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  outbound: Outbound;
  cipher: SecretCipher;
  registry: Registry;
  jobs: Jobs;
  options: BuildOptions;
}

/**
 * The api processes' routes behind the token guard: the embedded provider (without OIDC_ISSUER),
 * the portal's management API, the Testtool, the participants' API and, in demo mode, the demo.
 */
export async function registerApi(
  app: FastifyInstance,
  { config, database, mailer, outbound, cipher, registry, jobs, options }: RoutesContext,
): Promise<void> {
  const { db, test: testDb } = database;
  const { deadlines, lateOrders, bulkRetry } = jobs;
  const log = app.log;
  const embedded = config.oidc.externalIssuer === undefined;
  // The test environment's accepting service for the participants' test systems (decision 0040).
  const testInbound = createInboundService({
    db: testDb,
    contentValidators: [createRuleValidator(testDb, log)],
    log,
  });
  const signingKeys = embedded ? await ensureSigningKeys(db) : [];
  // The receipt keys are published before the first receipt is signed (decision 0060).
  await currentReceiptKey(db);
  const getKey = embedded
    ? createLocalJWKSet({ keys: signingKeys.map(publicJwk) })
    : discoveredKeys(config.oidc.issuer);

  await app.register(openapi, { version: packageJson.version, publicUrl: config.publicUrl });
  const audit = createAuditService();
  // Implementation partners act for the participants they are linked to (decision 0041).
  const partners = createImplementationPartners({ db, audit });
  await app.register(authGuard, {
    verify: createTokenVerifier(config.oidc, getKey, {
      secondFactor: config.secondFactor,
      recentLoginSeconds: config.recentLoginSeconds,
    }),
    portalClientId: config.oidc.portalClientId,
    mayActFor: partners.actsFor,
    // The embedded provider's users: a password set, a block or a role change ends their tokens at once.
    sessionEnded: embedded ? (user) => tokenEnded(db, user.sub, user.sessionGeneration) : undefined,
  });
  if (embedded) {
    // In demo mode the login page lists the demo accounts: handed in here, the provider knows no demo.
    const demoAccounts = config.demo
      ? { emails: DEMO_USERS.map((user) => user.email), password: DEMO_PASSWORD }
      : undefined;
    await app.register(embeddedIdp, {
      config,
      db,
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
  await app.register(organisationRoutes, { service: createOrganisationsService({ db, audit }) });
  const directory = embedded
    ? embeddedDirectory({ publicUrl: config.publicUrl, showLinks: config.demo, log: log, mailer })
    : externalDirectory;
  await app.register(userRoutes, {
    service: createUsersService({ db, audit, directory, loginLimits: config.login }),
  });
  if (embedded) {
    await app.register(accountRoutes, { db, audit, limits: config.login });
    await app.register(accountSecondFactorRoutes, {
      db,
      audit,
      limits: config.login,
      cipher,
      policy: config.secondFactor,
    });
    await app.register(passkeyRoutes, {
      db,
      audit,
      cipher,
      policy: config.secondFactor,
      rp: relyingPartyOf(config.publicUrl),
    });
  }
  await app.register(systemClientRoutes, {
    service: createSystemClientsService({ db, audit, config }),
  });
  const conformity = createConformity({ db, audit });
  const configs = createConfigsService({
    db,
    audit,
    cipher,
    activationRefusal: conformity.activationRefusal,
  });
  await app.register(configRoutes, { service: configs });
  await app.register(senderRoutes, { service: createSendersService({ db, audit }) });
  const { graceHours } = config.webhookSecrets;
  await app.register(webhookSecretRoutes, {
    service: createWebhookSecretsService({ db, audit, cipher, graceHours }),
  });
  // The test environment's configurations and senders (decision 0038): the same calls under /test,
  // on the test environment's tables, audited as '… (test)'.
  const testAudit = createAuditService({ omgeving: 'test' });
  const testConfigs = createConfigsService({ db: testDb, audit: testAudit, cipher });
  // A participant puts its own test configuration live itself: activating and the sender need no operator.
  await app.register(configRoutes, { service: testConfigs, activateAccess: 'canCreateDraft', prefix: TEST_API_PREFIX });
  await app.register(webhookSecretRoutes, {
    service: createWebhookSecretsService({ db: testDb, audit: testAudit, cipher, graceHours }),
    prefix: TEST_API_PREFIX,
  });
  await app.register(senderRoutes, {
    service: createSendersService({ db: testDb, audit: testAudit }),
    manageAccess: 'canCreateDraft',
    prefix: TEST_API_PREFIX,
  });
  await app.register(connectionCheckRoutes, { configs: testConfigs, outbound, prefix: TEST_API_PREFIX });
  await app.register(valuelistRoutes, { db });
  await app.register(regelsRoutes, { service: createRegelsService({ db, audit }) });
  await app.register(waardenlijstRoutes, { service: createWaardenlijstenService({ db, audit }) });
  await app.register(termijnRoutes, {
    service: createTermijnenService({
      db,
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
      db,
      audit,
      bulkRetry,
      bulkRetryBatchSize: (options.bulkRetry ? options.bulkRetry.batchSize : undefined) ?? config.bulkRetry.batchSize,
    }),
  });
  await app.register(opdrachtRoutes, { service: createOpdrachtenService({ db, audit, deadlines }) });
  await app.register(leveringRoutes, { service: createLeveringenService({ db }) });
  await app.register(auditLogRoutes, { service: createAuditLogService({ db }) });
  await app.register(overzichtRoutes, { service: createOverzichtService({ db }) });
  await app.register(platformRoutes, {
    db,
    databaseKind: database.kind,
    mailer,
    operatorEmails: config.operatorEmails,
    audit,
  });
  await app.register(implementationPartnerRoutes, { partners });
  const testtool = createTesttoolService({
    partners,
    db,
    audit,
    stepTimeoutSeconds: config.testtool.stepTimeoutSeconds,
  });
  await app.register(testtoolRoutes, {
    service: testtool,
    conformity,
    messages: createTesttoolMessages({
      db,
      testDb: testDb,
      inbound: testInbound,
      testConfigs,
      outbound,
      audit,
      partners,
    }),
  });
  await app.register(proofRoutes, {
    dbs: { productie: db, test: testDb },
    publicUrl: config.publicUrl,
    deadlines,
  });
  await app.register(inboundRoutes, {
    services: {
      productie: createInboundService({
        db,
        contentValidators: [createRuleValidator(db, log)],
        log: log,
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
}
