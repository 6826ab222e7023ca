/**
 * The platform side of the delivery benchmark: the whole application (participants' API and
 * delivery worker in one process, as `npm start` runs it) on a fresh database, with its receivers
 * configured, and the bulk operations the benchmark needs around it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, importJWK, type JWK } from 'jose';
import pg from 'pg';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig, type Config } from '../../packages/server/src/config';
import { queryRows } from '../../packages/server/src/db/client';
import { signingKeys } from '../../packages/server/src/db/schema';
import { secretContext } from '../../packages/server/src/secrets/context';
import { createSecretCipher } from '../../packages/server/src/secrets/cipher';
import { OUTBOX_CHANNEL } from '../../packages/server/src/delivery/wakeup';
import type { BenchOrder } from './protocol';
import { pause } from './stats';

export const VERSIENUMMER = '2.0';
/** Spec 000: a sender allows 0 to 5 messages in flight; the benchmark uses the maximum. */
export const MAX_MESSAGES = 5;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Platform {
  app: FastifyInstance;
  config: Config;
  origin: string;
  /** The delivery worker processes beside the app (`workers` > 0), for their CPU time. */
  workerPids: number[];
  close(): Promise<void>;
}

/**
 * The whole app (no demo) on a fresh database — a new one on the PostgreSQL server of `serverUrl`,
 * or PGlite in a temporary folder — listening on 127.0.0.1. `env` overrides the configuration
 * (by default API and worker in one process, loopback receivers allowed). With `workers` > 0
 * (PostgreSQL only) the app here is the API (`ROLE=api`) and that many worker processes
 * (`ROLE=worker`, `npm start`'s entry point) deliver beside it, as a deployment with separate
 * worker processes runs.
 */
export async function startPlatform(
  kind: DatabaseKind,
  serverUrl: string | undefined,
  env: Record<string, string> = {},
  workers = 0,
): Promise<Platform> {
  if (workers > 0 && kind !== 'postgres') throw new Error('worker processes need PostgreSQL');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-bench-'));
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DEMO: '0',
    ROLE: workers > 0 ? 'api' : 'all',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    SECRET_KEY: randomBytes(32).toString('base64'),
    ALLOW_PRIVATE_TARGETS: '1',
    ...env,
  });
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    if (!serverUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    const name = `knooppunt_bench_${randomUUID().replaceAll('-', '')}`;
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
  const children = await Promise.all(Array.from({ length: workers }, () => startWorkerProcess(config)));
  return {
    app,
    config,
    origin,
    workerPids: children.map((child) => child.pid!),
    close: async () => {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null) return;
          child.kill('SIGTERM');
          await once(child, 'exit');
        }),
      );
      await app.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const SERVER_MAIN = path.resolve(import.meta.dirname, '../../packages/server/src/main.ts');

/** A delivery worker process (`ROLE=worker`) on the app's database and secret key, once healthy. */
async function startWorkerProcess(config: Config): Promise<ChildProcess> {
  // startPlatform allows worker processes only on PostgreSQL.
  const { url } = config.database as Extract<Config['database'], { kind: 'postgres' }>;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: url,
      SECRET_KEY: config.secretKey!,
      DATA_DIR: config.dataDir ?? tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO: '0',
      ALLOW_PRIVATE_TARGETS: '1',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`worker process exited with ${child.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return child;
    if (Date.now() > until) throw new Error('worker process not healthy after 60 s');
    await pause(100);
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
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

/** An active configuration per receiver pointing at the loopback receiver, and a running sender. */
export async function seedReceivers(platform: Platform, receivers: readonly string[], receiverOrigin: string) {
  const cipher = createSecretCipher(Buffer.from(platform.config.secretKey!, 'base64'));
  const urls = (deelnemer: string) =>
    Object.fromEntries(
      Object.keys(EXAMPLE_BERICHTEN).map((type) => [type, `${receiverOrigin}/${deelnemer}/callback/${type}`]),
    );
  for (const deelnemer of receivers) {
    await platform.app.db.execute(
      sql`insert into configurations (deelnemer, versienummer, version, draft, client_id, client_secret_encrypted, token_url, urls)
          values (${deelnemer}, ${VERSIENUMMER}, 1, false, ${`${deelnemer}-client`},
                  ${cipher.encrypt('bench-secret', secretContext(deelnemer, VERSIENUMMER))},
                  ${`${receiverOrigin}/${deelnemer}/token`}, ${JSON.stringify(urls(deelnemer))}::jsonb)`,
    );
    await platform.app.db.execute(
      sql`insert into senders (deelnemer, versienummer, version, running, max_messages)
          values (${deelnemer}, ${VERSIENUMMER}, 1, true, ${MAX_MESSAGES})`,
    );
  }
}

/** An access token with these claims, signed as the embedded provider signs them; valid for 2 h. */
export async function signToken(platform: Platform, subject: string, claims: Record<string, unknown>): Promise<string> {
  const [row] = await platform.app.db.select().from(signingKeys).limit(1);
  if (!row) throw new Error('no signing key');
  const jwk = row.jwk as JWK;
  const { oidc } = platform.config;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setSubject(subject)
    .setIssuer(oidc.issuer)
    .setAudience(oidc.audience)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(await importJWK(jwk, 'RS256'));
}

/**
 * A portal user's access token, as test/helpers.ts `tokenFor` makes them: logged in just now with a
 * second factor, as a user of the roles that require one must have (MFA_REQUIRED, decision 0054;
 * recent login, decision 0055).
 */
export function portalToken(platform: Platform, deelnemer: string, roles: string[]): Promise<string> {
  const { claims, portalClientId } = platform.config.oidc;
  return signToken(platform, randomUUID(), {
    [claims.roles]: roles,
    [claims.deelnemer]: deelnemer,
    [claims.email]: `bench@${deelnemer.toLowerCase()}.example`,
    client_id: portalClientId,
    amr: ['pwd', 'otp', 'mfa'],
    acr: '2',
    auth_time: Math.floor(Date.now() / 1000),
  });
}

/**
 * Registers the benchmark's participants as organisations, as an administrator does: the
 * participants' API accepts messages only from and to known participants of the right type.
 */
export async function registerParticipants(
  platform: Platform,
  participants: Record<string, 'Netbeheerder' | 'Aannemer'>,
) {
  const rows = Object.entries(participants).map(([organisatie, type]) => ({
    organisatie,
    type,
    metadata: { deelnemer: organisatie, delegerenden: [] },
  }));
  await platform.app.db.execute(
    sql`insert into organisations (organisatie, type, metadata)
        select organisatie, type, metadata from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as o(organisatie text, type text, metadata jsonb)
        on conflict do nothing`,
  );
}

/** Client-credentials tokens of the participants' systems, with the system claim as the embedded provider sets it. */
export async function systemTokens(platform: Platform, deelnemers: readonly string[]) {
  const { claims, system } = platform.config.oidc;
  const tokens: Record<string, string> = {};
  for (const deelnemer of deelnemers) {
    const clientId = `${deelnemer.toLowerCase()}-systeem`;
    tokens[deelnemer] = await signToken(platform, clientId, {
      [claims.roles]: [],
      [claims.deelnemer]: deelnemer,
      client_id: clientId,
      [system.claim]: system.value,
    });
  }
  return tokens;
}

/** Pauses or resumes every sender; resuming wakes the worker as the portal's resume does. */
export async function setSendersRunning(platform: Platform, running: boolean) {
  await platform.app.db.execute(sql`update senders set running = ${running}`);
  if (running) await platform.app.db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/**
 * Fills the outbox as accepted messages leave it: per order, its messages to its contractor in
 * sequence (`data.n`), and one head per order. In batches, each its own transaction.
 */
export async function prefillOutbox(platform: Platform, orders: readonly BenchOrder[], perOrder: number) {
  const data = { ...EXAMPLE_BERICHTEN.Opdracht.data };
  for (let start = 0; start < orders.length; start += 500) {
    const batch = orders.slice(start, start + 500).map((order) => ({ o: order.opdrachtId, r: order.opdrachtnemer }));
    await platform.app.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into messages (opdracht_id, versienummer, type, sender, receiver, idempotency_key, data)
            select b.o, ${VERSIENUMMER}, 'Opdracht', 'Bench_Afzender', b.r, gen_random_uuid()::text,
                   ${JSON.stringify(data)}::jsonb || jsonb_build_object('n', n)
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as b(o text, r text)
            cross join generate_series(0, ${perOrder - 1}) as n
            order by b.o, n`,
      );
      await tx.execute(
        sql`insert into order_heads (receiver, opdracht_id, message_id, versienummer, due)
            select distinct on (m.receiver, m.opdracht_id) m.receiver, m.opdracht_id, m.id, m.versienummer, m.next_attempt
            from messages m
            join jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as b(o text, r text) on m.opdracht_id = b.o
            order by m.receiver, m.opdracht_id, m.seq`,
      );
    });
  }
}

export async function undelivered(platform: Platform): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    platform.app.db,
    sql`select count(*)::int as n from messages where delivered_at is null`,
  );
  return Number(row?.n ?? 0);
}

/** Waits until no message is left undelivered; polls (the partial index of undelivered messages) every `everyMs`. */
export async function waitDrained(platform: Platform, timeoutMs: number, everyMs = 20) {
  const until = Date.now() + timeoutMs;
  for (let left = await undelivered(platform); left > 0; left = await undelivered(platform)) {
    if (Date.now() > until) throw new Error(`not delivered after ${timeoutMs} ms: ${left} left`);
    await pause(everyMs);
  }
}
