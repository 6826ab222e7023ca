import { and, asc, eq, isNull, like } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN, type BerichtInput } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leveringen, messages, opdrachten } from '../src/db/schema';
import { createDemoInbox } from '../src/demo/inbox';
import { createDemoTimers } from '../src/demo/timers';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';

// The demo's traffic in one process, over HTTP like real systems: the generator's orders, the demo
// participants' answers through the participants' API, the worker delivering to their callbacks.
let t: TestApp;
let closed = false;
const inbox = createDemoInbox();
const timers = createDemoTimers((error) => {
  throw error;
});
/** What the flaky participant draws per delivery: below 0.25 a 500, below 0.30 no answer; then reliable. */
const flakyDraws: number[] = [];

beforeAll(async () => {
  t = await createListeningTestApp(
    {
      ROLE: 'all',
      // The demo's rule book, as `npm start` seeds it: the demo's own TG and AGA must meet it.
      DEMO_RULES: '1',
      DEMO_ORDERS_PER_MINUTE: '60',
      DEMO_RESPONSE_DELAY_MIN_MS: '0',
      DEMO_RESPONSE_DELAY_MAX_MS: '0',
      // The flaky participant's silence lasts until the platform gives up.
      OUTBOUND_TIMEOUT_MS: '500',
    },
    {
      demo: {
        inbox,
        flakiness: { random: () => flakyDraws.shift() ?? 0.99 },
        traffic: {
          gridOperators: ['Netbeheer_Noord'],
          contractors: ['Aannemer_Alfa'],
          chances: { hoofdnet: 0, bijstelling: 0, afkeuring: 0, annulering: 0, weigering: 0 },
          timers,
        },
      },
    },
  );
});
afterAll(async () => {
  if (!closed) await t.close();
});

async function until<T>(what: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const order = (opdrachtId: string) => t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, opdrachtId));
const messagesOf = (opdrachtId: string) =>
  t.app.db.select().from(messages).where(eq(messages.opdrachtId, opdrachtId)).orderBy(asc(messages.seq));

/** A grid operator's system gives an order through the participants' API. */
async function give(opdrachtgever: string, bericht: BerichtInput): Promise<void> {
  const system = bearer(
    await tokenFor(t, { deelnemer: opdrachtgever, clientId: `${opdrachtgever.toLowerCase()}-systeem` }),
  );
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/berichten', headers: system, payload: bericht });
  expect(response.statusCode).toBe(202);
}

const opdracht = (opdrachtId: string, opdrachtnemer: string): BerichtInput => ({
  ...EXAMPLE_BERICHTEN.Opdracht,
  opdrachtId,
  data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer },
});

describe('demo traffic', () => {
  it('generates orders that the demo participants take from Opdracht to Opdracht gereed', async () => {
    const [done] = await until(async () => {
      const rows = await t.app.db
        .select()
        .from(opdrachten)
        .where(and(like(opdrachten.opdrachtId, 'DEMO-%'), eq(opdrachten.status, 900)));
      return rows.length ? rows : undefined;
    }, 20_000);
    expect(done).toMatchObject({
      opdrachtgever: 'Netbeheer_Noord',
      opdrachtnemer: 'Aannemer_Alfa',
      statusText: 'Opdracht gereed',
      versienummer: '2.0',
    });
    expect(done?.opdrachtId).toMatch(/^DEMO-\d{8}-\d{6}-\d+$/);
    // The last message changed the order when it was accepted; its delivery follows.
    const story = await until(async () => {
      const rows = await messagesOf(done!.opdrachtId);
      return rows.every((message) => message.deliveredAt !== null) ? rows : undefined;
    }, 5000);
    expect(story.map((message) => `${message.sender}:${message.type}`)).toEqual([
      'Netbeheer_Noord:Opdracht',
      'Aannemer_Alfa:Planning',
      'Aannemer_Alfa:TG',
      'Netbeheer_Noord:BeoordelingTG',
      'Aannemer_Alfa:AGA',
      'Netbeheer_Noord:BeoordelingAGA',
      'Aannemer_Alfa:AGP',
      'Netbeheer_Noord:BeoordelingAGP',
      'Netbeheer_Noord:OpdrachtGereed',
    ]);
    expect(story.every((message) => message.failedAttempts === 0)).toBe(true);
    expect(inbox.receivedMessages('Aannemer_Alfa').some((received) => received.type === 'OpdrachtGereed')).toBe(true);
  });

  it('take a Hoofdnet order through its leveringen to Opdracht gereed', async () => {
    await give('Netbeheer_Noord', {
      ...EXAMPLE_BERICHTEN.OpdrachtHoofdnet,
      opdrachtId: 'DT-HOOFDNET-1',
      data: { ...EXAMPLE_BERICHTEN.OpdrachtHoofdnet.data, opdrachtnemer: 'Combi_Rivierenland' },
    });
    const [done] = await until(async () => {
      const rows = await order('DT-HOOFDNET-1');
      return rows[0]?.status === 900 ? rows : undefined;
    }, 15_000);
    expect(done).toMatchObject({ statusText: 'Opdracht gereed', planStatusText: 'Definitief' });
    const story = await messagesOf('DT-HOOFDNET-1');
    expect(story.map((message) => message.type)).toEqual([
      'OpdrachtHoofdnet',
      'BeoordelingHoofdnet',
      'PlanningHoofdnet',
      'Deellevering',
      'BeoordelingLevering',
      'Deelproductiestaat',
      'Eindlevering',
      'BeoordelingLevering',
      'Eindproductiestaat',
      'OpdrachtGereedHoofdnet',
    ]);
    const delivered = await t.app.db.select().from(leveringen).where(eq(leveringen.opdrachtId, 'DT-HOOFDNET-1'));
    expect(delivered.map((levering) => [levering.type, levering.statusText]).sort()).toEqual([
      ['Deellevering', 'Goedgekeurd'],
      ['Eindlevering', 'Goedgekeurd'],
    ]);
  });

  it('leave messages to the paused participant undelivered while its orders wait', async () => {
    await give('Netbeheer_West', opdracht('DT-PAUZE-1', 'Aannemer_Alfa'));
    // The contractor plans and reports TG; the grid operator hears nothing of it.
    await until(async () => ((await order('DT-PAUZE-1'))[0]?.status === 300 ? true : undefined), 10_000);
    // The worker delivers after that: an order given now reaches the running contractor.
    await give('Netbeheer_Noord', opdracht('DT-PAUZE-2', 'Aannemer_Alfa'));
    await until(async () => {
      const received = inbox.receivedMessages('Aannemer_Alfa');
      return received.some((message) => (message.body as { opdrachtId?: string }).opdrachtId === 'DT-PAUZE-2')
        ? true
        : undefined;
    }, 10_000);
    const waiting = await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.receiver, 'Netbeheer_West'), isNull(messages.deliveredAt)));
    expect(waiting.map((message) => message.type).sort()).toEqual(['Planning', 'TG']);
    expect(waiting.every((message) => message.failedAttempts === 0)).toBe(true);
    expect(inbox.receivedMessages('Netbeheer_West')).toEqual([]);
  });

  it('record the flaky participant’s 500s and silences as failed attempts that a retry mends', async () => {
    flakyDraws.push(0.1);
    await give('Netbeheer_Noord', opdracht('DT-FLAKY-500', 'Aannemer_Beta'));
    const [failed] = await until(async () => {
      const rows = await messagesOf('DT-FLAKY-500');
      return rows[0]?.failedAttempts ? rows : undefined;
    }, 5000);
    expect(failed).toMatchObject({
      failedAttempts: 1,
      deliveredAt: null,
      err: { msg: expect.stringContaining('500') },
    });

    flakyDraws.push(0.27);
    await give('Netbeheer_Noord', opdracht('DT-FLAKY-STIL', 'Aannemer_Beta'));
    const [silent] = await until(async () => {
      const rows = await messagesOf('DT-FLAKY-STIL');
      return rows[0]?.failedAttempts ? rows : undefined;
    }, 5000);
    expect(silent).toMatchObject({ failedAttempts: 1, deliveredAt: null });

    // The first retry comes after about 10 s; then Aannemer_Beta answers as usual.
    for (const opdrachtId of ['DT-FLAKY-500', 'DT-FLAKY-STIL']) {
      await until(async () => ((await order(opdrachtId))[0]?.status === 900 ? true : undefined), 25_000);
      const [first] = await messagesOf(opdrachtId);
      expect(first).toMatchObject({ failedAttempts: 1, deliveredAt: expect.any(Date) });
    }
  }, 45_000);

  it('stops without leaving a timer or a request behind', async () => {
    expect(timers.size).toBeGreaterThan(0);
    closed = true;
    await t.close();
    expect(timers.size).toBe(0);
  });
});
