/**
 * The application under test for bench:search: the whole app in-process (API role, no demo) on a
 * fresh database (bench/lib/platform.ts), with portal users' access tokens.
 */
import { randomUUID } from 'node:crypto';
import { signToken, startPlatform, type DatabaseKind, type Platform } from '../lib/platform';

export type { DatabaseKind };
export type SearchApp = Platform;

export const startSearchApp = (kind: DatabaseKind, serverUrl: string | undefined): Promise<SearchApp> =>
  startPlatform(kind, serverUrl, { ROLE: 'api' });

/** A portal user's access token, as test/helpers.ts `tokenFor` makes them. */
export function portalToken(platform: SearchApp, deelnemer: string, roles: string[]): Promise<string> {
  const { claims, portalClientId } = platform.config.oidc;
  return signToken(platform, randomUUID(), {
    [claims.roles]: roles,
    [claims.deelnemer]: deelnemer,
    [claims.email]: `bench@${deelnemer.toLowerCase()}.example`,
    client_id: portalClientId,
  });
}
