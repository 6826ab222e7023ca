import { eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { EXAMPLE_BERICHTEN, messageTypesFor } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveryMinutes, messages, opdrachten, receiptBatches, senders } from '../src/db/schema';
import { PRODUCTION_BUSY_LANES } from '../src/delivery/production-load';
import { THREAD_NICE } from '../src/testtool/environment-thread';
import type { Database } from '../src/db/client';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';
import { eventually, startReceiver, type Receiver } from './support/delivery';

/*
 * The test environment beside production (issue 28, decision 0038), both ways: a test client's
 * messages pass the same checks, live apart and go only to test configurations; production's
 * lists, counters and orders never see them, and a production message never touches a test order.
 */

let t: TestApp;
let testReceiver: Receiver;
let productionReceiver: Receiver;
let beheer: Record<string, string>;
let hanging = false;
const systems: Record<string, Record<string, string>> = {};

const users = (roles: string[], deelnemer: string) => tokenFor(t, { roles, deelnemer }).then(bearer);
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Record<string, string>, body?: object) =>
  t.app.inject({ method, url, headers, ...(body && { payload: body }) });

/** An active configuration of Aannemer_Alfa's Aansluiting callbacks at `receiver`, and its running sender. */
async function configure(prefix: '' | '/test', receiver: Receiver) {
  const key = { deelnemer: 'Proef_Aannemer', versienummer: '2.0' };
  const urls = Object.fromEntries(
    messageTypesFor('aansluiting', 'opdrachtnemer').map((type) => [type, `${receiver.origin}/callback/${type}`]),
  );
  const config = { clientId: 'proef', clientSecret: 'geheim-proef', tokenUrl: `${receiver.origin}/token`, urls };
  expect((await call('POST', `${prefix}/rest/management/config`, beheer, { ...key, config })).statusCode).toBe(201);
  expect((await call('PATCH', `${prefix}/rest/management/config`, beheer, key)).statusCode).toBe(200);
  expect(
    (await call('PUT', `${prefix}/rest/management/message-sender`, beheer, { ...key, version: 1 })).statusCode,
  ).toBe(200);
}

const order = (opdrachtId: string) => ({
  ...EXAMPLE_BERICHTEN.Opdracht,
  opdrachtId,
  data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: 'Proef_Aannemer' },
});
const send = (system: string, bericht: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/berichten', headers: systems[system], payload: bericht });

beforeAll(async () => {
  t = await createListeningTestApp({ ROLE: 'all' });
  beheer = await users(['Beheer ziet alles', 'Opdrachtverstrekking Beheren', 'Gebruikers Beheren'], 'Knooppunt_Beheer');
  const created = await call('POST', '/rest/organisations', beheer, {
    organisatie: 'Proef_Aannemer',
    type: 'Aannemer',
  });
  expect(created.statusCode, created.body).toBe(201);
  // A test endpoint that stops answering when told: the test lane must never hold production up.
  testReceiver = await startReceiver({ status: () => (hanging ? undefined : 200) });
  productionReceiver = await startReceiver();
  await configure('/test', testReceiver);
  await configure('', productionReceiver);
  systems.productie = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'noord-systeem' }));
  systems.test = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'noord-test', omgeving: 'test' }));
});
afterAll(async () => {
  await t.close();
  await testReceiver.close();
  await productionReceiver.close();
});

const callbacksFor = (receiver: Receiver, opdrachtId: string) =>
  receiver.callbacks.filter(
    (request) => (JSON.parse(request.body) as { opdrachtId?: string }).opdrachtId === opdrachtId,
  );

const searchBody = (opdrachtId: string) => ({
  filters: [
    { name: 'versienummer', value: '!h1.0' },
    { name: 'opdrachtId', value: opdrachtId },
  ],
  skip: 0,
  limit: 50,
});

/** The signed batch a message's receipt names, once it is recorded delivered. */
async function batchOf(database: Database, id: string): Promise<string> {
  let receipt: string | null = null;
  await eventually(async () => {
    const rows = await database.select({ receipt: messages.receipt }).from(messages).where(eq(messages.id, id));
    receipt = rows[0]?.receipt ?? null;
    expect(receipt).toBeTruthy();
  });
  return receipt!.split('.')[0]!;
}

describe('the test environment', () => {
  it('delivers a test client’s order to the test configuration only, and the same order id in production to production only', async () => {
    const test = await send('test', order('OMG-1'));
    expect(test.statusCode, test.body).toBe(202);
    await eventually(() => expect(callbacksFor(testReceiver, 'OMG-1')).toHaveLength(1));
    expect(callbacksFor(testReceiver, 'OMG-1')[0]?.url).toBe('/callback/Opdracht');

    // The same id in production is an order of production's own, not a conflict with the test one.
    const production = await send('productie', order('OMG-1'));
    expect(production.statusCode, production.body).toBe(202);
    await eventually(() => expect(callbacksFor(productionReceiver, 'OMG-1')).toHaveLength(1));
    expect(callbacksFor(testReceiver, 'OMG-1')).toHaveLength(1);

    // Each message sits in its own environment's tables, and only there.
    const inProduction = await t.app.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.opdrachtId, 'OMG-1'));
    const inTest = await t.app.testDb
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.opdrachtId, 'OMG-1'));
    expect(inProduction).toEqual([{ id: production.json().id }]);
    expect(inTest).toEqual([{ id: test.json().id }]);
  });

  it('keeps test traffic out of production’s lists and counters, and production’s out of the test environment', async () => {
    const test = await send('test', order('OMG-2'));
    expect(test.statusCode, test.body).toBe(202);
    await eventually(() => expect(callbacksFor(testReceiver, 'OMG-2')).toHaveLength(1));

    // The test lane counted its delivery in its own counters (the flush ran)…
    const delivered = async (db: typeof t.app.db) =>
      (await db.select().from(deliveryMinutes).where(eq(deliveryMinutes.receiver, 'Proef_Aannemer'))).reduce(
        (sum, row) => sum + row.delivered,
        0,
      );
    await eventually(async () => expect(await delivered(t.app.testDb)).toBe(2), 15_000);
    // …and production's counters hold production's one delivery (OMG-1) alone.
    await eventually(async () => expect(await delivered(t.app.db)).toBe(1), 15_000);
    const overzicht = (await call('GET', '/rest/management/overzicht?versienummer=2.0', beheer)).json() as {
      entries: { receiver: string; delivered: number[] }[];
    };
    const entry = overzicht.entries.find((candidate) => candidate.receiver === 'Proef_Aannemer');
    expect(entry?.delivered.reduce((sum, n) => sum + n, 0)).toBe(1);

    // Production's monitoring lists show production's order and message only.
    const found = await call('POST', '/rest/management/message/search', beheer, searchBody('OMG-2'));
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ count: 0, items: [] });
    const orders = await call('POST', '/rest/management/opdracht/search', beheer, {
      filters: [{ name: 'opdrachtId', value: 'OMG-1' }],
    });
    expect(orders.statusCode, orders.body).toBe(200);
    expect((orders.json() as { items: { opdrachtId: string }[] }).items.map((item) => item.opdrachtId)).toEqual([
      'OMG-1',
    ]);

    // Production's configuration list is production's; the test environment's is the test one.
    const tokenUrl = async (prefix: string) =>
      (
        (
          await call(
            'GET',
            `${prefix}/rest/management/config?deelnemer=Proef_Aannemer&versienummer=2.0&version=1`,
            beheer,
          )
        ).json() as { config: { tokenUrl: string } }
      ).config.tokenUrl;
    expect(await tokenUrl('')).toBe(`${productionReceiver.origin}/token`);
    expect(await tokenUrl('/test')).toBe(`${testReceiver.origin}/token`);
  });

  it('refuses a message about an order of the other environment as an unknown order (409), both ways', async () => {
    const cancel = (opdrachtId: string) => ({ ...EXAMPLE_BERICHTEN.Annulering, opdrachtId });
    expect((await send('productie', order('OMG-PROD'))).statusCode).toBe(202);
    expect((await send('test', order('OMG-TEST'))).statusCode).toBe(202);

    const fromTest = await send('test', cancel('OMG-PROD'));
    expect(fromTest.statusCode, fromTest.body).toBe(409);
    const fromProduction = await send('productie', cancel('OMG-TEST'));
    expect(fromProduction.statusCode, fromProduction.body).toBe(409);
    expect(fromProduction.json().message).toBe(fromTest.json().message.replace('OMG-PROD', 'OMG-TEST'));

    // Within its own environment the same cancellation is taken.
    expect((await send('test', cancel('OMG-TEST'))).statusCode).toBe(202);
    const [testOrder] = await t.app.testDb.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'OMG-TEST'));
    const [productionOrder] = await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'OMG-PROD'));
    expect(testOrder?.status).not.toBe(productionOrder?.status);
  });

  it('takes a test client made at Systeemclients, whose real token sends into the test environment', async () => {
    const manager = await users(['Netbeheerder', 'Beheer connectiviteit'], 'Netbeheer_Noord');
    const created = await call('POST', '/rest/clients', manager, { omschrijving: 'Proefsysteem', omgeving: 'test' });
    expect(created.statusCode, created.body).toBe(201);
    const { client, geheim } = created.json() as { client: { clientId: string; omgeving: string }; geheim: string };
    expect(client).toMatchObject({
      clientId: expect.stringMatching(/^netbeheer_noord-test-[0-9a-f]{8}$/),
      omgeving: 'test',
    });
    const listed = (await call('GET', '/rest/clients', manager)).json() as {
      items: { clientId: string; omgeving: string }[];
    };
    expect(listed.items.find((item) => item.clientId === client.clientId)?.omgeving).toBe('test');

    const basic = Buffer.from(`${client.clientId}:${geheim}`).toString('base64');
    const response = await fetch(`${t.config.oidc.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    const token = ((await response.json()) as { access_token: string }).access_token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ deelnemer: 'Netbeheer_Noord', omgeving: 'test' });

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/berichten',
      headers: bearer(token),
      payload: order('OMG-CLIENT'),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await eventually(() => expect(callbacksFor(testReceiver, 'OMG-CLIENT')).toHaveLength(1));
    expect(await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'OMG-CLIENT'))).toEqual([]);

    // A production client's token carries no environment.
    const productionClient = await call('POST', '/rest/clients', manager, { omschrijving: 'Productiesysteem' });
    expect(productionClient.json().client.omgeving).toBe('productie');
  });

  it('runs the test lane and the conformance runner on a thread of their own on PostgreSQL, in the main thread on PGlite', async () => {
    // The earlier tests' test messages were delivered by it; here: where it runs.
    if (process.env.TEST_DATABASE_URL) {
      await eventually(() => expect(t.app.testEnvironment?.threadId).toBeGreaterThan(0));
      expect(t.app.testEnvironment?.threadId).not.toBe(threadId);
      if (process.platform === 'linux') {
        // Its CPU priority is below production's: Linux keeps a nice value per thread (field 19 of its stat).
        const nices = readdirSync('/proc/self/task').map((task) =>
          Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
        );
        expect(nices).toContain(THREAD_NICE);
        expect(getPriority()).toBe(0);
      }
    } else {
      expect(t.app.testEnvironment).toBeDefined();
      expect(t.app.testEnvironment?.threadId).toBeUndefined();
    }
  });

  it('defers the test lane to a busy production of its process, on the thread too (decision 0064)', async () => {
    t.app.productionLoad.set(PRODUCTION_BUSY_LANES);
    try {
      const first = await send('test', order('OMG-PF-1'));
      const second = await send('test', order('OMG-PF-2'));
      await eventually(() => expect(callbacksFor(testReceiver, 'OMG-PF-1')).toHaveLength(1));
      await eventually(() => expect(callbacksFor(testReceiver, 'OMG-PF-2')).toHaveLength(1));
      // Delivered together and recorded together (not one recording each): one signed batch.
      expect(await batchOf(t.app.testDb, first.json<{ id: string }>().id)).toBe(
        await batchOf(t.app.testDb, second.json<{ id: string }>().id),
      );
    } finally {
      t.app.productionLoad.set(0);
    }
  });

  it('keeps the signed batch of a test delivery’s receipt in the test environment, and the sender reads it there', async () => {
    const test = await send('test', order('OMG-RB'));
    const production = await send('productie', order('OMG-RB'));
    await eventually(() => expect(callbacksFor(testReceiver, 'OMG-RB')).toHaveLength(1));
    await eventually(() => expect(callbacksFor(productionReceiver, 'OMG-RB')).toHaveLength(1));
    const testBatch = await batchOf(t.app.testDb, test.json<{ id: string }>().id);
    const productionBatch = await batchOf(t.app.db, production.json<{ id: string }>().id);
    const batches = async (database: typeof t.app.db) =>
      (await database.select({ id: receiptBatches.id }).from(receiptBatches)).map((row) => row.id);
    expect(await batches(t.app.testDb)).toContain(testBatch);
    expect(await batches(t.app.db)).not.toContain(testBatch);
    expect(await batches(t.app.db)).toContain(productionBatch);
    expect(await batches(t.app.testDb)).not.toContain(productionBatch);
    // The test system asks after its message: delivered, with the receipt of the test batch.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/berichten/${test.json<{ id: string }>().id}`,
      headers: systems.test,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json<{ receipt: { claims: { id: string } } | null }>().receipt?.claims.id).toBe(test.json().id);
  });

  it('delivers production while every test slot of a receiver hangs at a test endpoint', async () => {
    hanging = true;
    for (const id of ['HANG-1', 'HANG-2', 'HANG-3', 'HANG-4', 'HANG-5', 'HANG-6']) {
      expect((await send('test', order(id))).statusCode).toBe(202);
    }
    // The test lane holds its five slots at the hanging endpoint…
    await eventually(() => expect(testReceiver.callbacks.filter((r) => r.body.includes('HANG-')).length).toBe(5));
    // …and production delivers to the same participant meanwhile.
    expect((await send('productie', order('OMG-LIVE'))).statusCode).toBe(202);
    await eventually(() => expect(callbacksFor(productionReceiver, 'OMG-LIVE')).toHaveLength(1), 3000);
  });

  it('lets a participant put its own test configuration live, never another’s, and never in production', async () => {
    const organisation = { organisatie: 'Proef_Netbeheer', type: 'Netbeheerder' };
    expect((await call('POST', '/rest/organisations', beheer, organisation)).statusCode).toBe(201);
    const own = await users(['Netbeheerder', 'Configuraties Beheren'], 'Proef_Netbeheer');
    const key = { deelnemer: 'Proef_Netbeheer', versienummer: '2.0' };
    const urls = Object.fromEntries(
      messageTypesFor('aansluiting', 'opdrachtgever').map((type) => [type, `${testReceiver.origin}/callback/${type}`]),
    );
    const config = {
      clientId: 'proef-nb',
      clientSecret: 'geheim-proef-nb',
      tokenUrl: `${testReceiver.origin}/token`,
      urls,
    };
    for (const prefix of ['', '/test']) {
      const created = await call('POST', `${prefix}/rest/management/config`, own, { ...key, config });
      expect(created.statusCode, created.body).toBe(201);
    }
    // Production leaves activating and the sender to the operator…
    expect((await call('PATCH', '/rest/management/config', own, key)).statusCode).toBe(403);
    expect((await call('PUT', '/rest/management/message-sender', own, { ...key, version: 1 })).statusCode).toBe(403);
    // …the test environment lets the participant do it for itself.
    expect((await call('PATCH', '/test/rest/management/config', own, key)).statusCode).toBe(200);
    const sender = await call('PUT', '/test/rest/management/message-sender', own, { ...key, version: 1 });
    expect(sender.statusCode, sender.body).toBe(200);
    const paused = await call('PATCH', '/test/rest/management/message-sender', own, { ...key, running: false });
    expect(paused.json()).toMatchObject({ running: false });
    // Another participant's test configuration and sender stay out of reach: answered as ones that
    // do not exist, as in production.
    const other = { deelnemer: 'Proef_Aannemer', versienummer: '2.0' };
    expect((await call('PATCH', '/test/rest/management/config', own, other)).statusCode).toBe(404);
    const otherSender = await call('PATCH', '/test/rest/management/message-sender', own, { ...other, running: false });
    expect(otherSender.statusCode).toBe(404);
    const [still] = await t.app.testDb.select().from(senders).where(eq(senders.deelnemer, 'Proef_Aannemer'));
    expect(still?.running).toBe(true);
  });

  it('audits a change of a test configuration as one of the test environment', async () => {
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'config.create'));
    const subjects = entries.filter((entry) => entry.subjectId.startsWith('Proef_Aannemer'));
    expect(subjects.map((entry) => entry.subjectType).sort()).toEqual(['configuration', 'configuration (test)']);
  });
});
