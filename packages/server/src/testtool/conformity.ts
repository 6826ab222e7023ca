import { and, eq, max } from 'drizzle-orm';
import {
  CONFORMITY_TEXTS,
  conformanceScenarios,
  flowOf,
  sendsFor,
  type Conformity,
  type Flow,
  type FlowConformity,
  type Side,
} from '@knooppunt/domain';
import type { AuditService } from '../audit/service';
import type { AuthUser } from '../auth/verifier';
import type { Database } from '../db/client';
import { conformanceRequirements, conformanceRuns } from '../db/schema';
import { ForbiddenError, NotFoundError } from '../errors';
import { organisationOfDeelnemer } from '../modules/system-clients/repository';

const FLOW_NAMES: Record<Flow, string> = { aansluiting: 'Aansluiting', hoofdnet: 'Hoofdnet' };

/** The side an organisation type plays in an order, if any. */
export function sideOf(type: string): Side | undefined {
  if (sendsFor('opdrachtgever', type)) return 'opdrachtgever';
  return sendsFor('opdrachtnemer', type) ? 'opdrachtnemer' : undefined;
}

/**
 * Whether participants passed their conformance runs (decision 0040): per flow, every scenario of
 * the catalogue passed at least once on the participant's side; the date is the newest of those
 * passes. An operator may require it before a production configuration is activated.
 */
export function createConformity({ db, audit }: { db: Database; audit: AuditService }) {
  async function flowsOf(deelnemer: string, side: Side): Promise<FlowConformity[]> {
    const passed = await db
      .select({ scenarioId: conformanceRuns.scenarioId, at: max(conformanceRuns.ended) })
      .from(conformanceRuns)
      .where(
        and(
          eq(conformanceRuns.deelnemer, deelnemer),
          eq(conformanceRuns.side, side),
          eq(conformanceRuns.status, 'geslaagd'),
        ),
      )
      .groupBy(conformanceRuns.scenarioId);
    const when = new Map(passed.map((row) => [row.scenarioId, row.at]));
    return (['aansluiting', 'hoofdnet'] as const).map((flow) => {
      const scenarios = conformanceScenarios().filter(
        (scenario) => scenario.flow === flow && (scenario.kant === undefined || scenario.kant === side),
      );
      const ontbrekend = scenarios.filter((scenario) => !when.get(scenario.id));
      const dates = scenarios.map((scenario) => when.get(scenario.id)?.getTime() ?? 0);
      return {
        flow,
        side,
        geslaagdOp: ontbrekend.length ? null : new Date(Math.max(...dates)).toISOString(),
        ontbrekend: ontbrekend.map(({ id, naam }) => ({ id, naam })),
      };
    });
  }

  /** Whether it is required; `tx` locks the row (or its absence's gap) for a change. */
  async function isRequired(deelnemer: string, tx?: Database): Promise<boolean> {
    const query = (tx ?? db)
      .select({ deelnemer: conformanceRequirements.deelnemer })
      .from(conformanceRequirements)
      .where(eq(conformanceRequirements.deelnemer, deelnemer));
    const [row] = tx ? await query.for('update') : await query;
    return row !== undefined;
  }

  /** A participant's conformity; `vereist` when the caller read it already. */
  async function of(deelnemer: string, vereist?: boolean): Promise<Conformity> {
    const organisation = await organisationOfDeelnemer(db, deelnemer);
    if (!organisation) throw new NotFoundError();
    const side = sideOf(organisation.type);
    return {
      deelnemer,
      vereist: vereist ?? (await isRequired(deelnemer)),
      stromen: side ? await flowsOf(deelnemer, side) : [],
    };
  }

  return {
    /** A participant's conformity: the own organisation's, or any with the super role. */
    async get(user: AuthUser, deelnemer: string): Promise<Conformity> {
      if (!user.permissions.canSeeAllParticipants && deelnemer !== user.deelnemer) {
        throw new ForbiddenError(CONFORMITY_TEXTS.notVisible);
      }
      return of(deelnemer);
    },

    /** 'Testtool Beheren': require passed runs before activation, or not (audited). */
    async setRequired(user: AuthUser, deelnemer: string, vereist: boolean): Promise<Conformity> {
      if (!(await organisationOfDeelnemer(db, deelnemer))) throw new NotFoundError();
      await db.transaction(async (tx) => {
        const before = await isRequired(deelnemer, tx);
        if (before === vereist) return;
        if (vereist) {
          await tx.insert(conformanceRequirements).values({ deelnemer, changedBy: user.email ?? user.sub });
        } else {
          await tx.delete(conformanceRequirements).where(eq(conformanceRequirements.deelnemer, deelnemer));
        }
        await audit.record(tx, user, {
          action: 'conformiteit.vereist',
          subjectType: 'conformiteit',
          subjectId: deelnemer,
          before: { vereist: before },
          after: { vereist },
        });
      });
      return of(deelnemer);
    },

    /**
     * The reason a production configuration of this participant may not be activated yet, or
     * undefined: conformity is not required, or the flow's runs have passed.
     */
    async activationRefusal(deelnemer: string, versienummer: string): Promise<string | undefined> {
      if (!(await isRequired(deelnemer))) return undefined;
      const { stromen } = await of(deelnemer, true);
      const flow = flowOf(versienummer);
      const status = stromen.find((candidate) => candidate.flow === flow);
      if (!status || status.geslaagdOp) return undefined;
      return CONFORMITY_TEXTS.required(
        deelnemer,
        FLOW_NAMES[flow],
        status.ontbrekend.map((scenario) => scenario.naam),
      );
    },
  };
}

export type ConformityService = ReturnType<typeof createConformity>;
