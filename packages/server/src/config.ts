import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envSchema, type EnvValues } from './config-env';
import type { SecondFactorPolicy } from '@knooppunt/domain';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

export type { Env } from './config-env';

export interface Config {
  /** all: API and delivery worker in one process; api: no worker; worker: delivery plus /health and /metrics. */
  role: 'all' | 'api' | 'worker';
  port: number;
  host: string;
  /** Fastify's trustProxy: whose forwarded headers are believed. */
  trustProxy: boolean | string;
  /** TRUST_PROXY was unset and `trustProxy` is the mode's default (a start-up warning may say so). */
  trustProxyByDefault: boolean;
  publicUrl: string;
  logLevel: EnvValues['LOG_LEVEL'];
  /**
   * PGlite in `dataDir` (or in memory when undefined), or a PostgreSQL server at `url`. An
   * in-memory PGlite may start from `loadDataDir`, a dump of a data directory (PGlite's
   * `dumpDataDir`): the tests start from a migrated one, as creating a cluster and migrating it
   * takes PGlite seconds (the migrations still run, and find nothing to do).
   */
  database: { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob } | { kind: 'postgres'; url: string };
  dataDir: string | undefined;
  demo: boolean;
  /** Who must log in with a second factor (MFA_REQUIRED, decision 0054). */
  secondFactor: SecondFactorPolicy;
  /** How old a login may be for the dangerous actions, in seconds (RECENT_LOGIN_MINUTES); 0: not checked. */
  recentLoginSeconds: number;
  /** The bearer token /metrics asks for; undefined: only direct loopback callers get it. */
  metricsToken: string | undefined;
  /** Demo mode's live traffic (src/demo/index.ts): new orders per minute, answers after a random delay. */
  demoTraffic: { ordersPerMinute: number; responseDelayMs: [number, number] };
  /** Demo mode seeds business rules (src/demo/seed-regels.ts). */
  demoRules: boolean;
  oidc: {
    /** Undefined: the embedded provider at `${publicUrl}/oidc` is used. */
    externalIssuer: string | undefined;
    issuer: string;
    audience: string;
    portalClientId: string;
    scope: string;
    /** `omgeving`: the claim whose value `test` puts a system's messages in the test environment (decision 0038). */
    claims: { deelnemer: string; roles: string; email: string; omgeving: string };
    /**
     * What marks a participant's system (client credentials) apart from a portal user: the token's
     * `claim` holds `value` (equal, one of its space-separated words, or an element of its list).
     * The embedded provider puts it in every client-credentials token and in no user's (decision 0015).
     */
    system: { claim: string; value: string };
    accessTokenTtlSeconds: number;
  };
  /**
   * Participants' system clients (decision 0019): how long the previous secret works after a
   * rotation; the keys a client may register and the clients an organisation may have (decision 0052).
   */
  systemClients: {
    secretGraceHours: number;
    keys: { rsaMinBits: number; rsaMaxBits: number; maxKeys: number; maxBytes: number };
    /** Clients that are not revoked. */
    maxPerOrganisation: number;
  };
  /**
   * Throttling of the embedded provider's login and token endpoint, per account (or client id) and
   * per source address: failures counted over a window, a growing delay, then a lock.
   */
  login: LoginLimits;
  /** Folder of the built portal; undefined when there is none to serve. */
  webDist: string | undefined;
  /** The e-mail address of the first administrator (created when no user can manage users). */
  adminEmail: string | undefined;
  /** The operator's addresses for platform alerts and their recovery (empty: logged only). */
  operatorEmails: string[];
  /** Outgoing mail; undefined: mail is off, links are logged. */
  mail: { smtpUrl: string; from: string } | undefined;
  /** Key for client secrets at rest: base64 of 32 bytes; undefined = generated once into dataDir. */
  secretKey: string | undefined;
  /** With a PostgreSQL server and no `secretKey`: the operator said the key may live in dataDir (decision 0046). */
  secretKeyInDataDir: boolean;
  /**
   * Retention (decision 0032), done daily by the worker: delivered messages of finished orders lose
   * their payload after `messageDays`, audit log entries are deleted after `auditDays`; the test
   * environment's orders with their messages `testDays` after their last change (decision 0038).
   */
  retention: { messageDays: number; auditDays: number; testDays: number };
  /** The Testtool's conformance runs: how long a step waits (decision 0040). */
  testtool: { stepTimeoutSeconds: number; quietSeconds: number };
  /** 'Alles opnieuw versturen' (decision 0034): messages per batch (the runner's default when unset), pause between batches. */
  bulkRetry: { batchSize: number | undefined; pauseMs: number };
  /** Calls to participants' URLs (connection check, delivery). */
  outbound: {
    /** Whether loopback and private-network targets and plain http are allowed (demo mode only by default). */
    allowPrivateTargets: boolean;
    timeoutMs: number;
    /** The platform's client certificate for mTLS (PEM files), when configured. */
    clientCertificate: { certFile: string; keyFile: string } | undefined;
  };
  /**
   * Failure and recovery alerts to a receiver's `emails` (decision 0035): down after a message's
   * `failedAttempts`-th failed attempt, or when messages wait and nothing was delivered for
   * `silenceMinutes`; at most one alert mail per `repeatMinutes`; evaluated every `checkSeconds`.
   */
  alerts: { failedAttempts: number; silenceMinutes: number; repeatMinutes: number; checkSeconds: number };
  /**
   * The receivers' signing secrets (decision 0061): how long the previous secret still signs
   * every delivery beside the new one after a rotation.
   */
  webhookSecrets: { graceHours: number };
  /** The daily mail about orders past a deadline (decision 0063): from this hour (Amsterdam) on working days. */
  termijnMail: { hour: number };
}

export interface LoginLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
  lockSeconds: number;
  /** No delay for the first `afterFailures` failures, then `baseMs` doubling per failure up to `maxMs`. */
  delay: { afterFailures: number; baseMs: number; maxMs: number };
}

/** Parses the environment once. Throws with every offending variable named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.DEMO_RESPONSE_DELAY_MIN_MS > e.DEMO_RESPONSE_DELAY_MAX_MS) {
    throw new Error('Invalid configuration: DEMO_RESPONSE_DELAY_MIN_MS is more than DEMO_RESPONSE_DELAY_MAX_MS');
  }
  if (e.CLIENT_RSA_MIN_BITS > e.CLIENT_RSA_MAX_BITS) {
    throw new Error('Invalid configuration: CLIENT_RSA_MIN_BITS is more than CLIENT_RSA_MAX_BITS');
  }
  if (Boolean(e.MTLS_CERT_FILE) !== Boolean(e.MTLS_KEY_FILE)) {
    throw new Error('Invalid configuration: MTLS_CERT_FILE and MTLS_KEY_FILE go together');
  }
  const database: Config['database'] = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') };
  const demo = e.DEMO ?? database.kind === 'pglite';
  if (demo && !e.DEMO_EXPOSE && !isLoopback(e.HOST)) {
    throw new Error(
      `Invalid configuration: demo mode (known passwords and secrets) listens on loopback only, not on HOST=${e.HOST}; ` +
        'set DEMO=0 for a real service, or DEMO_EXPOSE=1 to expose the demo anyway',
    );
  }
  return {
    role: e.ROLE,
    port: e.PORT,
    host: e.HOST,
    trustProxy: trustProxyOf(e.TRUST_PROXY ?? trustedProxiesByDefault(demo)),
    trustProxyByDefault: e.TRUST_PROXY === undefined,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    database,
    dataDir,
    // Embedded mode is the try-it-out mode and gets demo data; with a database server it is opt-in.
    demo,
    metricsToken: e.METRICS_TOKEN,
    demoRules: e.DEMO_RULES,
    demoTraffic: {
      ordersPerMinute: e.DEMO_ORDERS_PER_MINUTE,
      responseDelayMs: [e.DEMO_RESPONSE_DELAY_MIN_MS, e.DEMO_RESPONSE_DELAY_MAX_MS],
    },
    oidc: {
      externalIssuer: e.OIDC_ISSUER,
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      audience: e.OIDC_AUDIENCE,
      portalClientId: e.OIDC_PORTAL_CLIENT_ID,
      scope: e.OIDC_SCOPE,
      claims: {
        deelnemer: e.OIDC_CLAIM_DEELNEMER,
        roles: e.OIDC_CLAIM_ROLES,
        email: e.OIDC_CLAIM_EMAIL,
        omgeving: e.OIDC_CLAIM_OMGEVING,
      },
      system: { claim: e.OIDC_SYSTEM_CLAIM, value: e.OIDC_SYSTEM_CLAIM_VALUE },
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    },
    systemClients: {
      secretGraceHours: e.CLIENT_SECRET_GRACE_HOURS,
      keys: {
        rsaMinBits: e.CLIENT_RSA_MIN_BITS,
        rsaMaxBits: e.CLIENT_RSA_MAX_BITS,
        maxKeys: e.CLIENT_JWKS_MAX_KEYS,
        maxBytes: e.CLIENT_JWKS_MAX_BYTES,
      },
      maxPerOrganisation: e.CLIENT_MAX_PER_ORGANISATION,
    },
    // Demo mode keeps the demo accounts' password login; a real service asks the administrators for more.
    secondFactor: e.MFA_REQUIRED ?? (demo ? 'none' : 'beheer'),
    recentLoginSeconds: Math.round(e.RECENT_LOGIN_MINUTES * 60),
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_FAILURE_WINDOW_MINUTES * 60,
      lockSeconds: e.LOGIN_LOCK_MINUTES * 60,
      delay: {
        afterFailures: e.LOGIN_DELAY_AFTER_FAILURES,
        baseMs: e.LOGIN_DELAY_BASE_MS,
        maxMs: e.LOGIN_DELAY_MAX_MS,
      },
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(REPO_ROOT, 'packages/web/dist')),
    adminEmail: e.ADMIN_EMAIL,
    operatorEmails: e.OPERATOR_EMAIL ?? [],
    mail: e.SMTP_URL
      ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Knooppunt <noreply@${new URL(publicUrl).hostname}>` }
      : undefined,
    secretKey: e.SECRET_KEY,
    secretKeyInDataDir: e.SECRET_KEY_IN_DATA_DIR,
    retention: { messageDays: e.RETENTION_DAYS, auditDays: e.AUDIT_RETENTION_DAYS, testDays: e.TEST_RETENTION_DAYS },
    testtool: { stepTimeoutSeconds: e.TESTTOOL_STEP_TIMEOUT_SECONDS, quietSeconds: e.TESTTOOL_QUIET_SECONDS },
    bulkRetry: { batchSize: e.BULK_RETRY_BATCH_SIZE, pauseMs: e.BULK_RETRY_PAUSE_MS },
    outbound: {
      allowPrivateTargets: e.ALLOW_PRIVATE_TARGETS ?? demo,
      timeoutMs: e.OUTBOUND_TIMEOUT_MS,
      clientCertificate:
        e.MTLS_CERT_FILE && e.MTLS_KEY_FILE ? { certFile: e.MTLS_CERT_FILE, keyFile: e.MTLS_KEY_FILE } : undefined,
    },
    alerts: {
      failedAttempts: e.ALERT_FAILED_ATTEMPTS,
      silenceMinutes: e.ALERT_SILENCE_MINUTES,
      repeatMinutes: e.ALERT_REPEAT_MINUTES,
      checkSeconds: e.ALERT_CHECK_SECONDS,
    },
    webhookSecrets: { graceHours: e.WEBHOOK_SECRET_GRACE_HOURS },
    termijnMail: { hour: e.TERMIJN_MAIL_HOUR },
  };
}

/**
 * Whose forwarded headers a server believes when TRUST_PROXY is unset (decision 0051). A demo
 * beside its proxy on any private network works as it is. A real service believes only this
 * machine: a host on a shared private network could otherwise choose the source address the login
 * throttle counts; a process on this machine is already inside the server's trust boundary, and a
 * reverse proxy there works without settings.
 */
export const trustedProxiesByDefault = (demo: boolean) => (demo ? 'loopback,linklocal,uniquelocal' : 'loopback');

const trustProxyOf = (value: string) => (value === 'true' ? true : value === 'false' ? false : value);

/** Whether a listen address reaches this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}
