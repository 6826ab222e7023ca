/**
 * The application under test for bench:search: the whole app in-process (API role, no demo) on a
 * fresh database (bench/lib/platform.ts), with portal users' access tokens.
 */
import { startPlatform, type DatabaseKind, type Platform } from '../lib/platform';

export { portalToken } from '../lib/platform';
export type { DatabaseKind };
export type SearchApp = Platform;

export const startSearchApp = (kind: DatabaseKind, serverUrl: string | undefined): Promise<SearchApp> =>
  startPlatform(kind, serverUrl, { ROLE: 'api' });
