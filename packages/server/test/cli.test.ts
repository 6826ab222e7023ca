import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_TEXTS, runCli } from '../src/cli';
import { databaseLabel } from '../src/db/label';
import { createTestApp } from './helpers';

/*
 * The operator's command works on the database it is told, says which, and never makes an empty
 * one (issue 29 item 6, decision 0046). The commands themselves: first-admin.test.ts (invite),
 * secret-key-rotation.test.ts (rotate-secret-key).
 */

async function run(args: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    args,
    env,
    (line) => void out.push(line),
    (line) => void err.push(line),
  );
  return { code, out, err };
}

describe('npm run knooppunt: which database', () => {
  it('refuses without DATABASE_URL or DATA_DIR rather than create an empty database in ./data', async () => {
    const result = await run(['invite', 'beheer@knooppunt.example'], { PUBLIC_URL: 'https://knooppunt.example' });
    expect(result).toEqual({ code: 1, out: [], err: [CLI_TEXTS.noDatabase] });
    expect((await run(['rotate-secret-key'], {})).err).toEqual([CLI_TEXTS.noDatabase]);
  });

  it('refuses a DATA_DIR that holds no database, and creates none there', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'knooppunt-cli-'));
    const missing = path.join(empty, 'elders');
    for (const dataDir of [empty, missing]) {
      const result = await run(['invite', 'beheer@knooppunt.example'], {
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://knooppunt.example',
      });
      expect(result).toEqual({ code: 1, out: [], err: [CLI_TEXTS.noDatabaseInDataDir(path.join(dataDir, 'pgdata'))] });
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    }
    expect(existsSync(missing)).toBe(false);
  });

  it('answers its usage to an unknown command or missing argument, before anything else', async () => {
    for (const args of [[], ['invite'], ['rotate-secret-key', 'extra'], ['onbekend']]) {
      const result = await run(args, {});
      expect(result.code).toBe(2);
      expect(result.err[0]).toMatch(/^Gebruik: npm run knooppunt -- <opdracht>/);
    }
  });

  it('names the database in one line, never with its password', () => {
    expect(databaseLabel({ kind: 'postgres', url: 'postgres://knooppunt:geheim@db.internal:5432/knooppunt' })).toBe(
      'PostgreSQL knooppunt@db.internal:5432/knooppunt',
    );
    expect(databaseLabel({ kind: 'postgres', url: 'postgres:///knooppunt?host=/var/run/postgresql' })).toBe(
      'PostgreSQL /var/run/postgresql/knooppunt',
    );
    expect(databaseLabel({ kind: 'postgres', url: 'host=db user=knooppunt password=geheim' })).toBe(
      'PostgreSQL (DATABASE_URL)',
    );
    expect(databaseLabel({ kind: 'pglite', dataDir: '/srv/knooppunt/data/pgdata' })).toBe(
      'PGlite in /srv/knooppunt/data/pgdata',
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: says which server and database, without the password',
    async () => {
      const t = await createTestApp();
      try {
        if (t.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
        // The test server trusts every local connection, so a password in the URL changes nothing but the text.
        const url = new URL(t.config.database.url);
        url.password = 'zeer-geheim';
        const result = await run(['invite', 'beheer@knooppunt.example'], {
          DATABASE_URL: url.toString(),
          PUBLIC_URL: 'https://knooppunt.example',
          LOG_LEVEL: 'silent',
        });
        expect(result.code).toBe(0);
        expect(result.out[0]).toBe(`Database: PostgreSQL ${url.username}@${url.host}${url.pathname}`);
        expect(result.out.join('\n')).not.toContain('zeer-geheim');
      } finally {
        await t.close();
      }
    },
  );
});
