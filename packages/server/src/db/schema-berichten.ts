import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
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
import {
  failedCondition,
  finishedCondition,
  openCondition,
  perFlow,
  retentionDueCondition,
  shownNextAttempt,
  uitvalCondition,
} from './monitoring';

/*
 * The message exchange (docs/berichten.md, DESIGN.md 'Delivery'): participants' configurations and
 * senders, orders, leveringen, messages and the order heads the delivery worker claims from.
 */

/**
 * A participant's configuration per message version: versions 1…n, at most one of them a draft.
 * Active versions never change; editing writes the draft, activating turns it into the newest
 * active version. The client secret is stored encrypted (secrets/cipher.ts).
 */
export const configurations = pgTable(
  'configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deelnemer: text('deelnemer').notNull(),
    versienummer: text('versienummer').notNull(),
    version: integer('version').notNull(),
    draft: boolean('draft').notNull().default(true),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    tokenUrl: text('token_url').notNull(),
    scope: text('scope').notNull().default(''),
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    useMtls: boolean('use_mtls').notNull().default(false),
    urls: jsonb('urls').$type<Record<string, string>>().notNull().default({}),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('configurations_version_unique').on(t.deelnemer, t.versienummer, t.version),
    uniqueIndex('configurations_one_draft')
      .on(t.deelnemer, t.versienummer)
      .where(sql`${t.draft}`),
    index('configurations_versienummer_idx').on(t.versienummer, t.deelnemer),
  ],
);

/** The platform's sending process towards one participant for one message version. */
export const senders = pgTable(
  'senders',
  {
    deelnemer: text('deelnemer').notNull(),
    versienummer: text('versienummer').notNull(),
    version: integer('version').notNull(),
    running: boolean('running').notNull().default(true),
    maxMessages: integer('max_messages').notNull().default(5),
    /** At most this many messages per second to the receiver, over every worker; 0: no limit. */
    maxPerSecond: integer('max_per_second').notNull().default(0),
    changed: timestamp('changed', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deelnemer, t.versienummer] }),
    check('senders_max_messages_range', sql`${t.maxMessages} between 0 and 5`),
    check('senders_max_per_second_range', sql`${t.maxPerSecond} between 0 and 1000`),
  ],
);

/**
 * The receiver's signing secret per message version (decision 0061): every delivery to it carries
 * Standard Webhooks signatures made with it. Of the pair, not of a configuration version, so a
 * new secret needs no new version. Stored encrypted (secrets/cipher.ts, `webhookSecretContext`);
 * after a rotation the previous secret signs too until `previous_valid_until`.
 */
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    deelnemer: text('deelnemer').notNull(),
    versienummer: text('versienummer').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.deelnemer, t.versienummer] }),
    check(
      'webhook_secrets_previous_whole',
      sql`(${t.previousSecretEncrypted} is null) = (${t.previousValidUntil} is null)`,
    ),
  ],
);

/**
 * The schedule of a rate-limited receiver configuration (delivery/rate-limits.ts): when its next
 * message may be sent. Shared by every worker process; a row appears with the first message sent.
 */
export const deliveryRateBuckets = pgTable(
  'delivery_rate_buckets',
  {
    receiver: text('receiver').notNull(),
    versienummer: text('versienummer').notNull(),
    /** The theoretical arrival time of the next message (GCRA): one interval after the last one's. */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    /** Whether the last request was granted. */
    granted: boolean('granted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.receiver, t.versienummer] })],
);

/** Every state a sender has had, written with each change. */
export const senderLog = pgTable(
  'sender_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deelnemer: text('deelnemer').notNull(),
    versienummer: text('versienummer').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    running: boolean('running').notNull(),
    version: integer('version').notNull(),
    maxMessages: integer('max_messages').notNull(),
    maxPerSecond: integer('max_per_second').notNull().default(0),
    changedBy: text('changed_by').notNull(),
  },
  (t) => [index('sender_log_sender_idx').on(t.deelnemer, t.versienummer, t.date)],
);

/**
 * Work orders of both flows. `status` is the numeric status of the lifecycle table
 * (docs/lifecycle.md); `inError` marks an order the platform could not process or deliver a
 * message for (shown as status 'error'). Hoofdnet orders also carry `type` and `planStatusText`.
 */
export const opdrachten = pgTable(
  'opdrachten',
  {
    opdrachtId: text('opdracht_id').primaryKey(),
    versienummer: text('versienummer').notNull(),
    opdrachtgever: text('opdrachtgever').notNull(),
    opdrachtnemer: text('opdrachtnemer').notNull(),
    status: integer('status').notNull(),
    statusText: text('status_text').notNull(),
    inError: boolean('in_error').notNull().default(false),
    type: text('type'),
    planStatusText: text('plan_status_text'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    changed: timestamp('changed', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Retention (decision 0032): the `changed` of this order at which the retention job emptied
     * all its messages; null before. A message accepted later changes `changed`, so the order is
     * due again by itself.
     */
    retainedChanged: timestamp('retained_changed', { withTimezone: true }),
  },
  (t) => [
    // The retention job (retention/run.ts) walks finished orders it is not done with, oldest change
    // first. An order enters once when it finishes (one entry per order, none per message) and
    // again when a message changes it after the job; running orders are not in it.
    index('opdrachten_retention_idx').on(t.changed, t.opdrachtId).where(retentionDueCondition(t)),
    // Monitoring (decision 0010): default sort changed descending, default status filter Open.
    ...perFlow('opdrachten_changed', t.versienummer, [t.changed, t.opdrachtId]),
    ...perFlow('opdrachten_open', t.versienummer, [t.changed, t.opdrachtId], openCondition(t)),
    ...perFlow('opdrachten_finished', t.versienummer, [t.changed, t.opdrachtId], finishedCondition(t)),
    // Per flow too: the Error list and the leveringen of orders in error read one flow's (bench:search).
    ...perFlow('opdrachten_error', t.versienummer, [t.changed, t.opdrachtId], sql`${t.inError}`),
    ...perFlow('opdrachten_created', t.versienummer, [t.created, t.opdrachtId]),
    // Status and inError trail, so that a party's count under a status filter reads the index only.
    ...perFlow('opdrachten_opdrachtgever', t.versienummer, [
      t.opdrachtgever,
      t.changed,
      t.opdrachtId,
      t.status,
      t.inError,
    ]),
    ...perFlow('opdrachten_opdrachtnemer', t.versienummer, [
      t.opdrachtnemer,
      t.changed,
      t.opdrachtId,
      t.status,
      t.inError,
    ]),
  ],
);

/** Hoofdnet deliveries (Deellevering, Eindlevering) and their assessment. */
export const leveringen = pgTable(
  'leveringen',
  {
    leveringId: text('levering_id').primaryKey(),
    opdrachtId: text('opdracht_id')
      .notNull()
      .references(() => opdrachten.opdrachtId),
    opdrachtgever: text('opdrachtgever').notNull(),
    opdrachtnemer: text('opdrachtnemer').notNull(),
    messageType: text('message_type').notNull(),
    type: text('type').notNull(),
    statusText: text('status_text').notNull(),
    beoordeling: text('beoordeling'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    changed: timestamp('changed', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leveringen_opdracht_idx').on(t.opdrachtId),
    // Monitoring (decision 0010): sorted on changed (default, descending) or created.
    index('leveringen_changed_idx').on(t.changed, t.leveringId),
    index('leveringen_created_idx').on(t.created, t.leveringId),
    index('leveringen_opdrachtgever_idx').on(t.opdrachtgever, t.changed, t.leveringId),
    index('leveringen_opdrachtnemer_idx').on(t.opdrachtnemer, t.changed, t.leveringId),
  ],
);

/**
 * The outbox: every accepted message, delivered by the worker to its receiver. `seq` orders the
 * messages of one order (FIFO); `idempotencyKey` makes a resubmission of the same message a no-op.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    opdrachtId: text('opdracht_id').notNull(),
    versienummer: text('versienummer').notNull(),
    type: text('type').notNull(),
    sender: text('sender').notNull(),
    receiver: text('receiver').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastAttempt: timestamp('last_attempt', { withTimezone: true }),
    nextAttempt: timestamp('next_attempt', { withTimezone: true }).notNull().defaultNow(),
    err: jsonb('err').$type<{ msg: string; traceId: string }>(),
    /**
     * Retention (decision 0032): when the payload was removed (`data` is then `{}`) and the
     * RETENTION_DAYS that applied then. Null while the payload is kept.
     */
    dataRemovedAt: timestamp('data_removed_at', { withTimezone: true }),
    dataRemovedAfterDays: integer('data_removed_after_days'),
    /**
     * The delivery receipt (decision 0060): a JWS, signed with Knooppunt's receipt key, of what was
     * delivered — the SHA-256 of the exact body, when, the receiver's HTTP status, the attempt.
     * Written with `delivered_at` in the one recording; retention keeps it.
     */
    receipt: text('receipt'),
    // A message being delivered is claimed on its order's head (order_heads.claimed_until), not
    // here: the row is written only when the attempt is recorded.
  },
  (t) => [
    uniqueIndex('messages_idempotency_unique').on(t.sender, t.idempotencyKey),
    index('messages_order_idx').on(t.receiver, t.opdrachtId, t.seq),
    index('messages_opdracht_idx').on(t.opdrachtId),
    // Queue depth per receiver, and later the 'uitval' lists, read only undelivered messages.
    index('messages_undelivered_idx')
      .on(t.receiver)
      .where(sql`${t.deliveredAt} is null`),
    // Monitoring (decision 0010), sorted on the nextAttempt the portal shows: none once delivered.
    ...perFlow('messages_next', t.versienummer, [shownNextAttempt(t), t.seq]),
    ...perFlow('messages_created', t.versienummer, [t.created, t.seq]),
    // Tenancy reads a participant's sent messages and those it received from others as two ordered
    // scans of these; the receiver index carries the sender so that the second needs no table.
    ...perFlow('messages_sender', t.versienummer, [t.sender, shownNextAttempt(t), t.seq]),
    ...perFlow('messages_receiver', t.versienummer, [t.receiver, shownNextAttempt(t), t.seq, t.sender]),
    // The type filter (a list): its count reads this index only; a page of rare types is sorted from it.
    ...perFlow('messages_type', t.versienummer, [t.type, shownNextAttempt(t), t.seq]),
    // Error-only and uitval: small, holding only messages that failed. The uitval index carries the
    // columns the uitval filters and tenancy test, so that its counts read the index only.
    ...perFlow('messages_failed', t.versienummer, [shownNextAttempt(t), t.seq], failedCondition(t)),
    ...perFlow(
      'messages_uitval',
      t.versienummer,
      [t.opdrachtId, t.seq, t.sender, t.receiver, t.type],
      uitvalCondition(t),
    ),
  ],
);

/**
 * One row per (receiver, order) that still has undelivered messages, pointing at the oldest one:
 * the worker claims from here and never scans the big messages table (DESIGN.md 'Delivery').
 */
export const orderHeads = pgTable(
  'order_heads',
  {
    receiver: text('receiver').notNull(),
    opdrachtId: text('opdracht_id').notNull(),
    messageId: uuid('message_id').notNull(),
    /** The head message's versienummer: a sender is per (receiver, versienummer), so the claim reads it here. */
    versienummer: text('versienummer').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * The lane of the claim (decision 0009 'Lanes'): the heads a worker delivers one after the
     * other in one slot of the sender. A sender's slots in use are its claimed heads' lanes.
     */
    lane: uuid('lane'),
    /**
     * The order was cancelled while this head was claimed (decision 0023): its messages stay until
     * the run is recorded — what was delivered is kept as delivered, the rest is deleted then — and
     * no claim takes it (its due is infinity).
     */
    cancelled: boolean('cancelled').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.receiver, t.opdrachtId] }),
    // The claim reads a sender's heads by due time, and counts its claimed ones.
    index('order_heads_sender_due_idx').on(t.receiver, t.versienummer, t.due),
    index('order_heads_claimed_idx')
      .on(t.receiver, t.versienummer)
      .where(sql`${t.claimedUntil} is not null`),
  ],
);
