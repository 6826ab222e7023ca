import { randomBytes } from 'node:crypto';
import { CONFORMANCE_TEXTS, conformanceScenarios, sendsFor, type RunView, type StartRun } from '@knooppunt/domain';
import type { Actor, AuditService } from '../audit/service';
import type { AuthUser } from '../auth/verifier';
import type { Database } from '../db/client';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { organisationOfDeelnemer } from '../modules/system-clients/repository';
import type { ImplementationPartners } from './implementation-partners';
import {
  currentReport,
  insertRun,
  listRuns,
  runById,
  runningRunOf,
  scenarioById,
  toRunView,
  updateRunAt,
  withRefusal,
  withReport,
  type RunRow,
} from './runs';

export type TesttoolService = ReturnType<typeof createTesttoolService>;

/** The runs a list shows: the newest. */
const LISTED_RUNS = 100;
const AUDIT_SUBJECT = 'testrun';

const actorName = (user: AuthUser) => user.email ?? user.sub;

/** `CONF-3F9A1C2B`: the order of a run in the test environment. */
const newOpdrachtId = () => `CONF-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * The Testtool's conformance runs (issue 28 item 2, decision 0040): start, list, read and stop.
 * A user with 'Testtool Verzenden' tests its own organisation's system; 'Testtool Beheren' (with
 * the super role) sees and starts every participant's. The runner (runner.ts) moves runs on.
 */
export function createTesttoolService({
  db,
  audit,
  stepTimeoutSeconds,
  partners,
}: {
  db: Database;
  audit: AuditService;
  stepTimeoutSeconds: number;
  partners: Pick<ImplementationPartners, 'actsFor' | 'actedFor'>;
}) {
  const acting = testtoolActing(partners);
  const visible = async (user: AuthUser, run: RunRow | undefined): Promise<RunRow> => {
    if (!run || !(await acting.mayTest(user, run.deelnemer))) throw new NotFoundError(CONFORMANCE_TEXTS.notFound);
    return run;
  };

  return {
    scenarios: () => ({
      items: conformanceScenarios().map((scenario) => ({
        id: scenario.id,
        flow: scenario.flow,
        naam: scenario.naam,
        ...(scenario.kant && { kant: scenario.kant }),
        stappen: scenario.steps.map(({ type, senderSide, akkoord, leveringId, actie }) => ({
          type,
          senderSide,
          ...(actie && { actie }),
          ...(akkoord !== undefined && { akkoord }),
          ...(leveringId !== undefined && { leveringId }),
        })),
      })),
    }),

    async start(user: AuthUser, body: StartRun): Promise<RunView> {
      const { deelnemer, actor } = await acting.actor(user, body.deelnemer);
      if (body.stapTimeoutSeconden !== undefined && !user.permissions.canManageTesttool) {
        throw new ForbiddenError(CONFORMANCE_TEXTS.timeoutNotAllowed);
      }
      const scenario = scenarioById(body.scenario);
      if (!scenario) throw new ValidationError('scenario', CONFORMANCE_TEXTS.unknownScenario(body.scenario));
      const organisation = await organisationOfDeelnemer(db, deelnemer);
      if (!organisation) throw new AppError(422, CONFORMANCE_TEXTS.unknownParticipant(deelnemer));
      const side = sendsFor('opdrachtgever', organisation.type)
        ? 'opdrachtgever'
        : sendsFor('opdrachtnemer', organisation.type)
          ? 'opdrachtnemer'
          : undefined;
      if (!side) throw new AppError(422, CONFORMANCE_TEXTS.noSide(organisation.organisatie, organisation.type));
      if (scenario.kant && scenario.kant !== side) {
        throw new AppError(422, CONFORMANCE_TEXTS.wrongSide(scenario.kant), [
          { field: 'scenario', message: CONFORMANCE_TEXTS.wrongSide(scenario.kant) },
        ]);
      }
      return db.transaction(async (tx) => {
        const run = await insertRun(tx, {
          deelnemer,
          flow: scenario.flow,
          side,
          scenarioId: scenario.id,
          opdrachtId: newOpdrachtId(),
          stepTimeoutSeconds: body.stapTimeoutSeconden ?? stepTimeoutSeconds,
          startedBy: actorName(user),
        });
        await audit.record(tx, actor, {
          action: 'testrun.start',
          subjectType: AUDIT_SUBJECT,
          subjectId: run.id,
          after: { deelnemer, scenario: scenario.id, side, opdrachtId: run.opdrachtId },
        });
        return toRunView(run);
      });
    },

    async list(user: AuthUser, deelnemer: string | undefined): Promise<{ items: RunView[] }> {
      if (user.permissions.canManageTesttool)
        return { items: (await listRuns(db, deelnemer, LISTED_RUNS)).map(toRunView) };
      // The own organisation's runs and those of the participants it implements for, or one of them.
      const mine = [user.deelnemer ?? '', ...(await partners.actedFor(user))];
      if (deelnemer !== undefined && !mine.includes(deelnemer))
        throw new ForbiddenError(CONFORMANCE_TEXTS.otherParticipant);
      return { items: (await listRuns(db, deelnemer ?? mine, LISTED_RUNS)).map(toRunView) };
    },

    async get(user: AuthUser, id: string): Promise<RunView> {
      return toRunView(await visible(user, await runById(db, id)));
    },

    async stop(user: AuthUser, id: string): Promise<RunView> {
      const run = await visible(user, await runById(db, id));
      const { actor } = await acting.actor(user, run.deelnemer);
      if (run.status !== 'lopend') throw new ConflictError(CONFORMANCE_TEXTS.notRunning);
      return db.transaction(async (tx) => {
        const stopped = await updateRunAt(tx, run, {
          status: 'gestopt',
          reason: CONFORMANCE_TEXTS.stopped(actorName(user)),
          end: true,
        });
        if (!stopped) throw new ConflictError(CONFORMANCE_TEXTS.notRunning);
        await audit.record(tx, actor, {
          action: 'testrun.stop',
          subjectType: AUDIT_SUBJECT,
          subjectId: run.id,
          before: { status: run.status, step: run.step },
        });
        return toRunView((await runById(tx, id))!);
      });
    },

    /**
     * Knooppunt refused a test message of a participant's system: when it concerns the order of a
     * run of that participant, the refusal is evidence of the run's current step. Never throws.
     */
    async recordRefusal(deelnemer: string, bericht: unknown, error: AppError): Promise<void> {
      const { opdrachtId, type } = (typeof bericht === 'object' && bericht !== null ? bericht : {}) as {
        opdrachtId?: unknown;
        type?: unknown;
      };
      if (typeof opdrachtId !== 'string' || opdrachtId.length > 64) return;
      const run = await runningRunOf(db, deelnemer, opdrachtId.trim());
      const scenario = run && scenarioById(run.scenarioId);
      if (!run || !scenario?.steps[run.step]) return;
      const refusal = {
        at: new Date().toISOString(),
        type: typeof type === 'string' ? type.slice(0, 100) : '',
        status: error.statusCode,
        message: error.message,
      };
      await updateRunAt(db, run, { steps: withReport(run, withRefusal(currentReport(run, scenario), refusal)) });
    },
  };
}

/**
 * Whom a Testtool user tests for: its own organisation; any participant with 'Testtool Beheren';
 * or, as implementation partner, a linked participant of the kind its 'Implementeert voor …' role
 * names (decision 0041) — then acting for it, as the audit log records.
 */
export function testtoolActing(partners: Pick<ImplementationPartners, 'actsFor'>) {
  const mayTest = async (user: AuthUser, deelnemer: string) =>
    deelnemer === user.deelnemer || user.permissions.canManageTesttool || (await partners.actsFor(user, deelnemer));
  return {
    mayTest,
    /** The participant tested and the actor the audit log records; 403 for one the user may not test. */
    async actor(user: AuthUser, deelnemer: string | undefined): Promise<{ deelnemer: string; actor: Actor }> {
      const own = user.deelnemer ?? '';
      const target = deelnemer ?? own;
      if (target === own) return { deelnemer: target, actor: user };
      if (!(await mayTest(user, target))) throw new ForbiddenError(CONFORMANCE_TEXTS.otherParticipant);
      return { deelnemer: target, actor: { ...user, actingFor: target } };
    },
  };
}
