import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import { createDemoTimers } from '../src/demo/timers';
import { demoOpdrachtId, startDemoGenerator } from '../src/demo/generator';
import { createDemoOrders } from '../src/demo/orders';
import type { SendBericht } from '../src/demo/responder';
import { createDemoSystems, type DemoSystems } from '../src/demo/systems';
import { reply, startLocalServer, type LocalServer, type ReceivedRequest } from './support/local-server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function recordingLog() {
  const lines: { level: string; object: object; message: string }[] = [];
  const at = (level: string) => (object: object, message: string) => lines.push({ level, object, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn') };
}

/** A platform stand-in: a token endpoint and the participants' API, answering as `api` says. */
async function platform(api: (request: ReceivedRequest, response: ServerResponse) => void) {
  let issued = 0;
  const server: LocalServer = await startLocalServer((request, response) => {
    if (request.url === '/oidc/token') {
      issued++;
      return reply(response, 200, { access_token: `token-${issued}`, token_type: 'Bearer', expires_in: 300 });
    }
    return api(request, response);
  });
  cleanups.push(() => server.close());
  return { server, issued: () => issued };
}

function systems(origin: string, log = recordingLog()): DemoSystems {
  const created = createDemoSystems({ publicUrl: origin, log, retryDelaysMs: [10, 10] });
  cleanups.push(() => created.close());
  return created;
}

const bericht = { ...EXAMPLE_BERICHTEN.Planning, opdrachtId: 'SYS-1' };

describe('the demo participants’ systems', () => {
  it('log in with client credentials once and offer messages with an idempotency key', async () => {
    const { server, issued } = await platform((_request, response) =>
      reply(response, 202, { id: 'm-1', duplicate: false }),
    );
    const demo = systems(server.origin);
    expect(await demo.send('Aannemer_Alfa', bericht, 'key-1')).toEqual({
      outcome: 'accepted',
      id: 'm-1',
      duplicate: false,
    });
    await demo.send('Aannemer_Alfa', bericht, 'key-2');
    expect(issued()).toBe(1);

    const [login, offer] = server.requests;
    const basic = Buffer.from(login!.headers.authorization!.replace('Basic ', ''), 'base64').toString();
    expect(basic).toBe('aannemer_alfa-systeem:demo-secret');
    expect(login!.body).toBe('grant_type=client_credentials');
    expect(offer).toMatchObject({
      url: '/api/v1/berichten',
      headers: { authorization: 'Bearer token-1', 'idempotency-key': 'key-1' },
    });
    expect(JSON.parse(offer!.body)).toEqual(bericht);
  });

  it('log in again after a 401', async () => {
    let calls = 0;
    const { server, issued } = await platform((_request, response) =>
      ++calls === 1 ? reply(response, 401, { message: 'verlopen' }) : reply(response, 202, { id: 'm-2' }),
    );
    expect(await systems(server.origin).send('Aannemer_Alfa', bericht, 'key-1')).toMatchObject({
      outcome: 'accepted',
    });
    expect(issued()).toBe(2);
  });

  it('report a refusal at debug for a 409, without secrets', async () => {
    const { server } = await platform((_request, response) =>
      reply(response, 409, { message: 'Bericht Planning is niet toegestaan in status 900' }),
    );
    const log = recordingLog();
    expect(await systems(server.origin, log).send('Aannemer_Alfa', bericht, 'key-1')).toEqual({
      outcome: 'refused',
      status: 409,
      message: 'Bericht Planning is niet toegestaan in status 900',
    });
    expect(log.lines.map((line) => line.level)).toEqual(['debug']);
    expect(JSON.stringify(log.lines)).not.toMatch(/token-1|demo-secret|Basic|Bearer/);
  });

  it('retry a 5xx a few times, then warn', async () => {
    const { server } = await platform((_request, response) => reply(response, 503, { message: 'druk' }));
    const log = recordingLog();
    expect(await systems(server.origin, log).send('Aannemer_Alfa', bericht, 'key-1')).toMatchObject({
      outcome: 'failed',
    });
    expect(server.requests.filter((request) => request.url === '/api/v1/berichten')).toHaveLength(3);
    expect(log.lines).toEqual([expect.objectContaining({ level: 'warn' })]);
    expect(JSON.stringify(log.lines)).not.toMatch(/token-1|demo-secret/);
  });

  it('abort a running request when closed', async () => {
    const { server } = await platform(() => {
      // Never answers.
    });
    const demo = createDemoSystems({ publicUrl: server.origin, log: recordingLog() });
    const sending = demo.send('Aannemer_Alfa', bericht, 'key-1');
    // The offer is under way: the platform has it and keeps it waiting.
    await expect.poll(() => server.requests.some((request) => request.url === '/api/v1/berichten')).toBe(true);
    await demo.close();
    expect(await sending).toEqual({ outcome: 'failed', message: 'gestopt' });
  });
});

describe('the demo order generator', () => {
  function generate(ordersPerMinute: number, hoofdnetChance = 0) {
    const sent: { from: string; type: string; opdrachtId: string; opdrachtnemer: unknown; key: string }[] = [];
    const send: SendBericht = async (from, message, key) => {
      sent.push({
        from,
        type: message.type,
        opdrachtId: message.opdrachtId,
        opdrachtnemer: (message.data as { opdrachtnemer?: unknown }).opdrachtnemer,
        key,
      });
      return { outcome: 'accepted', id: key, duplicate: false };
    };
    const timers = createDemoTimers((error) => {
      throw error;
    });
    cleanups.push(async () => timers.cancelAll());
    startDemoGenerator({
      ordersPerMinute,
      gridOperators: ['Netbeheer_Noord', 'Netbeheer_Zuid'],
      contractors: ['Aannemer_Alfa', 'Combi_Oost'],
      hoofdnetChance,
      orders: createDemoOrders(),
      send,
      timers,
      random: Math.random,
      now: () => new Date(),
    });
    return { sent, timers };
  }

  it('gives orders at the configured rate from grid operators to contractors', async () => {
    const { sent } = generate(1200); // one per 50 ms
    await new Promise((resolve) => setTimeout(resolve, 320));
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.length).toBeLessThanOrEqual(8);
    expect(new Set(sent.map((order) => order.opdrachtId)).size).toBe(sent.length);
    for (const order of sent) {
      expect(order).toMatchObject({ type: 'Opdracht', key: `demo-${order.opdrachtId}` });
      expect(['Netbeheer_Noord', 'Netbeheer_Zuid']).toContain(order.from);
      expect(['Aannemer_Alfa', 'Combi_Oost']).toContain(order.opdrachtnemer);
    }
  });

  it('gives Hoofdnet orders by chance, and none at rate 0', async () => {
    const hoofdnet = generate(1200, 1);
    const off = generate(0);
    // Both generators started together: once the running one has given orders, the other had its chance.
    await expect.poll(() => hoofdnet.sent.length).toBeGreaterThan(2);
    expect(hoofdnet.sent.every((order) => order.type === 'OpdrachtHoofdnet')).toBe(true);
    expect(off.sent).toEqual([]);
    expect(off.timers.size).toBe(0);
  });

  it('names orders by day, time and counter, so a restart does not reuse an id', () => {
    expect(demoOpdrachtId(new Date('2025-06-14T09:30:12.345Z'), 7)).toBe('DEMO-20250614-093012-7');
    expect(demoOpdrachtId(new Date('2025-06-14T09:30:13Z'), 7)).not.toBe(
      demoOpdrachtId(new Date('2025-06-14T09:30:12Z'), 7),
    );
  });
});
