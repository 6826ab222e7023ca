import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/client';

/** The provider's models that belong to a user's login: all of them end with its sessions. */
const LOGIN_MODELS = ['Session', 'Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode', 'Interaction'];

/** The access token's claim that holds the user's session generation when it was issued. */
export const SESSION_GENERATION_CLAIM = 'knooppunt_sessie';

/**
 * Ends the sessions of these users (inside `tx`, with the change that calls for it): the embedded
 * provider's sessions, grants, codes and refresh tokens are deleted, so no refresh gives another
 * access token, and their session generation moves on, so the access tokens already out are
 * refused from now on (the guard compares the token's generation). Called when a password is set,
 * a user is blocked, deleted or gets other roles, and when its organisation is deactivated.
 * Answers how many provider records ended.
 */
export async function endSessions(tx: Database, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const ids = sql`array(select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`;
  const [ended] = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (
          delete from oidc_payloads
          where (payload->>'accountId') = any(${ids})
            and model = any(array(select jsonb_array_elements_text(${JSON.stringify(LOGIN_MODELS)}::jsonb)))
          returning 1
        )
        select count(*)::int as n from gone`,
  );
  await tx.execute(
    sql`insert into session_generations (subject, generation)
        select id, 1 from unnest(${ids}) as id
        on conflict (subject) do update set generation = session_generations.generation + 1`,
  );
  return ended?.n ?? 0;
}

/** The user's session generation now: what a token issued now carries. */
export async function sessionGeneration(db: Database, subject: string): Promise<number> {
  const [row] = await queryRows<{ generation: number }>(
    db,
    sql`select generation from session_generations where subject = ${subject}`,
  );
  return row?.generation ?? 0;
}

/**
 * Whether an access token of `subject` issued in session generation `generation` was ended by
 * `endSessions`. A token without a generation was not issued to a user by the embedded provider.
 */
export async function tokenEnded(db: Database, subject: string, generation: number | undefined): Promise<boolean> {
  if (generation === undefined) return false;
  return (await sessionGeneration(db, subject)) > generation;
}
