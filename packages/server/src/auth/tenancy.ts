import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { Statement, value } from '../db/statement';
import type { AuthUser } from './verifier';

/**
 * Whose data a caller may see: everyone's with the super role (`undefined`), else only their own
 * deelnemer's (decisions 0007 and 0010). A caller without a deelnemer claim sees nothing (`''`
 * matches no participant).
 */
export function visibleDeelnemer(user: AuthUser): string | undefined {
  return user.permissions.canSeeAllParticipants ? undefined : (user.deelnemer ?? '');
}

const operatorLookup = new Statement(
  sql`select 1 as found from organisations
      where type = 'Beheerder' and coalesce(metadata->>'deelnemer', organisatie) = ${value('deelnemer')} limit 1`,
  (rows) => rows.length > 0,
  // Asked on every monitoring call; a lookup whose plan does not change: prepared by name.
  { name: 'tenancy_is_operator' },
);

/**
 * Whether a deelnemer is an organisation of the platform operator (type 'Beheerder'): its staff
 * are no participant (decisions 0010, 0014).
 */
export async function isOperator(db: Database, deelnemer: string | undefined): Promise<boolean> {
  return !!deelnemer && operatorLookup.run(db, { deelnemer });
}

/**
 * Whose traffic a caller may monitor (decision 0010): as `visibleDeelnemer`, except that the
 * platform operator's own staff — users of an organisation of type 'Beheerder', such as the
 * 'Beheer Monitoring' and 'Uitval Beheren' roles — are no participant and see every participant's.
 */
export async function monitoringScope(db: Database, user: AuthUser): Promise<string | undefined> {
  const only = visibleDeelnemer(user);
  if (!only) return only;
  return (await isOperator(db, only)) ? undefined : only;
}
