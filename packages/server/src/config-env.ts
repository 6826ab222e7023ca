import { z } from 'zod';
import {
  RECENT_LOGIN_DEFAULT_MINUTES,
  SECOND_FACTOR_POLICIES,
  SYSTEM_CLIENT_JWKS_KEYS_CEILING,
  SYSTEM_CLIENT_JWKS_MAX_KEYS,
  TESTTOOL_QUIET_SECONDS_DEFAULT,
  TESTTOOL_STEP_TIMEOUT_MINUTES_DEFAULT,
  TEST_RETENTION_DAYS_DEFAULT,
} from '@knooppunt/domain';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** A number of days: a whole number from 1 to 100 years' worth, with an error naming the variable. */
function days(name: string) {
  const message = `${name} must be a whole number of days, at least 1`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(36_500, { error: `${name} must be at most 36500 days` });
}

/** Every environment variable the server reads, with its default. The README's table mirrors this. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('localhost'),
  /**
   * Whose X-Forwarded-For/-Proto/-Host to believe (the client address for login throttling, the
   * scheme and host of links): `true`, `false`, or addresses/CIDRs and the names loopback,
   * linklocal, uniquelocal, comma-separated. Unset: see `trustedProxiesByDefault`.
   */
  TRUST_PROXY: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DEMO: flag.optional(),
  /** Demo mode listens on loopback only unless this says otherwise: its accounts' passwords are public. */
  DEMO_EXPOSE: flag.default(false),
  /** Bearer token a Prometheus scraper sends to /metrics; unset: /metrics answers direct loopback callers only. */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().default('urn:knooppunt:api'),
  OIDC_PORTAL_CLIENT_ID: z.string().default('knooppunt-portal'),
  OIDC_SCOPE: z.string().default('openid profile email offline_access'),
  OIDC_CLAIM_DEELNEMER: z.string().default('deelnemer'),
  OIDC_CLAIM_ROLES: z.string().default('roles'),
  OIDC_CLAIM_EMAIL: z.string().default('email'),
  OIDC_CLAIM_OMGEVING: z.string().min(1).default('omgeving'),
  OIDC_SYSTEM_CLAIM: z.string().min(1).default('scope'),
  OIDC_SYSTEM_CLAIM_VALUE: z.string().min(1).default('knooppunt:systeem'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** How long a system client's previous secret keeps working after 'Nieuw geheim' (decision 0019). Hours may be fractions. */
  CLIENT_SECRET_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(30 * 24)
    .default(24),
  /** How long a receiver's previous signing secret still signs deliveries after a new one (decision 0061). Hours may be fractions. */
  WEBHOOK_SECRET_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(30 * 24)
    .default(24),
  /** What a private_key_jwt client may register (decision 0052), and how many clients an organisation keeps. */
  CLIENT_RSA_MIN_BITS: z.coerce.number().int().min(2048).max(16_384).default(2048),
  CLIENT_RSA_MAX_BITS: z.coerce.number().int().min(2048).max(16_384).default(8192),
  CLIENT_JWKS_MAX_KEYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(SYSTEM_CLIENT_JWKS_KEYS_CEILING)
    .default(SYSTEM_CLIENT_JWKS_MAX_KEYS),
  CLIENT_JWKS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(256 * 1024)
    .default(16 * 1024),
  CLIENT_MAX_PER_ORGANISATION: z.coerce.number().int().min(1).max(1000).default(10),
  /** Who must log in with a second factor (decision 0054); default `beheer`, in demo mode `none`. */
  MFA_REQUIRED: z.enum(SECOND_FACTOR_POLICIES).optional(),
  /**
   * How recent a login the dangerous actions need (decision 0055), in minutes (fractions allowed);
   * 0 turns the check off (an external provider whose tokens carry no `auth_time`).
   */
  RECENT_LOGIN_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(RECENT_LOGIN_DEFAULT_MINUTES),
  /** The embedded provider's login and token endpoint (idp/throttle.ts, decision 0016). Minutes may be fractions. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  LOGIN_LOCK_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  LOGIN_DELAY_AFTER_FAILURES: z.coerce.number().int().min(0).max(1000).default(3),
  LOGIN_DELAY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(8000),
  /** The first administrator, created at start-up when no user can manage users (src/setup/first-admin.ts). */
  ADMIN_EMAIL: z.email().max(320).optional(),
  /** The operator's addresses for platform alerts (operator/alerts.ts), comma-separated; unset: logged only. */
  OPERATOR_EMAIL: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'OPERATOR_EMAIL must hold e-mail addresses, comma-separated' })).max(20))
    .optional(),
  /** smtp://user:pass@host:587 or smtps://…:465; unset: mail is off and links are logged. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of the platform's mail; default `Knooppunt <noreply@<host of PUBLIC_URL>>`. */
  MAIL_FROM: z.string().min(3).optional(),
  WEB_DIST: z.string().optional(),
  SECRET_KEY: z.string().optional(),
  /**
   * With DATABASE_URL and no SECRET_KEY Knooppunt does not start (decision 0046): a key generated
   * into a data folder of the checkout is lost at the next deploy. `1` says that DATA_DIR is kept
   * and the key may live there (DATA_DIR/secret.key).
   */
  SECRET_KEY_IN_DATA_DIR: flag.default(false),
  ALLOW_PRIVATE_TARGETS: flag.optional(),
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  MTLS_CERT_FILE: z.string().optional(),
  MTLS_KEY_FILE: z.string().optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DEMO_ORDERS_PER_MINUTE: z.coerce.number().min(0).max(600).default(12),
  /** Demo mode seeds business rules (scenarios, versions, value lists); tests that build their own turn it off. */
  DEMO_RULES: flag.default(true),
  /** Retention (decision 0032): days after which delivered messages of finished orders lose their payload. */
  RETENTION_DAYS: days('RETENTION_DAYS').default(90),
  /** Retention (decision 0032): days after which audit log entries are deleted. */
  AUDIT_RETENTION_DAYS: days('AUDIT_RETENTION_DAYS').default(730),
  /** Retention of the test environment (decision 0038): days after their last change that test orders are deleted. */
  TEST_RETENTION_DAYS: days('TEST_RETENTION_DAYS').default(TEST_RETENTION_DAYS_DEFAULT),
  /** The Testtool (decision 0040): how long a conformance run's step waits for what it expects. */
  TESTTOOL_STEP_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60 * 60)
    .default(TESTTOOL_STEP_TIMEOUT_MINUTES_DEFAULT * 60),
  /**
   * 'Alles opnieuw versturen' (decision 0034): messages per batch of a job (1,000 when unset) and a
   * pause between its batches, leaving the database to delivery (none by default).
   */
  BULK_RETRY_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).optional(),
  BULK_RETRY_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The Testtool: how long a behaviour scenario watches for a message that should not come. */
  TESTTOOL_QUIET_SECONDS: z.coerce.number().int().min(1).max(3600).default(TESTTOOL_QUIET_SECONDS_DEFAULT),
  DEMO_RESPONSE_DELAY_MIN_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  DEMO_RESPONSE_DELAY_MAX_MS: z.coerce.number().int().min(0).max(600_000).default(8000),
  /** Failure and recovery alerts by e-mail (delivery/alerts.ts, decision 0035). */
  ALERT_FAILED_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(3),
  ALERT_SILENCE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(10),
  ALERT_REPEAT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  ALERT_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  TERMIJN_MAIL_HOUR: z.coerce.number().int().min(0).max(23).default(7),
});

export type Env = z.input<typeof envSchema>;
/** The variables as read: defaults filled in, numbers and flags converted. */
export type EnvValues = z.infer<typeof envSchema>;
