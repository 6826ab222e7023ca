import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ComparedScenario, Verschil, Version } from '@knooppunt/domain';
import { queryRows, type Database } from '../../db/client';
import { ruleScenarios, ruleVersions } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import type { ScenarioQuery } from './repository';

type VersionRecord = typeof ruleVersions.$inferSelect;

export const toVersion = (row: VersionRecord): Version => ({
  _id: row.id,
  omschrijving: row.omschrijving,
  netbeheerder: row.netbeheerder,
  versie: row.versie,
  berichtVersie: row.berichtVersie,
  created: row.created.toISOString(),
  ingangsdatum: row.ingangsdatum,
});

export interface VersionQuery {
  berichtVersie?: string | undefined;
  netbeheerder?: string | undefined;
  skip: number;
  limit: number;
  sortBy: 'omschrijving' | 'netbeheerder' | 'versie' | 'berichtVersie' | 'created' | 'ingangsdatum';
  sortDirection: 'asc' | 'desc';
}

export async function searchVersions(db: Database, query: VersionQuery) {
  const conditions: SQL[] = [];
  if (query.berichtVersie) conditions.push(eq(ruleVersions.berichtVersie, query.berichtVersie));
  if (query.netbeheerder) conditions.push(eq(ruleVersions.netbeheerder, query.netbeheerder));
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(ruleVersions)
      .where(where)
      .orderBy(direction(ruleVersions[query.sortBy]), asc(ruleVersions.netbeheerder), desc(ruleVersions.versie))
      .offset(query.skip)
      .limit(query.limit),
    db.select({ count: count() }).from(ruleVersions).where(where),
  ]);
  return { items: items.map(toVersion), count: total?.count ?? 0 };
}

export async function versionById(db: Database, id: string): Promise<VersionRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(ruleVersions).where(eq(ruleVersions.id, id));
  return row;
}

/**
 * Publishes every concept of the netbeheerder for the berichtVersie as version n+1, inside the
 * caller's transaction: the version row, then a copy of each concept that belongs to it. Two
 * publications at once both read n; the unique (netbeheerder, berichtVersie, versie) lets one
 * of them fail rather than number twice. Answers undefined when there is no concept to publish.
 */
export async function publishVersion(
  tx: Database,
  input: {
    netbeheerder: string;
    berichtVersie: string;
    omschrijving: string;
    ingangsdatum: string;
    /** The publication date; now unless given (the demo's history is published in the past). */
    created?: Date;
  },
): Promise<VersionRecord | undefined> {
  const concepts = and(
    eq(ruleScenarios.netbeheerder, input.netbeheerder),
    eq(ruleScenarios.berichtVersie, input.berichtVersie),
    isNull(ruleScenarios.versionId),
  );
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(ruleScenarios).where(concepts);
  if (n === 0) return undefined;
  const [version] = await tx
    .insert(ruleVersions)
    .values({
      ...input,
      versie: sql`(select coalesce(max(versie), 0) + 1 from rule_versions
                   where netbeheerder = ${input.netbeheerder} and bericht_versie = ${input.berichtVersie})`,
    })
    .returning();
  await tx.execute(
    sql`insert into rule_scenarios (netbeheerder, bericht_versie, discipline, version_id, omschrijving, werkzaamheden, tg_rules, aga_rules)
        select netbeheerder, bericht_versie, discipline, ${version!.id}, omschrijving, werkzaamheden, tg_rules, aga_rules
        from rule_scenarios
        where netbeheerder = ${input.netbeheerder} and bericht_versie = ${input.berichtVersie} and version_id is null`,
  );
  return version;
}

interface ComparedRow extends Record<string, unknown> {
  id: string;
  current_id: string | null;
  compared_id: string | null;
  omschrijving: string;
  netbeheerder: string;
  bericht_versie: string;
  discipline: string;
  versie: number;
  werkzaamheden: Record<string, string>;
  created: Date | string;
  changed: Date | string;
  verschil: Verschil | null;
  compared_omschrijving: string | null;
  current_omschrijving: string | null;
  total: number;
}

const COMPARE_SORT: Record<ScenarioQuery['sortBy'], string> = {
  omschrijving: 'omschrijving',
  versie: 'versie',
  berichtVersie: 'bericht_versie',
  discipline: 'discipline',
  netbeheerder: 'netbeheerder',
};

/**
 * The scenarios of version `id` beside those of `compareId`, matched by discipline and combination
 * of work: only in `id` → toegevoegd, only in `compareId` → verwijderd (that row is the compared
 * scenario), in both with other obligations → gewijzigd, else no difference. The _id and
 * omschrijving pairs are [compared, current] (spec 001 §3).
 */
export async function compareVersions(
  db: Database,
  id: string,
  compareId: string,
  query: Pick<ScenarioQuery, 'discipline' | 'skip' | 'limit' | 'sortBy' | 'sortDirection'>,
) {
  const discipline = query.discipline ? sql`and s.discipline = ${query.discipline}` : sql``;
  const order = sql.raw(`${COMPARE_SORT[query.sortBy]} ${query.sortDirection === 'desc' ? 'desc' : 'asc'}, id`);
  const rows = await queryRows<ComparedRow>(
    db,
    sql`with cur as (
          select s.*, v.versie from rule_scenarios s join rule_versions v on v.id = s.version_id
          where s.version_id = ${id} ${discipline}
        ),
        cmp as (
          select s.*, v.versie from rule_scenarios s join rule_versions v on v.id = s.version_id
          where s.version_id = ${compareId} ${discipline}
        ),
        joined as (
          select coalesce(c.id, p.id) as id, coalesce(c.omschrijving, p.omschrijving) as omschrijving,
                 coalesce(c.netbeheerder, p.netbeheerder) as netbeheerder,
                 coalesce(c.bericht_versie, p.bericht_versie) as bericht_versie,
                 coalesce(c.discipline, p.discipline) as discipline, coalesce(c.versie, p.versie) as versie,
                 coalesce(c.werkzaamheden, p.werkzaamheden) as werkzaamheden,
                 coalesce(c.created, p.created) as created, coalesce(c.changed, p.changed) as changed,
                 case when p.id is null then 'toegevoegd'
                      when c.id is null then 'verwijderd'
                      when c.tg_rules <> p.tg_rules or c.aga_rules <> p.aga_rules then 'gewijzigd' end as verschil,
                 p.id as compared_id, c.id as current_id,
                 p.omschrijving as compared_omschrijving, c.omschrijving as current_omschrijving
          from cur c full join cmp p on p.discipline = c.discipline and p.werkzaamheden = c.werkzaamheden
        )
        select *, count(*) over () ::int as total from joined
        order by ${order} offset ${query.skip} limit ${query.limit}`,
  );
  const items = rows.map((row): ComparedScenario => ({
    _id: [row.compared_id, row.current_id],
    omschrijving: [row.compared_omschrijving, row.current_omschrijving],
    netbeheerder: row.netbeheerder,
    berichtVersie: row.bericht_versie,
    discipline: row.discipline,
    versie: Number(row.versie),
    werkzaamheden: row.werkzaamheden,
    created: new Date(row.created).toISOString(),
    changed: new Date(row.changed).toISOString(),
    verschil: row.verschil,
  }));
  // A page past the end has no rows to carry the total: count again.
  const total = rows[0]?.total ?? (query.skip > 0 ? await compareCount(db, id, compareId, query.discipline) : 0);
  return { items, count: Number(total) };
}

async function compareCount(db: Database, id: string, compareId: string, discipline: string | undefined) {
  const filter = discipline ? sql`and discipline = ${discipline}` : sql``;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select discipline, werkzaamheden from rule_scenarios where version_id = ${id} ${filter}
          union
          select discipline, werkzaamheden from rule_scenarios where version_id = ${compareId} ${filter}
        ) both_versions`,
  );
  return row?.n ?? 0;
}
