import {
  CONCURRENCY_TEXTS,
  REGELS_TEXTS,
  sameMoment,
  ruleTreeOf,
  type copyScenarioSchema,
  type createScenarioSchema,
  type Discipline,
  type patchScenarioSchema,
  type publishVersionSchema,
  type RuleNode,
  type Scenario,
  type scenarioQuerySchema,
  type versionQuerySchema,
  type compareQuerySchema,
  type Lookup,
  BERICHT_VERSIES,
  DISCIPLINES,
  WERKZAAMHEDEN_WAARDEN,
  dutchToday,
  isPassed,
} from '@knooppunt/domain';
import type { z } from 'zod';
import type { Actor, AuditService } from '../../audit/service';
import type { AuthUser } from '../../auth/verifier';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import {
  calendar,
  countEqual,
  datesFor,
  deleteScenario,
  insertScenario,
  netbeheerderNames,
  scenarioById,
  searchScenarios,
  toScenarioRow,
  updateScenario,
  type ScenarioRecord,
} from './repository';
import { changerOf, netbeheerderFor } from './acting-for';
import { compareVersions, publishVersion, searchVersions, toVersion, versionById } from './versions-repository';

export type RegelsService = ReturnType<typeof createRegelsService>;

/** Sets the obligation of node `id` in a tree; answers the new tree, or undefined when no node has that id. */
function withObligation(nodes: readonly RuleNode[], id: string, verplichting: RuleNode['verplichting']) {
  let found: RuleNode | undefined;
  const walk = (list: readonly RuleNode[]): RuleNode[] =>
    list.map((node) => {
      if (node.id === id) found = node;
      return { ...node, verplichting: node.id === id ? verplichting : node.verplichting, rules: walk(node.rules) };
    });
  const tree = walk(nodes);
  return found ? { tree, node: found } : undefined;
}

export function createRegelsService({ db, audit }: { db: Database; audit: AuditService }) {
  /** New rules are for the caller's own netbeheerder, or the one a super-role user acts for (decision 0029). */
  const makerOf = (user: AuthUser, requested: string | undefined) =>
    netbeheerderFor(db, user, requested, REGELS_TEXTS.geenNetbeheerder);
  const found = async (id: string, tx: Database = db, lock = false) => {
    const scenario = await scenarioById(tx, id, lock);
    if (!scenario) throw new NotFoundError(REGELS_TEXTS.scenarioNietGevonden);
    return scenario;
  };
  /** A concept the caller may change: its own netbeheerder's, or acting for its netbeheerder. */
  const concept = async (tx: Database, user: AuthUser, id: string) => {
    const scenario = await found(id, tx, true);
    const actor = changerOf(user, scenario.netbeheerder, REGELS_TEXTS.nietEigen);
    if (scenario.versionId) throw new ConflictError(REGELS_TEXTS.gepubliceerd);
    return { scenario, actor };
  };
  const view = async (scenario: ScenarioRecord): Promise<Scenario> => ({
    ...toScenarioRow(scenario),
    tgRules: scenario.tgRules,
    agaRules: scenario.agaRules,
    gelijk: await countEqual(db, scenario),
  });
  const audited = (actor: Actor, action: string, id: string, before?: unknown, after?: unknown) => ({
    actor,
    entry: { action, subjectType: 'scenario', subjectId: id, before, after },
  });

  return {
    async lookup(): Promise<Lookup> {
      const dates = await calendar(db);
      const today = dutchToday();
      return {
        berichtVersies: [...BERICHT_VERSIES],
        disciplines: [...DISCIPLINES],
        netbeheerders: await netbeheerderNames(db),
        werkzaamheden: Object.fromEntries(Object.entries(WERKZAAMHEDEN_WAARDEN).map(([k, v]) => [k, [...v]])),
        ingangsdatums: Object.fromEntries(BERICHT_VERSIES.map((versie) => [versie, datesFor(dates, versie, today)])),
      };
    },

    async search(query: z.output<typeof scenarioQuerySchema>) {
      const { items, count } = await searchScenarios(db, query);
      return { items, count, skip: query.skip, limit: query.limit };
    },

    async get(id: string): Promise<Scenario> {
      return view(await found(id));
    },

    async getPair(id: string, compareId: string): Promise<{ scenario: Scenario; compared: Scenario }> {
      const [scenario, compared] = await Promise.all([found(id), found(compareId)]);
      return { scenario: await view(scenario), compared: await view(compared) };
    },

    async create(user: AuthUser, input: z.output<typeof createScenarioSchema>): Promise<Scenario> {
      const { netbeheerder, actor: maker } = await makerOf(user, input.netbeheerder);
      const discipline = input.discipline as Discipline;
      const id = await db.transaction(async (tx) => {
        const id = await insertScenario(tx, {
          netbeheerder,
          berichtVersie: input.berichtVersie,
          discipline,
          omschrijving: input.omschrijving,
          werkzaamheden: input.werkzaamheden,
          tgRules: ruleTreeOf(discipline, 'tg'),
          agaRules: ruleTreeOf(discipline, 'aga'),
        });
        if (!id) throw new ConflictError(REGELS_TEXTS.dubbelScenario);
        const { actor, entry } = audited(maker, 'scenario.create', id, undefined, { ...input, netbeheerder });
        await audit.record(tx, actor, entry);
        return id;
      });
      return view(await found(id));
    },

    async copy(user: AuthUser, id: string, input: z.output<typeof copyScenarioSchema>): Promise<Scenario> {
      const { netbeheerder, actor: maker } = await makerOf(user, input.netbeheerder);
      const source = await found(id);
      const copyId = await db.transaction(async (tx) => {
        const copyId = await insertScenario(tx, {
          netbeheerder,
          berichtVersie: source.berichtVersie,
          discipline: source.discipline,
          omschrijving: input.omschrijving,
          werkzaamheden: input.werkzaamheden,
          tgRules: source.tgRules,
          agaRules: source.agaRules,
        });
        if (!copyId) throw new ConflictError(REGELS_TEXTS.dubbelScenario);
        const { actor, entry } = audited(maker, 'scenario.copy', copyId, { from: id }, { ...input, netbeheerder });
        await audit.record(tx, actor, entry);
        return copyId;
      });
      return view(await found(copyId));
    },

    async patch(user: AuthUser, id: string, input: z.output<typeof patchScenarioSchema>): Promise<Scenario> {
      const changed = await db.transaction(async (tx) => {
        const { scenario, actor: changer } = await concept(tx, user, id);
        // Only a change to the scenario as the caller saw it (decision 0025).
        if (!sameMoment(scenario.changed, input.basedOn.changed)) {
          throw new ConflictError(CONCURRENCY_TEXTS.scenarioChanged);
        }
        if ('omschrijving' in input) {
          await updateScenario(tx, id, { omschrijving: input.omschrijving });
          const { actor, entry } = audited(changer, 'scenario.edit', id, scenario.omschrijving, input.omschrijving);
          await audit.record(tx, actor, entry);
        } else {
          const tg = withObligation(scenario.tgRules, input.id, input.verplichting);
          const aga = tg ? undefined : withObligation(scenario.agaRules, input.id, input.verplichting);
          const hit = tg ?? aga;
          if (!hit) throw new ValidationError('id', REGELS_TEXTS.onbekendeNode);
          if (hit.node.fixed && input.verplichting !== 'Ja') {
            throw new ValidationError('verplichting', REGELS_TEXTS.vastVeld);
          }
          await updateScenario(tx, id, tg ? { tgRules: tg.tree } : { agaRules: aga!.tree });
          const { actor, entry } = audited(changer, 'scenario.obligation', id, hit.node.verplichting, {
            id: input.id,
            verplichting: input.verplichting,
          });
          await audit.record(tx, actor, entry);
        }
        return found(id, tx);
      });
      return view(changed);
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { scenario, actor: changer } = await concept(tx, user, id);
        await deleteScenario(tx, id);
        const { actor, entry } = audited(changer, 'scenario.delete', id, toScenarioRow(scenario));
        await audit.record(tx, actor, entry);
      });
    },

    async versions(query: z.output<typeof versionQuerySchema>) {
      const { items, count } = await searchVersions(db, query);
      return { items, count, skip: query.skip, limit: query.limit };
    },

    async publish(user: AuthUser, input: z.output<typeof publishVersionSchema>) {
      const { netbeheerder, actor } = await makerOf(user, input.netbeheerder);
      const today = dutchToday();
      // A passed date would make the new version older than the one in force (decision 0057).
      if (isPassed(input.ingangsdatum, today)) {
        throw new ValidationError('ingangsdatum', REGELS_TEXTS.ingangsdatumVerstreken);
      }
      if (!datesFor(await calendar(db), input.berichtVersie, today).includes(input.ingangsdatum)) {
        throw new ValidationError('ingangsdatum', REGELS_TEXTS.ingangsdatum);
      }
      const version = await db
        .transaction(async (tx) => {
          const published = await publishVersion(tx, { ...input, netbeheerder });
          if (!published) throw new ConflictError(REGELS_TEXTS.geenConcepten);
          await audit.record(tx, actor, {
            action: 'version.publish',
            subjectType: 'version',
            subjectId: published.id,
            after: toVersion(published),
          });
          return published;
        })
        .catch((error: unknown) => {
          // Another publication of the same netbeheerder and berichtVersie took this number first.
          throw isUniqueViolation(error) ? new ConflictError(REGELS_TEXTS.tegelijkGepubliceerd) : error;
        });
      return toVersion(version);
    },

    async compare(id: string, compareId: string, query: z.output<typeof compareQuerySchema>) {
      const [version, compared] = await Promise.all([versionById(db, id), versionById(db, compareId)]);
      if (!version || !compared) throw new NotFoundError(REGELS_TEXTS.versieNietGevonden);
      const { items, count } = await compareVersions(db, id, compareId, query);
      return { items, count, skip: query.skip, limit: query.limit };
    },
  };
}
