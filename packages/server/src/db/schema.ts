import { sql } from 'drizzle-orm';
import type { Omgeving } from '@knooppunt/domain';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisatie: text('organisatie').notNull(),
    type: text('type').notNull(),
    metadata: jsonb('metadata')
      .$type<{ combi?: string; deelnemer?: string; delegerenden: string[] }>()
      .notNull()
      .default({ delegerenden: [] }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the organisation was deactivated (issue 29): its users cannot log in, its systems get no
     * tokens, and messages from or to it are refused. Null while active.
     */
    deactivated: timestamp('deactivated', { withTimezone: true }),
  },
  (t) => [
    // Names are unique regardless of case: 'Netbeheer_Noord' and 'netbeheer_noord' are one party.
    uniqueIndex('organisations_name_unique').on(sql`lower(${t.organisatie})`),
    index('organisations_type_idx').on(t.type, t.organisatie),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    /** scrypt hash; null until the user has set a password. */
    passwordHash: text('password_hash'),
    /** The grid operator a Gedelegeerd Netbeheerder acts for: one of the organisation's delegerenden. */
    delegerende: text('delegerende'),
    /** When a user manager blocked the user ('Blokkeren'): no login while set. */
    blocked: timestamp('blocked', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

/**
 * One-time set-password links of the embedded provider: only the SHA-256 of the token is kept, so
 * the table leaks no usable link; used or expired links set nothing.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    used: timestamp('used', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_links_user_idx').on(t.userId)],
);

/**
 * A user's authenticator app (TOTP, RFC 6238; decision 0054): its secret encrypted with the
 * secret key (bound to the user), and the last time step a code was accepted for, so that a code
 * counts once. One per user; removing it (a user manager's reset) removes the second factor.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's one-time recovery codes: only their SHA-256 is kept; a used one stays, marked. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    used: timestamp('used', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/** Raw bytes; PGlite and node-postgres both answer a Uint8Array (a Buffer is one). */
const bytea = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A user's passkeys and security keys (WebAuthn, decision 0054): the credential's id (base64url)
 * and public key (COSE) as the authenticator registered them, and its signature counter.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    lastUsed: timestamp('last_used', { withTimezone: true }),
  },
  (t) => [index('user_passkeys_user_idx').on(t.userId)],
);

/** Who did what to which subject, with the state before and after. Every write records itself here. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    actorDeelnemer: text('actor_deelnemer'),
    /** The netbeheerder a super-role user acted for (decision 0029); null when acting as itself. */
    actingFor: text('acting_for'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  // The Auditlog screen's filters, newest first (decision 0033): each ends in (at, id), its sort.
  (t) => [
    index('audit_subject_idx').on(t.subjectType, t.subjectId, t.at),
    index('audit_subject_id_idx').on(t.subjectId, t.at, t.id),
    index('audit_at_id_idx').on(t.at, t.id),
    index('audit_actor_idx').on(t.actor, t.at, t.id),
    index('audit_action_idx').on(t.action, t.at, t.id),
  ],
);

/** The embedded identity provider's signing keys (private JWKs), shared by every process. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  jwk: jsonb('jwk').$type<Record<string, unknown>>().notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Knooppunt's own keys for signing delivery receipts and evidence files (decision 0060): never the
 * login keys. One is current (`retired` null); a rotated key is kept, retired, for verification.
 */
export const receiptKeys = pgTable(
  'receipt_keys',
  {
    kid: text('kid').primaryKey(),
    /** The private JWK (ES256, P-256). */
    jwk: jsonb('jwk').$type<Record<string, unknown>>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    retired: timestamp('retired', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('receipt_keys_one_current')
      .on(sql`(true)`)
      .where(sql`${t.retired} is null`),
  ],
);

/**
 * The signed batches of delivery receipts (decision 0060): one JWS per recording of the delivery
 * worker, listing the hashes of its receipts' claims; a message's receipt names its batch. Kept
 * for good, as the receipts are (retention removes payloads only).
 */
export const receiptBatches = pgTable('receipt_batches', {
  id: uuid('id').primaryKey(),
  jws: text('jws').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

/** Storage of the embedded identity provider (sessions, grants, codes, refresh tokens …). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
    // Ending a user's sessions finds their sessions, grants and tokens by account (idp/sessions.ts).
    index('oidc_payloads_account_idx').on(sql`(${t.payload}->>'accountId')`),
  ],
);

/**
 * The session generation of a user (idp/sessions.ts): every access token the embedded provider
 * issues to a user carries the generation it was issued in, and a password set, a block, a
 * deletion or a role change moves it on — the access tokens already out (JWTs, valid up to
 * ACCESS_TOKEN_TTL_SECONDS) are refused from then on. Keyed by the token's subject, so the row
 * outlives a deleted user; a user without a row is in generation 0.
 */
export const sessionGenerations = pgTable('session_generations', {
  subject: text('subject').primaryKey(),
  generation: integer('generation').notNull(),
});

/**
 * Failed-login counters of the embedded provider (idp/throttle.ts), shared by every process: one
 * row per account or source address, in the shape rate-limiter-flexible's Drizzle store reads
 * (`key`, `points`, `expire`). A row whose `expire` has passed counts as absent and is swept.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

/**
 * A participant's systems: OAuth clients (client credentials) of the embedded provider for
 * /api/v1, one organisation each (decision 0019). Secrets are kept only as a slow hash; after a
 * rotation the previous hash keeps working until `previous_secret_expires`. A revoked client is
 * never answered to the provider again. `private_key_jwt` clients carry a public JWKS instead.
 */
export const systemClients = pgTable(
  'system_clients',
  {
    clientId: text('client_id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    omschrijving: text('omschrijving').notNull(),
    /** 'client_secret_basic' or 'private_key_jwt'. */
    authMethod: text('auth_method').notNull().default('client_secret_basic'),
    secretHash: text('secret_hash'),
    previousSecretHash: text('previous_secret_hash'),
    previousSecretExpires: timestamp('previous_secret_expires', { withTimezone: true }),
    /** Public keys of a private_key_jwt client: `{ keys: [...] }`. */
    jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    secretRotated: timestamp('secret_rotated', { withTimezone: true }),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    revoked: timestamp('revoked', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    /**
     * 'productie' or 'test' (decision 0038): a test client's tokens carry the environment claim, and
     * its messages live in the test environment (the knooppunt_test schema), never in production.
     */
    omgeving: text('omgeving').$type<Omgeving>().notNull().default('productie'),
  },
  (t) => [
    index('system_clients_organisation_idx').on(t.organisationId, t.created),
    check('system_clients_omgeving', sql`${t.omgeving} in ('productie', 'test')`),
  ],
);

/**
 * Mail waiting to be sent (mail/outbox.ts), retried with backoff until the SMTP server takes it:
 * a mail server that is down loses no mail and never fails the request that wrote it. Once sent
 * (or given up) the bodies are cleared, so the table keeps no usable link.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'uitnodiging', 'wachtwoord-herstel' or 'melding'. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    attempts: integer('attempts').notNull().default(0),
    nextAttempt: timestamp('next_attempt', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the row until then, renewing it while it sends; after a crash another takes it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The holding claim's token, new per claim: a sender records only while it is still its own (decision 0020). */
    claim: uuid('claim'),
    lastError: text('last_error'),
    sent: timestamp('sent', { withTimezone: true }),
    /** Given up: the link in it would have expired anyway. */
    abandoned: timestamp('abandoned', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttempt)
      .where(sql`${t.sent} is null and ${t.abandoned} is null`),
  ],
);

export * from './schema-berichten';
export * from './schema-operations';
export * from './schema-regels';
export * from './schema-testtool';

/**
 * Faults on the platform's side, recorded as they happen (operator/alerts.ts, issue 29): per kind
 * (`delivery`: a delivery that could not be attempted, per receiver configuration; `retention`:
 * the daily retention run) and key, the last time and its Dutch detail. A fault not seen again
 * for a while has passed.
 */
export const platformFaults = pgTable(
  'platform_faults',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    detail: text('detail').notNull(),
    /** Set when the fault passed (retention: its next run succeeded). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/**
 * The operator's open alerts (operator/alerts.ts): at most one per kind, opened with a mail to
 * OPERATOR_EMAIL and closed with a recovery mail.
 */
export const platformAlerts = pgTable('platform_alerts', {
  kind: text('kind').primaryKey(),
  downSince: timestamp('down_since', { withTimezone: true }).notNull(),
  detail: text('detail').notNull(),
  alertedAt: timestamp('alerted_at', { withTimezone: true }),
});

/**
 * Every Knooppunt process says it is alive here (operator/alerts.ts, each evaluation): the
 * Overzicht shows the processes seen lately and when (issue 29 item 3).
 */
export const processHeartbeats = pgTable('process_heartbeats', {
  name: text('name').primaryKey(),
  role: text('role').notNull(),
  started: timestamp('started', { withTimezone: true }).notNull(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
});
