import { and, asc, eq, notInArray } from 'drizzle-orm';
import { CONFORMANCE_TEXTS, TESTTOOL_QUIET_SECONDS_DEFAULT, type ConformanceStepReport } from '@knooppunt/domain';
import { requeueDelivered } from '../modules/messages/resend-repository';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import type { InboundService } from '../modules/inbound/service';
import {
  currentReport,
  runningRuns,
  scenarioById,
  simulatorBericht,
  stepOfRun,
  updateRunAt,
  withReport,
  type RunRow,
} from './runs';
import { simulatorSystem } from './simulator';

/** How often the runner looks at the runs under way. */
export const RUNNER_TICK_MS = 500;

export interface RunnerOptions {
  db: Database;
  testDb: Database;
  /** The test environment's accepting service: the simulator sends through it as any system does. */
  inbound: Pick<InboundService, 'submit'>;
  log: { warn(details: object, message: string): void };
  tickMs?: number;
  /** How long a 'stilte' step watches for a message that should not come (TESTTOOL_QUIET_SECONDS). */
  quietSeconds?: number;
}

/** Refusals of one type in one step after which a participant's system counts as retrying forever. */
export const MAX_REPEATED_REFUSALS = 3;

const received = (message: { type: string; data: Record<string, unknown> }) => ({
  type: message.type,
  akkoord: message.data.akkoord,
  leveringId: message.data.leveringId,
});

function mostRepeatedRefusal(report: ConformanceStepReport): { type: string; count: number } | undefined {
  const counts = new Map<string, number>();
  for (const refusal of report.weigeringen ?? []) counts.set(refusal.type, (counts.get(refusal.type) ?? 0) + 1);
  const [type, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  return type === undefined ? undefined : { type, count: count! };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Moves the conformance runs on (decision 0040), in the worker: per run under way, the step it is
 * at — the simulator's message sent and then delivered to the participant's test callback, or the
 * participant's expected message found among what its system sent about the run's order — passes,
 * fails, or waits until its time is up. Every write is conditional on the run's step, so that two
 * workers looking at one run never move it twice; the simulator's message carries an idempotency
 * key of the run and step, so that it is sent once.
 */
export function createConformanceRunner(options: RunnerOptions) {
  const { db, testDb, inbound, log } = options;
  const quietSeconds = options.quietSeconds ?? TESTTOOL_QUIET_SECONDS_DEFAULT;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let stopped = true;

  const fail = (run: RunRow, report: ConformanceStepReport, reason: string) =>
    updateRunAt(db, run, {
      status: 'mislukt',
      reason,
      steps: withReport(run, { ...report, status: 'mislukt', ...finished(run) }),
      end: true,
    });

  const pass = async (run: RunRow, report: ConformanceStepReport) => {
    const last = run.step + 1 >= (scenarioById(run.scenarioId)?.steps.length ?? 0);
    await updateRunAt(db, run, {
      step: run.step + 1,
      steps: withReport(run, { ...report, status: 'geslaagd', ...finished(run) }),
      advance: true,
      ...(last && { status: 'geslaagd', end: true }),
    });
  };

  const finished = (run: RunRow) => {
    const now = new Date();
    return { klaar: now.toISOString(), ms: now.getTime() - run.stepStarted.getTime() };
  };

  /** The simulator's step: send its message once, then wait until it is delivered. */
  async function simulatorStep(run: RunRow, report: ConformanceStepReport, timedOut: boolean) {
    const scenario = scenarioById(run.scenarioId)!;
    if (!report.berichtId) {
      try {
        const accepted = await inbound.submit(
          simulatorSystem(run.side === 'opdrachtgever' ? 'opdrachtnemer' : 'opdrachtgever'),
          simulatorBericht(run, scenario),
          `testtool:${run.id}:${run.step}`,
        );
        await updateRunAt(db, run, { steps: withReport(run, { ...report, berichtId: accepted.id }) });
      } catch (error) {
        await fail(run, report, CONFORMANCE_TEXTS.simulatorRefused(errorText(error)));
      }
      return;
    }
    return deliveredStep(run, report, timedOut);
  }

  /** A simulator's message sent: the step passes once it is delivered to the participant's test callback. */
  async function deliveredStep(run: RunRow, report: ConformanceStepReport, timedOut: boolean) {
    const [message] = await testDb
      .select({ deliveredAt: messages.deliveredAt, failedAttempts: messages.failedAttempts, err: messages.err })
      .from(messages)
      .where(eq(messages.id, report.berichtId!));
    const evidence = {
      ...report,
      pogingen: (message?.failedAttempts ?? 0) + (message?.deliveredAt ? 1 : 0),
      ...(message?.err && { laatsteFout: message.err }),
    };
    if (message?.deliveredAt) return pass(run, evidence);
    if (timedOut) await fail(run, evidence, CONFORMANCE_TEXTS.notDelivered(run.stepTimeoutSeconds, message?.err?.msg));
  }

  /**
   * 'herhaal': the simulator's message of the step before is delivered once more by the test lane
   * — the same id, so the same Idempotency-Key — as after a lost answer; passes once delivered.
   */
  async function repeatStep(run: RunRow, report: ConformanceStepReport, timedOut: boolean) {
    const previous = run.steps[run.step - 1]?.berichtId;
    if (!previous) return fail(run, report, CONFORMANCE_TEXTS.simulatorRefused('geen bericht om te herhalen'));
    if (!report.berichtId) {
      const [message] = await testDb
        .select({ id: messages.id, receiver: messages.receiver, opdrachtId: messages.opdrachtId })
        .from(messages)
        .where(eq(messages.id, previous));
      if (message) await testDb.transaction((tx) => requeueDelivered(tx, message));
      await updateRunAt(db, run, { steps: withReport(run, { ...report, berichtId: previous }) });
      return;
    }
    return deliveredStep(run, report, timedOut);
  }

  /**
   * 'stilte': after its answer the participant's system sends nothing more about the order for
   * the quiet time — a repeat it handled once gets no second answer, a refusal no retry.
   */
  async function quietStep(run: RunRow, report: ConformanceStepReport) {
    const extra = await nextFromParticipant(run);
    if (extra) {
      return fail(
        run,
        { ...report, berichtId: extra.id, ontvangen: received(extra) },
        CONFORMANCE_TEXTS.notQuiet(describe(received(extra))),
      );
    }
    const refused = report.weigeringen?.at(-1);
    if (refused) return fail(run, report, CONFORMANCE_TEXTS.notQuiet(`${refused.type} (geweigerd: ${refused.status})`));
    if (Date.now() - run.stepStarted.getTime() >= quietSeconds * 1000) await pass(run, report);
  }

  /** The participant's first message about the run's order that no earlier step took. */
  async function nextFromParticipant(run: RunRow) {
    const taken = run.steps.slice(0, run.step).flatMap((earlier) => (earlier.berichtId ? [earlier.berichtId] : []));
    const [message] = await testDb
      .select({ id: messages.id, type: messages.type, data: messages.data })
      .from(messages)
      .where(
        and(
          eq(messages.opdrachtId, run.opdrachtId),
          eq(messages.sender, run.deelnemer),
          ...(taken.length ? [notInArray(messages.id, taken)] : []),
        ),
      )
      .orderBy(asc(messages.seq))
      .limit(1);
    return message;
  }

  /** The participant's step: its next message about the order must be the one the step expects. */
  async function participantStep(run: RunRow, report: ConformanceStepReport, timedOut: boolean) {
    const step = stepOfRun(run, scenarioById(run.scenarioId)!.steps[run.step]!);
    const message = await nextFromParticipant(run);
    if (message) {
      const evidence = { ...report, berichtId: message.id, ontvangen: received(message) };
      const got = received(message);
      const matches =
        message.type === step.type &&
        (step.akkoord === undefined || got.akkoord === step.akkoord) &&
        (step.leveringId === undefined || got.leveringId === step.leveringId);
      if (matches) return pass(run, evidence);
      return fail(run, evidence, CONFORMANCE_TEXTS.wrongAnswer(describe(step), describe(got)));
    }
    // Knooppunt refused the same message again and again: a system must not retry a refusal forever.
    const repeated = mostRepeatedRefusal(report);
    if (repeated && repeated.count >= MAX_REPEATED_REFUSALS) {
      return fail(run, report, CONFORMANCE_TEXTS.retriesRefused(repeated.type, repeated.count));
    }
    if (timedOut) await fail(run, report, CONFORMANCE_TEXTS.noAnswer(step.type, run.stepTimeoutSeconds));
  }

  async function evaluate(run: RunRow) {
    const scenario = scenarioById(run.scenarioId);
    const step = scenario?.steps[run.step];
    if (!scenario || !step) {
      await updateRunAt(db, run, { status: 'geslaagd', end: true });
      return;
    }
    const report = currentReport(run, scenario);
    const timedOut = Date.now() - run.stepStarted.getTime() > run.stepTimeoutSeconds * 1000;
    if (step.actie === 'herhaal') await repeatStep(run, report, timedOut);
    else if (step.actie === 'stilte') await quietStep(run, report);
    else if (step.senderSide === run.side) await participantStep(run, report, timedOut);
    else await simulatorStep(run, report, timedOut);
  }

  async function tick() {
    for (const run of await runningRuns(db)) {
      try {
        await evaluate(run);
      } catch (error) {
        log.warn({ err: error, run: run.id }, 'conformance run could not be moved on; tried again');
      }
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick()
        .catch((error: unknown) => log.warn({ err: error }, 'conformance runner tick failed'))
        .finally(() => {
          ticking = undefined;
          schedule();
        });
    }, options.tickMs ?? RUNNER_TICK_MS);
    timer.unref();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
    },
  };
}

function describe(message: { type: string; akkoord?: unknown; leveringId?: unknown }): string {
  const parts = [message.type];
  if (typeof message.akkoord === 'boolean') parts.push(`akkoord ${String(message.akkoord)}`);
  if (typeof message.leveringId === 'string') parts.push(`levering ${message.leveringId}`);
  return parts.join(', ');
}
