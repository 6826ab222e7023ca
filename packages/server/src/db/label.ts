import type { Config } from '../config';

/**
 * The database in one line, for the operator (the command line names the one it works on): the
 * server's user, host and database of DATABASE_URL, never its password; or PGlite's folder.
 */
export function databaseLabel(database: Config['database']): string {
  if (database.kind === 'pglite') return database.dataDir ? `PGlite in ${database.dataDir}` : 'PGlite in het geheugen';
  let url: URL;
  try {
    url = new URL(database.url);
  } catch {
    // A connection string in another form may hold a password anywhere: only its kind is named.
    return 'PostgreSQL (DATABASE_URL)';
  }
  const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
  const host = url.host || url.searchParams.get('host') || 'lokale socket';
  return `PostgreSQL ${user}${host}${decodeURIComponent(url.pathname)}`;
}
