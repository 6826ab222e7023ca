/**
 * The application under test for bench:search: the whole app in-process (`buildApp`, API role,
 * no demo) on a fresh database — a new database on a PostgreSQL server, or PGlite in a temporary
 * folder — listening on 127.0.0.1, with access tokens as the embedded provider signs them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT, importJWK, type JWK } from 'jose';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig, type Config } from '../../packages/server/src/config';
import { signingKeys } from '../../packages/server/src/db/schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface SearchApp {
  app: FastifyInstance;
  config: Config;
  origin: string;
  close(): Promise<void>;
}

export async function startSearchApp(kind: DatabaseKind, serverUrl: string | undefined): Promise<SearchApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-search-'));
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DEMO: '0',
    ROLE: 'api',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    SECRET_KEY: randomBytes(32).toString('base64'),
  });
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    if (!serverUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const name = `knooppunt_search_${randomUUID().replaceAll('-', '')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    config.database = { kind: 'postgres', url: url.toString() };
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  } else {
    config.database = { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  }
  const app = await buildApp(config);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    config,
    origin,
    close: async () => {
      await app.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A portal user's access token, as test/helpers.ts `tokenFor` makes them; valid for an hour. */
export async function portalToken({ app, config }: SearchApp, deelnemer: string, roles: string[]): Promise<string> {
  const [row] = await app.db.select().from(signingKeys).limit(1);
  if (!row) throw new Error('no signing key');
  const jwk = row.jwk as JWK;
  const { claims } = config.oidc;
  return new SignJWT({
    [claims.roles]: roles,
    [claims.deelnemer]: deelnemer,
    [claims.email]: `bench@${deelnemer.toLowerCase()}.example`,
    client_id: config.oidc.portalClientId,
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setSubject(randomUUID())
    .setIssuer(config.oidc.issuer)
    .setAudience(config.oidc.audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
}
