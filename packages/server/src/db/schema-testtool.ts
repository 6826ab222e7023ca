import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ConformanceStepReport, Flow, Side } from '@knooppunt/domain';

/**
 * Conformance runs of the Testtool (issue 28 item 2, decision 0040): a participant's system plays
 * one side of a catalogue scenario against Knooppunt's simulator in the test environment. The run
 * is kept with its evidence per step; the worker's runner (testtool/runner.ts) moves it on.
 */
export const conformanceRuns = pgTable(
  'conformance_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deelnemer: text('deelnemer').notNull(),
    flow: text('flow').$type<Flow>().notNull(),
    /** The side the participant plays; the simulator plays the other. */
    side: text('side').$type<Side>().notNull(),
    scenarioId: text('scenario_id').notNull(),
    /** The order of the run, in the test environment. */
    opdrachtId: text('opdracht_id').notNull(),
    /** 'lopend', 'geslaagd', 'mislukt' or 'gestopt'. */
    status: text('status').notNull().default('lopend'),
    /** The step under way (0-based); the scenario's length once every step passed. */
    step: integer('step').notNull().default(0),
    stepStarted: timestamp('step_started', { withTimezone: true }).notNull().defaultNow(),
    stepTimeoutSeconds: integer('step_timeout_seconds').notNull(),
    /** The evidence of every step begun, in order. */
    steps: jsonb('steps').$type<ConformanceStepReport[]>().notNull().default([]),
    /** Why the run failed or stopped. */
    reason: text('reason'),
    started: timestamp('started', { withTimezone: true }).notNull().defaultNow(),
    startedBy: text('started_by').notNull(),
    ended: timestamp('ended', { withTimezone: true }),
  },
  (t) => [
    check('conformance_runs_status', sql`${t.status} in ('lopend', 'geslaagd', 'mislukt', 'gestopt')`),
    index('conformance_runs_deelnemer_idx').on(t.deelnemer, t.started),
    index('conformance_runs_started_idx').on(t.started),
    // The runner reads the runs under way, every tick.
    index('conformance_runs_running_idx')
      .on(t.stepStarted)
      .where(sql`${t.status} = 'lopend'`),
  ],
);

/**
 * Participants whose production configuration may only be activated after passed conformance
 * runs (decision 0040): set by 'Testtool Beheren', absent means not required (the default).
 */
export const conformanceRequirements = pgTable('conformance_requirements', {
  deelnemer: text('deelnemer').primaryKey(),
  changed: timestamp('changed', { withTimezone: true }).notNull().defaultNow(),
  changedBy: text('changed_by').notNull(),
});

/**
 * Implementation partners and the participants they implement for (issue 28 item 4, decision
 * 0041): set by the super role with 'Gebruikers Beheren' or by the participant's own user manager.
 */
export const implementationLinks = pgTable(
  'implementation_links',
  {
    /** The implementation partner's deelnemer. */
    partner: text('partner').notNull(),
    /** The participant it implements for. */
    deelnemer: text('deelnemer').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partner, t.deelnemer] }),
    index('implementation_links_deelnemer_idx').on(t.deelnemer),
  ],
);
