import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  SIMULATOR,
  conformanceScenarios,
  stepData,
  stepFields,
  versienummerOf,
  type ConformanceRefusal,
  type ConformanceScenario,
  type ConformanceStepReport,
  type ScenarioStep,
  type ExpectedMessage,
  type RunView,
} from '@knooppunt/domain';
import type { Database } from '../db/client';
import { conformanceRuns } from '../db/schema';

/*
 * The conformance runs' rows (decision 0040): read, written on the condition that the run is
 * still at the step the writer saw — several workers may look at one run, and whoever moves it on
 * first wins; the others' writes change nothing.
 */

export type RunRow = typeof conformanceRuns.$inferSelect;

export function scenarioById(id: string): ConformanceScenario | undefined {
  return conformanceScenarios().find((scenario) => scenario.id === id);
}

export async function insertRun(db: Database, row: typeof conformanceRuns.$inferInsert): Promise<RunRow> {
  const [inserted] = await db.insert(conformanceRuns).values(row).returning();
  return inserted!;
}

export async function runById(db: Database, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(conformanceRuns).where(eq(conformanceRuns.id, id));
  return row;
}

/** The newest runs first, of one participant, of several, or of all. */
export async function listRuns(
  db: Database,
  deelnemer: string | readonly string[] | undefined,
  limit: number,
): Promise<RunRow[]> {
  const only =
    deelnemer === undefined
      ? undefined
      : typeof deelnemer === 'string'
        ? eq(conformanceRuns.deelnemer, deelnemer)
        : inArray(conformanceRuns.deelnemer, [...deelnemer]);
  return db.select().from(conformanceRuns).where(only).orderBy(desc(conformanceRuns.started)).limit(limit);
}

export async function runningRuns(db: Database): Promise<RunRow[]> {
  return db.select().from(conformanceRuns).where(eq(conformanceRuns.status, 'lopend'));
}

/** The running run of a participant about an order, if any (a refusal is recorded on it). */
export async function runningRunOf(db: Database, deelnemer: string, opdrachtId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(conformanceRuns)
    .where(
      and(
        eq(conformanceRuns.deelnemer, deelnemer),
        eq(conformanceRuns.opdrachtId, opdrachtId),
        eq(conformanceRuns.status, 'lopend'),
      ),
    )
    .limit(1);
  return row;
}

/** Writes a run that is still at `step` and running; answers whether it was. */
export async function updateRunAt(
  db: Database,
  run: Pick<RunRow, 'id' | 'step'>,
  set: Partial<Pick<RunRow, 'status' | 'step' | 'steps' | 'reason'>> & { advance?: boolean; end?: boolean },
): Promise<boolean> {
  const { advance, end, ...fields } = set;
  const updated = await db
    .update(conformanceRuns)
    .set({
      ...fields,
      ...(advance && { stepStarted: sql`now()` }),
      ...(end && { ended: sql`now()` }),
    })
    .where(
      and(eq(conformanceRuns.id, run.id), eq(conformanceRuns.step, run.step), eq(conformanceRuns.status, 'lopend')),
    )
    .returning({ id: conformanceRuns.id });
  return updated.length > 0;
}

/**
 * A step of a run as it is played: the catalogue's levering ids ('DL-01') made the run's own, as
 * a levering id is unique on the platform and many runs go on at once.
 */
export function stepOfRun(run: Pick<RunRow, 'opdrachtId'>, step: ScenarioStep): ScenarioStep {
  return step.leveringId === undefined ? step : { ...step, leveringId: `${run.opdrachtId}-${step.leveringId}` };
}

/** The message the participant's system must send at a step of the run. */
export function expectedAt(run: RunRow, scenario: ConformanceScenario): ExpectedMessage | undefined {
  const listed = scenario.steps[run.step];
  if (run.status !== 'lopend' || !listed || listed.actie || listed.senderSide !== run.side) return undefined;
  const step = stepOfRun(run, listed);
  const data = stepFields(step);
  if (step.type === 'Opdracht' || step.type === 'OpdrachtHoofdnet') data.opdrachtnemer = SIMULATOR.opdrachtnemer;
  return { type: step.type, versienummer: versienummerOf(step.type), opdrachtId: run.opdrachtId, data };
}

/** The simulator's message of a step: the type's example with the step's outcome and levering, about the run's order. */
export function simulatorBericht(run: RunRow, scenario: ConformanceScenario) {
  const step = stepOfRun(run, scenario.steps[run.step]!);
  const data = stepData(step);
  if (step.type === 'Opdracht' || step.type === 'OpdrachtHoofdnet') data.opdrachtnemer = run.deelnemer;
  return { type: step.type, versienummer: versienummerOf(step.type), opdrachtId: run.opdrachtId, data };
}

export function toRunView(row: RunRow): RunView {
  const scenario = scenarioById(row.scenarioId);
  const verwacht = scenario && expectedAt(row, scenario);
  return {
    id: row.id,
    deelnemer: row.deelnemer,
    flow: row.flow,
    side: row.side,
    scenario: { id: row.scenarioId, naam: scenario?.naam ?? row.scenarioId, stappen: scenario?.steps.length ?? 0 },
    opdrachtId: row.opdrachtId,
    status: row.status as RunView['status'],
    step: row.step,
    stepTimeoutSeconds: row.stepTimeoutSeconds,
    reason: row.reason,
    started: row.started.toISOString(),
    startedBy: row.startedBy,
    ended: row.ended?.toISOString() ?? null,
    steps: row.steps,
    ...(verwacht && { verwacht }),
  };
}

/** The report of the step under way, made when the step begins. */
export function currentReport(run: RunRow, scenario: ConformanceScenario): ConformanceStepReport {
  const step = scenario.steps[run.step]!;
  return (
    run.steps[run.step] ?? {
      index: run.step,
      type: step.type,
      door: step.senderSide === run.side ? 'deelnemer' : 'simulator',
      status: 'lopend',
      begonnen: run.stepStarted.toISOString(),
    }
  );
}

/** The steps with the current one replaced. */
export function withReport(run: RunRow, report: ConformanceStepReport): ConformanceStepReport[] {
  const steps = [...run.steps];
  steps[run.step] = report;
  return steps;
}

/** At most this many refusals are kept per step: enough to see a loop, not a flood. */
export const MAX_REFUSALS = 20;

export function withRefusal(report: ConformanceStepReport, refusal: ConformanceRefusal): ConformanceStepReport {
  return { ...report, weigeringen: [...(report.weigeringen ?? []), refusal].slice(-MAX_REFUSALS) };
}
