import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import type { RuleNode, ValueNode, Werkzaamheden } from '@knooppunt/domain';

/**
 * The business rules (docs/regels.md, decision 0012). A published version of a netbeheerder's rule
 * book for one berichtVersie: numbered from 1, with the date it takes effect.
 */
export const ruleVersions = pgTable(
  'rule_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    netbeheerder: text('netbeheerder').notNull(),
    berichtVersie: text('bericht_versie').notNull(),
    versie: integer('versie').notNull(),
    omschrijving: text('omschrijving').notNull(),
    ingangsdatum: date('ingangsdatum', { mode: 'string' }).notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rule_versions_number_unique').on(t.netbeheerder, t.berichtVersie, t.versie),
    // The version in force on a date: the latest ingangsdatum not after it.
    index('rule_versions_in_force_idx').on(t.netbeheerder, t.berichtVersie, t.ingangsdatum),
  ],
);

/**
 * A scenario: the obligations of the TG and AGA fields for one discipline and combination of the
 * six kinds of work. A concept has no version (versie 'draft' in the API) and stays editable; a
 * published one is a copy that belongs to its version and never changes.
 */
export const ruleScenarios = pgTable(
  'rule_scenarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    netbeheerder: text('netbeheerder').notNull(),
    berichtVersie: text('bericht_versie').notNull(),
    discipline: text('discipline').notNull(),
    versionId: uuid('version_id').references(() => ruleVersions.id),
    omschrijving: text('omschrijving').notNull(),
    werkzaamheden: jsonb('werkzaamheden').$type<Werkzaamheden>().notNull(),
    tgRules: jsonb('tg_rules').$type<RuleNode[]>().notNull(),
    agaRules: jsonb('aga_rules').$type<RuleNode[]>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    changed: timestamp('changed', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One concept per netbeheerder, version, discipline and combination of work (409 otherwise).
    uniqueIndex('rule_scenarios_concept_unique')
      .on(t.netbeheerder, t.berichtVersie, t.discipline, t.werkzaamheden)
      .where(sql`${t.versionId} is null`),
    // A version's scenarios; enforcement finds the one of an order's combination here.
    index('rule_scenarios_version_idx').on(t.versionId, t.discipline, t.werkzaamheden),
  ],
);

/** A netbeheerder's allowed values for one berichtVersie and discipline. */
export const waardenlijsten = pgTable(
  'waardenlijsten',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    netbeheerder: text('netbeheerder').notNull(),
    berichtVersie: text('bericht_versie').notNull(),
    discipline: text('discipline').notNull(),
    omschrijving: text('omschrijving').notNull(),
    tgWaardenlijsten: jsonb('tg_waardenlijsten').$type<ValueNode[]>().notNull(),
    agaWaardenlijsten: jsonb('aga_waardenlijsten').$type<ValueNode[]>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    changed: timestamp('changed', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waardenlijsten_unique').on(t.netbeheerder, t.berichtVersie, t.discipline)],
);

/**
 * The effective-date calendar: the dates a version of a berichtVersie may take effect on. '*' holds
 * the dates of every berichtVersie without rows of its own. Data, not code: change it with SQL.
 */
export const ingangsdatums = pgTable(
  'ingangsdatums',
  {
    berichtVersie: text('bericht_versie').notNull(),
    datum: date('datum', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.berichtVersie, t.datum] })],
);

/**
 * A netbeheerder's deadline between two steps of its orders (decision 0063): `tot` within `aantal`
 * `eenheid` (werkdagen, uren) after the delivery of `van`. One per netbeheerder and pair of types.
 */
export const termijnen = pgTable(
  'termijnen',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    netbeheerder: text('netbeheerder').notNull(),
    flow: text('flow').$type<'aansluiting' | 'hoofdnet'>().notNull(),
    van: text('van').notNull(),
    tot: text('tot').notNull(),
    aantal: integer('aantal').notNull(),
    eenheid: text('eenheid').$type<'werkdagen' | 'uren'>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    changed: timestamp('changed', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('termijnen_unique').on(t.netbeheerder, t.van, t.tot)],
);

/** A netbeheerder's choice for the daily mail about orders past a deadline (opt-in; no row is off). */
export const termijnMail = pgTable('termijn_mail', {
  netbeheerder: text('netbeheerder').primaryKey(),
  dagelijks: boolean('dagelijks').notNull(),
  /** The Amsterdam date the last daily mail went out for it: at most one a day, whichever process sends. */
  lastSent: date('last_sent', { mode: 'string' }),
  changed: timestamp('changed', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The open orders past a deadline (decision 0063): what `pastDeadline` said for every open order at
 * the last refresh (termijnen/late-orders.ts, every minute and after a deadline changed), with the
 * order's parties and versienummer (they never change) so that a participant's late orders are
 * found here and not by measuring all its orders. A cache of the computation, never its source: the
 * order lists narrow to it and check each row again live, so an answer removes an order at once.
 */
export const lateOrders = pgTable(
  'late_orders',
  {
    opdrachtId: text('opdracht_id').primaryKey(),
    versienummer: text('versienummer').notNull(),
    opdrachtgever: text('opdrachtgever').notNull(),
    opdrachtnemer: text('opdrachtnemer').notNull(),
    /** The earliest start among the deadlines it is past. */
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('late_orders_opdrachtgever_idx').on(t.opdrachtgever),
    index('late_orders_opdrachtnemer_idx').on(t.opdrachtnemer),
  ],
);

/** When `late_orders` was last refreshed: the one row is the refresh's claim, whichever process runs it. */
export const lateOrdersRefresh = pgTable('late_orders_refresh', {
  id: boolean('id').primaryKey().default(true),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
});
