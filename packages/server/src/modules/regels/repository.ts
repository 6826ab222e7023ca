import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { DRAFT, type ScenarioRow } from '@knooppunt/domain';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/like';
import { isUuid } from '../../db/uuid';
import { offeredDates } from './calendar';
import { ingangsdatums, organisations, ruleScenarios, ruleVersions } from '../../db/schema';

export type ScenarioRecord = typeof ruleScenarios.$inferSelect & { versie: number | null };
export type NewScenario = typeof ruleScenarios.$inferInsert;

const scenarioColumns = {
  id: ruleScenarios.id,
  netbeheerder: ruleScenarios.netbeheerder,
  berichtVersie: ruleScenarios.berichtVersie,
  discipline: ruleScenarios.discipline,
  versionId: ruleScenarios.versionId,
  omschrijving: ruleScenarios.omschrijving,
  werkzaamheden: ruleScenarios.werkzaamheden,
  tgRules: ruleScenarios.tgRules,
  agaRules: ruleScenarios.agaRules,
  created: ruleScenarios.created,
  changed: ruleScenarios.changed,
  versie: ruleVersions.versie,
};

export function toScenarioRow(record: Omit<ScenarioRecord, 'tgRules' | 'agaRules'>): ScenarioRow {
  return {
    _id: record.id,
    omschrijving: record.omschrijving,
    netbeheerder: record.netbeheerder,
    berichtVersie: record.berichtVersie,
    discipline: record.discipline,
    versie: record.versie ?? DRAFT,
    werkzaamheden: record.werkzaamheden,
    created: record.created.toISOString(),
    changed: record.changed.toISOString(),
  };
}

export interface ScenarioQuery {
  berichtVersie?: string | undefined;
  discipline?: string | undefined;
  versie?: typeof DRAFT | number | undefined;
  netbeheerder?: string | undefined;
  omschrijving?: string | undefined;
  skip: number;
  limit: number;
  sortBy: 'omschrijving' | 'versie' | 'berichtVersie' | 'discipline' | 'netbeheerder';
  sortDirection: 'asc' | 'desc';
}

const sortColumns = {
  omschrijving: ruleScenarios.omschrijving,
  versie: ruleVersions.versie,
  berichtVersie: ruleScenarios.berichtVersie,
  discipline: ruleScenarios.discipline,
  netbeheerder: ruleScenarios.netbeheerder,
};

export async function searchScenarios(db: Database, query: ScenarioQuery) {
  const conditions: SQL[] = [];
  if (query.berichtVersie) conditions.push(eq(ruleScenarios.berichtVersie, query.berichtVersie));
  if (query.discipline) conditions.push(eq(ruleScenarios.discipline, query.discipline));
  if (query.netbeheerder) conditions.push(eq(ruleScenarios.netbeheerder, query.netbeheerder));
  if (query.omschrijving) conditions.push(ilike(ruleScenarios.omschrijving, containsPattern(query.omschrijving)));
  if (query.versie === DRAFT) conditions.push(isNull(ruleScenarios.versionId));
  else if (query.versie !== undefined) conditions.push(eq(ruleVersions.versie, query.versie));
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const { tgRules: _tg, agaRules: _aga, ...rowColumns } = scenarioColumns;
  const [items, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(ruleScenarios)
      .leftJoin(ruleVersions, eq(ruleVersions.id, ruleScenarios.versionId))
      .where(where)
      .orderBy(direction(sortColumns[query.sortBy]), asc(ruleScenarios.omschrijving), asc(ruleScenarios.id))
      .offset(query.skip)
      .limit(query.limit),
    db
      .select({ count: count() })
      .from(ruleScenarios)
      .leftJoin(ruleVersions, eq(ruleVersions.id, ruleScenarios.versionId))
      .where(where),
  ]);
  return { items: items.map(toScenarioRow), count: total?.count ?? 0 };
}

/** One scenario with its version number; `lock` takes its row lock (for a change). */
export async function scenarioById(db: Database, id: string, lock = false): Promise<ScenarioRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db
    .select(scenarioColumns)
    .from(ruleScenarios)
    .leftJoin(ruleVersions, eq(ruleVersions.id, ruleScenarios.versionId))
    .where(eq(ruleScenarios.id, id));
  const [row] = await (lock ? query.for('update', { of: ruleScenarios }) : query);
  return row;
}

/** How many scenarios of the same set (concepts, or one version) and discipline have these rules. */
export async function countEqual(db: Database, scenario: ScenarioRecord): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(ruleScenarios)
    .where(
      and(
        eq(ruleScenarios.netbeheerder, scenario.netbeheerder),
        eq(ruleScenarios.berichtVersie, scenario.berichtVersie),
        eq(ruleScenarios.discipline, scenario.discipline),
        scenario.versionId ? eq(ruleScenarios.versionId, scenario.versionId) : isNull(ruleScenarios.versionId),
        sql`${ruleScenarios.tgRules} = ${JSON.stringify(scenario.tgRules)}::jsonb`,
        sql`${ruleScenarios.agaRules} = ${JSON.stringify(scenario.agaRules)}::jsonb`,
      ),
    );
  return row?.count ?? 0;
}

/** Inserts a concept, or answers undefined when its combination exists already (unique index). */
export async function insertScenario(db: Database, scenario: NewScenario): Promise<string | undefined> {
  const [row] = await db
    .insert(ruleScenarios)
    .values(scenario)
    .onConflictDoNothing()
    .returning({ id: ruleScenarios.id });
  return row?.id;
}

/** `changed` is the version token of a concept (decision 0025): every change moves it on by at least a millisecond. */
export async function updateScenario(db: Database, id: string, change: Partial<NewScenario>): Promise<void> {
  await db
    .update(ruleScenarios)
    .set({ ...change, changed: sql`greatest(now(), ${ruleScenarios.changed} + interval '1 millisecond')` })
    .where(eq(ruleScenarios.id, id));
}

export async function deleteScenario(db: Database, id: string): Promise<void> {
  await db.delete(ruleScenarios).where(eq(ruleScenarios.id, id));
}

export async function netbeheerderNames(db: Database): Promise<string[]> {
  const rows = await db
    .select({ deelnemer: sql<string>`coalesce(${organisations.metadata}->>'deelnemer', ${organisations.organisatie})` })
    .from(organisations)
    .where(eq(organisations.type, 'Netbeheerder'))
    .orderBy(asc(organisations.organisatie));
  return rows.map((row) => row.deelnemer);
}

/** The effective-date calendar: per berichtVersie its own dates, '*' for every other. */
export async function calendar(db: Database): Promise<Map<string, string[]>> {
  const rows = await db.select().from(ingangsdatums).orderBy(asc(ingangsdatums.datum));
  const byVersion = new Map<string, string[]>();
  for (const row of rows) byVersion.set(row.berichtVersie, [...(byVersion.get(row.berichtVersie) ?? []), row.datum]);
  return byVersion;
}

/** The dates offered for a berichtVersie on `today`: its stored ones (else '*'), with the pattern continued (calendar.ts). */
export const datesFor = (dates: Map<string, string[]>, berichtVersie: string, today: string) =>
  offeredDates(dates.get(berichtVersie) ?? dates.get('*') ?? [], today);
