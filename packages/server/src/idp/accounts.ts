import type { Account, AccessToken, ClientCredentials, FindAccount, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { SESSION_GENERATION_CLAIM } from './sessions';
import { userById, type IdpUser } from './users-repository';

type ClaimNames = Config['oidc']['claims'];

/**
 * Accounts are rows of our users table. Every lookup reads the database, so a changed role or
 * organisation shows in the next token the user gets (at the latest at the next refresh).
 */
export function createAccounts(db: Database, names: ClaimNames) {
  const userClaims = (user: IdpUser): Record<string, unknown> => ({
    [names.email]: user.email,
    [names.deelnemer]: user.deelnemer,
    [names.roles]: user.roles,
  });

  const findAccount: FindAccount = async (_ctx, sub): Promise<Account | undefined> => {
    const user = await userById(db, sub);
    // A blocked user, or one of a deactivated organisation, has no account to the provider: no
    // session continues and no refresh token gives a token.
    if (!user || user.blocked || !user.organisationActive) return undefined;
    // The provider hands out only the claims of the granted scopes (see `claims` in provider.ts).
    return { accountId: user.id, claims: () => ({ sub: user.id, ...userClaims(user) }) };
  };

  /** What the API's verifier reads: a user's participant, roles and e-mail; a system's participant. */
  const extraTokenClaims = async (
    ctx: KoaContextWithOIDC,
    token: AccessToken | ClientCredentials,
  ): Promise<Record<string, unknown> | undefined> => {
    if (token.kind === 'AccessToken') {
      const user = await userById(db, token.accountId);
      if (!user || user.blocked || !user.organisationActive) return undefined;
      // How and when the user logged in (decision 0054), from the code or refresh token it is
      // issued for: the API refuses the rights that require a second factor without one.
      const login = ctx.oidc.entities.AuthorizationCode ?? ctx.oidc.entities.RefreshToken;
      return {
        ...userClaims(user),
        // The generation it is issued in: ending the user's sessions ends this token too (idp/sessions.ts).
        [SESSION_GENERATION_CLAIM]: user.sessionGeneration,
        ...(login?.amr && { amr: login.amr }),
        ...(login?.acr && { acr: login.acr }),
        ...(login?.authTime !== undefined && { auth_time: login.authTime }),
      };
    }
    const metadata = ctx.oidc.client?.metadata();
    const deelnemer = metadata?.['deelnemer'];
    if (typeof deelnemer !== 'string') return undefined;
    // A test client's tokens say so (decision 0038); a production client's carry no environment.
    return metadata?.['omgeving'] === 'test'
      ? { [names.deelnemer]: deelnemer, [names.omgeving]: 'test' }
      : { [names.deelnemer]: deelnemer };
  };

  return { findAccount, extraTokenClaims };
}
