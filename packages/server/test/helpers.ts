import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, importJWK, type JWK } from 'jose';
import { permissionsFor } from '@knooppunt/domain';
import { buildApp, type BuildOptions } from '../src/app';
import type { AuthUser } from '../src/auth/verifier';
import { loadConfig, type Config } from '../src/config';
import { signingKeys } from '../src/db/schema';
import { closedPort } from './support/local-server';
import { testDatabase } from './support/test-database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh application on a fresh database: PGlite in memory, or — when TEST_DATABASE_URL names a
 * PostgreSQL server — a new database created on that server and dropped afterwards.
 */
export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO: '1',
    WEB_DIST: '/nonexistent',
    SECRET_KEY: randomBytes(32).toString('base64'),
    // Route tests see the outbox as they left it; the delivery tests start a worker themselves.
    ROLE: 'api',
    // Demo participants answer what they receive, but no generated orders unless a test asks.
    DEMO_ORDERS_PER_MINUTE: '0',
    DEMO_RULES: '0',
    ...env,
  });
  const { database, drop } = await testDatabase();
  config.database = database;
  const app = await buildApp(config, options);
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * A fresh application listening on a free port of 127.0.0.1, with its public URL set to match:
 * for tests that need the server reachable over HTTP (the identity provider, demo participants).
 */
export async function createListeningTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const port = await closedPort();
  const t = await createTestApp(
    { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    options,
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

/** Log lines of an app built with `{ logStream: log.stream }`, parsed: for tests that read what it logged. */
export function logCollector() {
  const lines: { msg?: string; level?: number; [key: string]: unknown }[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as { msg?: string }) } };
}

export interface TokenClaims {
  roles?: string[];
  deelnemer?: string;
  email?: string;
  sub?: string;
  expiresIn?: string;
  audience?: string;
  /** The OAuth client the token was issued to; the portal's unless said otherwise. */
  clientId?: string;
  /**
   * Whether the token carries the system claim, as the embedded provider's client-credentials
   * tokens do: by default exactly when `clientId` names a client other than the portal.
   */
  system?: boolean;
  /** How the user logged in (RFC 8176), as the embedded provider's access tokens say (decision 0054). */
  amr?: string[];
  /** The environment claim: 'test' as a test client's tokens carry it (decision 0038). */
  omgeving?: 'test';
  /**
   * When the user logged in (`auth_time`, seconds): a user's token says it logged in just now
   * unless given (null: no claim, as a system's token); the dangerous actions read it (decision 0055).
   */
  authTime?: number | null;
}

/**
 * An access token as the embedded provider issues it (same key, issuer, audience and claim
 * names), for callers with the given roles. The real login flow is covered by idp.test.ts.
 */
export async function tokenFor(
  { app, config }: Pick<TestApp, 'app' | 'config'>,
  claims: TokenClaims = {},
): Promise<string> {
  const [row] = await app.db.select().from(signingKeys).limit(1);
  if (!row) throw new Error('no signing key');
  const jwk = row.jwk as JWK;
  const key = await importJWK(jwk, 'RS256');
  const { claims: names, system } = config.oidc;
  const clientId = claims.clientId ?? config.oidc.portalClientId;
  return new SignJWT({
    [names.roles]: claims.roles ?? [],
    [names.deelnemer]: claims.deelnemer ?? 'Knooppunt_Beheer',
    [names.email]: claims.email ?? 'test@knooppunt.example',
    client_id: clientId,
    ...((claims.system ?? clientId !== config.oidc.portalClientId) && { [system.claim]: system.value }),
    ...(claims.omgeving && { [names.omgeving]: claims.omgeving }),
    ...(claims.amr && { amr: claims.amr }),
    ...authTimeClaim(claims, clientId === config.oidc.portalClientId),
  })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setSubject(claims.sub ?? randomUUID())
    .setIssuer(config.oidc.issuer)
    .setAudience(claims.audience ?? config.oidc.audience)
    .setIssuedAt()
    .setExpirationTime(claims.expiresIn ?? '5m')
    .sign(key);
}

function authTimeClaim({ authTime }: TokenClaims, user: boolean): { auth_time?: number } {
  if (authTime === null) return {};
  if (authTime !== undefined) return { auth_time: authTime };
  return user ? { auth_time: Math.floor(Date.now() / 1000) } : {};
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The headers of a participant's system, as the demo's client `<deelnemer>-systeem` gets its token. */
export async function systemHeaders(t: Pick<TestApp, 'app' | 'config'>, deelnemer: string) {
  return bearer(await tokenFor(t, { deelnemer, clientId: `${deelnemer.toLowerCase()}-systeem` }));
}

/** A portal user with these roles as the verifier hands it to a service, for tests that call a service directly. */
export function serviceUser(roles: string[], deelnemer?: string): AuthUser {
  return {
    sub: 'beheerder',
    email: 'beheer@knooppunt.example',
    deelnemer,
    roles,
    permissions: permissionsFor(roles),
    clientId: undefined,
    system: false,
    omgeving: 'productie',
    recentLogin: { until: Number.POSITIVE_INFINITY, windowSeconds: 15 * 60 },
  };
}
