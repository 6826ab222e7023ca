import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EXAMPLE_BERICHTEN, SUPER_ROLE } from '@knooppunt/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { organisations } from '../src/db/schema';
import { createSecretCipher } from '../src/secrets/cipher';
import { bearer, tokenFor } from './helpers';
import { eventually, seedReceiver, startReceiver, type Receiver } from './support/delivery';
import { closedPort } from './support/local-server';
import { Browser, discoverPortal, startLogin } from './support/oidc-browser';
import { startPostgresServer, type PostgresServer } from './support/postgres-server';

const SENDER = 'Netbeheer_Storing';
const RECEIVER = 'Aannemer_Storing';
const MAX_MESSAGES = 5;
/** Submitting connections at once, each posting its own orders one after the other. */
const LANES = 6;
const OUTAGE_MS = 4_000;

interface Answer {
  /** When the request was sent and answered (ms, Date.now). */
  sent: number;
  answered: number;
  status: number;
  retryAfter: string | null;
}

const cleanup: { name: string; close: () => Promise<unknown> }[] = [];
afterEach(async () => {
  for (const { name, close } of cleanup.splice(0).reverse()) {
    const started = Date.now();
    // A step still running after 10 s is named while it runs (once seen: the hook's 60 s in a
    // loaded suite, with nothing to say which step hung).
    const slow = setInterval(
      () => process.stderr.write(`cleanup '${name}' still running after ${Date.now() - started} ms\n`),
      10_000,
    );
    await close()
      .catch(() => undefined)
      .finally(() => clearInterval(slow));
  }
});

/** The application (API and delivery worker in one process) on its own PostgreSQL server, listening. */
async function startApp(server: PostgresServer): Promise<{ app: FastifyInstance; config: Config; key: Buffer }> {
  const port = await closedPort();
  const key = randomBytes(32);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO: '0',
    ROLE: 'all',
    WEB_DIST: '/nonexistent',
    SECRET_KEY: key.toString('base64'),
    DATABASE_URL: server.url,
    ALLOW_PRIVATE_TARGETS: '1',
    OUTBOUND_TIMEOUT_MS: '1000',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const app = await buildApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, key };
}

async function post(url: string, init: RequestInit): Promise<Answer> {
  const sent = Date.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { sent, answered: Date.now(), status: response.status, retryAfter: response.headers.get('retry-after') };
}

// PostgreSQL only: the outage is a real server stopped (`pg_ctl stop -m fast`) and started again.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a database outage under load', { timeout: 120_000 }, () => {
  it('answers 503 with Retry-After while the database is down, loses nothing and delivers again after it', async () => {
    const server = await startPostgresServer();
    cleanup.push({ name: 'database server', close: server.close });
    // The receiver before the app, so that it closes after it: closed first, it would wait for the
    // worker's keep-alive connections, busy with the backlog until the app stops (the hook's
    // timeout in a loaded suite).
    const receiver: Receiver = await startReceiver({ delayMs: 5 });
    cleanup.push({ name: 'receiver', close: receiver.close });
    const { app, config, key } = await startApp(server);
    cleanup.push({ name: 'app', close: () => app.close() });

    await app.db.insert(organisations).values([
      { organisatie: SENDER, type: 'Netbeheerder' },
      { organisatie: RECEIVER, type: 'Aannemer' },
    ]);
    await seedReceiver(app.db, createSecretCipher(key), {
      deelnemer: RECEIVER,
      origin: receiver.origin,
      maxMessages: MAX_MESSAGES,
    });
    // Without demo mode an administrator logs in with a second factor (MFA_REQUIRED beheer, decision 0054).
    const admin = bearer(
      await tokenFor({ app, config }, { roles: [SUPER_ROLE, 'Connectiviteit Beheren'], amr: ['pwd', 'otp', 'mfa'] }),
    );
    const created = await app.inject({
      method: 'POST',
      url: '/rest/clients',
      headers: admin,
      payload: { organisatie: SENDER, omschrijving: 'Storingstest' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const {
      client: { clientId },
      geheim,
    } = created.json<{ client: { clientId: string }; geheim: string }>();
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(geheim)}`).toString('base64');
    const tokenRequest = (): Promise<Answer> =>
      post(`${config.oidc.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      });
    const tokenAnswer = await fetch(`${config.oidc.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    expect(tokenAnswer.status).toBe(200);
    const { access_token: systemToken } = (await tokenAnswer.json()) as { access_token: string };
    const base = `http://127.0.0.1:${config.port}`;

    // The load: every lane posts new orders one after the other; a refused one is sent again with
    // its Idempotency-Key until it is accepted, as a participant's system does.
    const answers: Answer[] = [];
    const accepted = new Map<string, string>();
    let running = true;
    const lane = async (n: number) => {
      for (let i = 0; running; i++) {
        const opdrachtId = `STORING-${n}-${i}`;
        const body = JSON.stringify({
          ...EXAMPLE_BERICHTEN.Opdracht,
          opdrachtId,
          data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: RECEIVER },
        });
        for (;;) {
          const init = {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${systemToken}`,
              'idempotency-key': opdrachtId,
            },
            body,
          };
          const sent = Date.now();
          const response = await fetch(`${base}/api/v1/berichten`, init);
          const text = await response.text();
          answers.push({
            sent,
            answered: Date.now(),
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
          });
          if (response.status === 202) {
            accepted.set(opdrachtId, (JSON.parse(text) as { id: string }).id);
            break;
          }
          if (response.status !== 503) throw new Error(`${response.status}: ${text}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    let laneFailure: unknown;
    const lanes = Promise.all(Array.from({ length: LANES }, (_, n) => lane(n))).catch((error: unknown) => {
      laneFailure = error;
    });
    cleanup.push({
      name: 'load',
      close: async () => {
        running = false;
        await lanes;
      },
    });

    // A person halfway through logging in when the database goes.
    const browser = new Browser();
    const { loginUrl } = await startLogin(browser, await discoverPortal(config), config);

    await eventually(() => expect(receiver.callbacks.length).toBeGreaterThan(20));
    await server.stop();
    const down = Date.now();
    // The other doors during the outage: the portal's API and the token endpoint.
    const others: Answer[] = [];
    while (Date.now() - down < OUTAGE_MS) {
      others.push(await post(`${base}/rest/clients?organisatie=${SENDER}`, { headers: admin }));
      others.push(await tokenRequest());
      const sent = Date.now();
      const loginPage = await browser.fetch(loginUrl);
      expect(await loginPage.text()).toContain('Probeer het over enkele seconden opnieuw');
      others.push({
        sent,
        answered: Date.now(),
        status: loginPage.status,
        retryAfter: loginPage.headers.get('retry-after'),
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const upAgain = Date.now();
    await server.start();
    const arrivedBeforeRestart = receiver.callbacks.length;

    const duringOutage = answers.filter((a) => a.sent >= down && a.answered <= upAgain);
    expect(duringOutage.length).toBeGreaterThan(LANES);
    for (const answer of [...duringOutage, ...others]) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(others.length).toBeGreaterThan(4);

    // Delivery goes on within 10 s of the restart: a message accepted after it reaches the receiver.
    const before = accepted.size;
    await eventually(() => expect(accepted.size).toBeGreaterThan(before + LANES), 10_000);
    await eventually(() => expect(receiver.callbacks.length).toBeGreaterThan(arrivedBeforeRestart), 10_000);
    running = false;
    await lanes;
    expect(laneFailure).toBeUndefined();

    // Nothing lost: every accepted message is stored once and delivered; none twice beyond those
    // in flight when the database went (at most MAX_MESSAGES).
    const delivered = new Map<string, number>();
    await eventually(() => {
      delivered.clear();
      for (const callback of receiver.callbacks) {
        const id = String(callback.headers['idempotency-key']);
        delivered.set(id, (delivered.get(id) ?? 0) + 1);
      }
      for (const id of accepted.values()) expect(delivered.has(id), id).toBe(true);
    }, 20_000);
    const twice = [...delivered.values()].filter((count) => count > 1);
    expect(twice.length).toBeLessThanOrEqual(MAX_MESSAGES);
    expect(Math.max(...delivered.values())).toBeLessThanOrEqual(2);
    expect(delivered.size).toBe(accepted.size);
  });
});
