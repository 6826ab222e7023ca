import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

/** Who did what to which subject, with the state before and after. Every write records itself here. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    actorDeelnemer: text('actor_deelnemer'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_subject_idx').on(t.subjectType, t.subjectId, t.at), index('audit_at_idx').on(t.at)],
);

/** The embedded identity provider's signing keys (private JWKs), shared by every process. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  jwk: jsonb('jwk').$type<Record<string, unknown>>().notNull(),
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
  ],
);
