import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createDemoInbox } from '../src/demo/inbox';
import { createDemoOrders } from '../src/demo/orders';
import { DEFAULT_DEMO_CHANCES, startDemoResponder, type DemoChances, type SendBericht } from '../src/demo/responder';
import type { DemoBericht } from '../src/demo/berichten';
import { demoOpdracht, demoOpdrachtHoofdnet } from '../src/demo/berichten';
import { createDemoTimers } from '../src/demo/timers';

const silent = { debug() {}, info() {}, warn() {} };
const NOORD = 'Netbeheer_Noord';
const ALFA = 'Aannemer_Alfa';

interface Sent {
  from: string;
  type: string;
  opdrachtId: string;
  data: Record<string, unknown>;
  outcome: string;
}

/**
 * The demo participants against a platform in memory: what a participant sends is checked against
 * the lifecycle (a refusal answers 409) and then delivered to the other party's inbox.
 */
function world(chances: Partial<DemoChances> = {}) {
  const inbox = createDemoInbox();
  const platform = createDemoOrders();
  const parties = new Map<string, { opdrachtgever: string; opdrachtnemer: string }>();
  const sent: Sent[] = [];
  const keys = new Set<string>();
  /** Types the platform answers 409 to, as if the order had moved on (cancelled by hand, say). */
  const refuse = new Set<string>();
  const timers = createDemoTimers((error) => {
    throw error;
  });
  const options = { ...DEFAULT_DEMO_CHANCES, hoofdnet: 0, bijstelling: 0, afkeuring: 0, annulering: 0, weigering: 0 };
  Object.assign(options, chances);

  const deliver = (from: string, bericht: DemoBericht) => {
    const data = bericht.data as Record<string, unknown>;
    if (!parties.has(bericht.opdrachtId)) {
      parties.set(bericht.opdrachtId, { opdrachtgever: from, opdrachtnemer: String(data.opdrachtnemer) });
    }
    const order = parties.get(bericht.opdrachtId)!;
    const to = from === order.opdrachtgever ? order.opdrachtnemer : order.opdrachtgever;
    inbox.record({
      deelnemer: to,
      type: bericht.type,
      body: { id: randomUUID(), sender: from, ...bericht },
      receivedAt: new Date(),
    });
  };

  const send: SendBericht = async (from, bericht, key) => {
    const record = { from, type: bericht.type, opdrachtId: bericht.opdrachtId, data: bericht.data };
    if (keys.has(key)) throw new Error(`idempotency key used twice: ${key}`);
    keys.add(key);
    const allowed = refuse.has(bericht.type)
      ? { ok: false as const, message: 'opdracht handmatig geannuleerd' }
      : platform.check(bericht);
    if (!allowed.ok) {
      sent.push({ ...record, outcome: 'refused' });
      return { outcome: 'refused', status: 409, message: allowed.message };
    }
    platform.accepted(bericht);
    sent.push({ ...record, outcome: 'accepted' });
    // Delivered after the answer, as the platform's worker does.
    setImmediate(() => deliver(from, bericht));
    return { outcome: 'accepted', id: randomUUID(), duplicate: false };
  };

  const stop = startDemoResponder({
    inbox,
    orders: createDemoOrders(),
    send,
    timers,
    log: silent,
    participants: new Set([NOORD, ALFA]),
    delayMs: [0, 0],
    chances: options,
    random: Math.random,
    now: () => new Date('2025-06-14T10:00:00Z'),
  });
  stops.push(async () => {
    stop();
    timers.cancelAll();
    await timers.idle();
  });

  return {
    inbox,
    chances: options,
    sent,
    refuse,
    status: (opdrachtId: string) => platform.get(opdrachtId)?.status,
    /** The platform has the order, given before the demo's systems started (before a restart, say). */
    given(bericht: DemoBericht) {
      platform.accepted(bericht);
      parties.set(bericht.opdrachtId, { opdrachtgever: NOORD, opdrachtnemer: ALFA });
      return { id: randomUUID(), sender: NOORD, ...bericht };
    },
    /** A grid operator's system gives an order (as the generator would). */
    async give(bericht: DemoBericht) {
      await send(NOORD, bericht, `give-${bericht.opdrachtId}`);
    },
    async settled() {
      // Answers come after timers of 0 ms and deliveries after setImmediate: wait until nothing moves.
      for (let quiet = 0; quiet < 5;) {
        const before = sent.length;
        await new Promise((resolve) => setTimeout(resolve, 5));
        await timers.idle();
        quiet = sent.length === before ? quiet + 1 : 0;
      }
    },
    types: (opdrachtId: string) => sent.filter((s) => s.opdrachtId === opdrachtId).map((s) => `${s.from}:${s.type}`),
  };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

const order = (id: string) => demoOpdracht(id, ALFA, new Date('2025-06-14T10:00:00Z'), () => 0);
const orderHoofdnet = (id: string) => demoOpdrachtHoofdnet(id, ALFA, new Date('2025-06-14T10:00:00Z'), () => 0);

describe('demo participants answering what they receive', () => {
  it('take an Aansluiting order from Opdracht to Opdracht gereed, each side in its turn', async () => {
    const w = world();
    await w.give(order('R-1'));
    await w.settled();
    expect(w.types('R-1')).toEqual([
      `${NOORD}:Opdracht`,
      `${ALFA}:Planning`,
      `${ALFA}:TG`,
      `${NOORD}:BeoordelingTG`,
      `${ALFA}:AGA`,
      `${NOORD}:BeoordelingAGA`,
      `${ALFA}:AGP`,
      `${NOORD}:BeoordelingAGP`,
      `${NOORD}:OpdrachtGereed`,
    ]);
    expect(w.sent.every((s) => s.outcome === 'accepted')).toBe(true);
    expect(w.status('R-1')).toBe(900);
  });

  it('send a rejected TG again, and propose another date first when they need to', async () => {
    const w = world({ afkeuring: 1, bijstelling: 1 });
    const rejections = () => w.sent.filter((s) => s.type === 'BeoordelingTG' && s.data.akkoord === false).length;
    await w.give(order('R-2'));
    // One rejection, then the grid operator is satisfied.
    while (rejections() === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    w.chances.afkeuring = 0;
    await w.settled();
    expect(w.types('R-2').slice(0, 7)).toEqual([
      `${NOORD}:Opdracht`,
      `${ALFA}:Bijstelling`,
      `${ALFA}:Planning`,
      `${ALFA}:TG`,
      `${NOORD}:BeoordelingTG`,
      `${ALFA}:TG`,
      `${NOORD}:BeoordelingTG`,
    ]);
    expect(w.sent.find((s) => s.type === 'BeoordelingTG')?.data).toMatchObject({
      akkoord: false,
      reden: expect.any(String),
    });
    expect(w.types('R-2').at(-1)).toBe(`${NOORD}:OpdrachtGereed`);
    expect(w.sent.every((s) => s.outcome === 'accepted')).toBe(true);
  });

  it('confirm a cancellation with AnnuleringGereed', async () => {
    const w = world({ annulering: 1 });
    await w.give(order('R-3'));
    await w.settled();
    expect(w.types('R-3')).toEqual([
      `${NOORD}:Opdracht`,
      `${ALFA}:Planning`,
      `${ALFA}:TG`,
      `${NOORD}:Annulering`,
      `${ALFA}:AnnuleringGereed`,
    ]);
  });

  it('take a Hoofdnet order through a rejected levering to Opdracht gereed', async () => {
    const w = world({ weigering: 1 });
    const rejections = () => w.sent.filter((s) => s.type === 'BeoordelingLevering' && !s.data.akkoord).length;
    await w.give(orderHoofdnet('H-1'));
    await new Promise((resolve) => setTimeout(resolve, 1));
    w.chances.weigering = 0;
    w.chances.afkeuring = 1;
    while (rejections() === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    w.chances.afkeuring = 0;
    await w.settled();
    expect(w.types('H-1')).toEqual([
      `${NOORD}:OpdrachtHoofdnet`,
      `${ALFA}:BeoordelingHoofdnet`,
      `${ALFA}:BeoordelingHoofdnet`,
      `${ALFA}:PlanningHoofdnet`,
      `${ALFA}:Deellevering`,
      `${NOORD}:BeoordelingLevering`,
      `${ALFA}:Deellevering`,
      `${NOORD}:BeoordelingLevering`,
      `${ALFA}:Deelproductiestaat`,
      `${ALFA}:Eindlevering`,
      `${NOORD}:BeoordelingLevering`,
      `${ALFA}:Eindproductiestaat`,
      `${NOORD}:OpdrachtGereedHoofdnet`,
    ]);
    expect(w.sent.every((s) => s.outcome === 'accepted')).toBe(true);
  });

  it('cancel a Hoofdnet order at once, with no answer', async () => {
    const w = world({ annulering: 1 });
    await w.give(orderHoofdnet('H-2'));
    await w.settled();
    expect(w.types('H-2').slice(-2)).toEqual([`${ALFA}:Deellevering`, `${NOORD}:AnnuleringHoofdnet`]);
  });

  it('ignore the connection check, unknown bodies and participants without a system, and answer a message once', async () => {
    const w = world();
    w.inbox.record({ deelnemer: ALFA, type: 'Opdracht', body: {}, receivedAt: new Date() });
    w.inbox.record({ deelnemer: ALFA, type: 'Opdracht', body: 'onzin', receivedAt: new Date() });
    const body = w.given(order('R-4'));
    w.inbox.record({ deelnemer: 'Knooppunt_Beheer', type: 'Opdracht', body, receivedAt: new Date() });
    w.inbox.record({ deelnemer: ALFA, type: 'TG', body, receivedAt: new Date() });
    await w.settled();
    expect(w.sent).toEqual([]);

    // Delivered twice (delivery is at-least-once): answered once.
    w.inbox.record({ deelnemer: ALFA, type: 'Opdracht', body, receivedAt: new Date() });
    w.inbox.record({ deelnemer: ALFA, type: 'Opdracht', body, receivedAt: new Date() });
    await w.settled();
    expect(w.types('R-4')).toEqual([
      `${ALFA}:Planning`,
      `${ALFA}:TG`,
      `${NOORD}:BeoordelingTG`,
      `${ALFA}:AGA`,
      `${NOORD}:BeoordelingAGA`,
      `${ALFA}:AGP`,
      `${NOORD}:BeoordelingAGP`,
      `${NOORD}:OpdrachtGereed`,
    ]);
  });

  it('never offer what the lifecycle refuses', async () => {
    const w = world();
    await w.give(order('R-5'));
    await w.settled();
    const finished = w.sent.length;
    // A TG for the finished order arrives once more (resent from the portal, say): 900 allows no assessment.
    const body = { id: randomUUID(), sender: ALFA, ...order('R-5'), type: 'TG' };
    w.inbox.record({ deelnemer: NOORD, type: 'TG', body, receivedAt: new Date() });
    await w.settled();
    expect(w.sent.length).toBe(finished);
  });

  it('learn an order from a message when it began elsewhere, and drop what the platform refuses', async () => {
    const w = world();
    w.refuse.add('TG');
    // The demo learns the order from the Opdracht it receives.
    w.inbox.record({ deelnemer: ALFA, type: 'Opdracht', body: w.given(order('R-6')), receivedAt: new Date() });
    await w.settled();
    expect(w.sent.map((s) => [s.type, s.outcome])).toEqual([
      ['Planning', 'accepted'],
      ['TG', 'refused'],
    ]);
  });
});
