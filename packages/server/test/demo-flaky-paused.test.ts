import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { senderLog, senders } from '../src/db/schema';
import { createDemoInbox } from '../src/demo/inbox';
import {
  DEMO_CALLBACK_SECRET,
  DEMO_FLAKY_PARTICIPANT,
  DEMO_PARTICIPANTS_PREFIX,
  demoParticipants,
  type DemoParticipantsOptions,
} from '../src/demo/participants';
import { DEMO_PAUSED_PARTICIPANT } from '../src/demo/seed-configs';
import { createTestApp } from './helpers';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function participants(options: Partial<DemoParticipantsOptions> = {}) {
  const inbox = createDemoInbox();
  app = Fastify();
  await app.register(demoParticipants, { prefix: DEMO_PARTICIPANTS_PREFIX, inbox, ...options });
  await app.ready();
  return { app, inbox };
}

async function deliver(target: FastifyInstance, deelnemer: string, body: object) {
  const token = await target.inject({
    method: 'POST',
    url: `/demo-deelnemers/${deelnemer}/token`,
    payload: {
      grant_type: 'client_credentials',
      client_id: `${deelnemer.toLowerCase()}-callback`,
      client_secret: DEMO_CALLBACK_SECRET,
    },
  });
  return target.inject({
    method: 'POST',
    url: `/demo-deelnemers/${deelnemer}/callback/Opdracht`,
    headers: { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}` },
    payload: body,
  });
}

const delivery = { id: '0b7f4e0e-5d55-4a1c-9d6e-3d1b8d3a2f10', opdrachtId: 'OPD-1', type: 'Opdracht' };

describe('the flaky demo participant', () => {
  it('answers some deliveries with a 500 and does not record them', async () => {
    const draws = [0.1, 0.9];
    const { app: target, inbox } = await participants({ flakiness: { random: () => draws.shift() ?? 0.9 } });
    const failed = await deliver(target, DEMO_FLAKY_PARTICIPANT, delivery);
    expect(failed.statusCode).toBe(500);
    expect(inbox.receivedMessages(DEMO_FLAKY_PARTICIPANT)).toEqual([]);

    const retried = await deliver(target, DEMO_FLAKY_PARTICIPANT, delivery);
    expect(retried.statusCode).toBe(202);
    expect(inbox.receivedMessages(DEMO_FLAKY_PARTICIPANT)).toHaveLength(1);
  });

  it('keeps a delivery waiting, at most hangMs', async () => {
    const { app: target, inbox } = await participants({ flakiness: { random: () => 0.27, hangMs: 300 } });
    const started = Date.now();
    const response = await deliver(target, DEMO_FLAKY_PARTICIPANT, delivery);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(response.statusCode).toBe(504);
    expect(inbox.receivedMessages(DEMO_FLAKY_PARTICIPANT)).toEqual([]);
  });

  it('lets the server close while a delivery waits', async () => {
    let drawn = 0;
    const { app: target } = await participants({ flakiness: { random: () => (drawn++, 0.27) } });
    const waiting = deliver(target, DEMO_FLAKY_PARTICIPANT, delivery);
    // The delivery has drawn its silence and waits.
    await expect.poll(() => drawn).toBe(1);
    const started = Date.now();
    await target.close();
    app = undefined;
    await waiting;
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers the connection check and the other participants reliably', async () => {
    const { app: target } = await participants({ flakiness: { random: () => 0 } });
    expect((await deliver(target, DEMO_FLAKY_PARTICIPANT, {})).statusCode).toBe(202);
    expect((await deliver(target, 'Aannemer_Alfa', delivery)).statusCode).toBe(202);
  });

  it('can be switched off', async () => {
    const { app: target } = await participants({ flakiness: false });
    expect((await deliver(target, DEMO_FLAKY_PARTICIPANT, delivery)).statusCode).toBe(202);
  });
});

describe('the paused demo participant', () => {
  it('has its sending paused in both flows, with an entry in the sending log', async () => {
    const t = await createTestApp();
    try {
      const rows = await t.app.db.select().from(senders).where(eq(senders.deelnemer, DEMO_PAUSED_PARTICIPANT));
      expect(rows.map((row) => [row.versienummer, row.running]).sort()).toEqual([
        ['2.0', false],
        ['h1.0', false],
      ]);
      const log = await t.app.db
        .select()
        .from(senderLog)
        .where(and(eq(senderLog.deelnemer, DEMO_PAUSED_PARTICIPANT), eq(senderLog.versienummer, '2.0')));
      expect(log).toEqual([expect.objectContaining({ running: false, changedBy: 'demo' })]);

      const others = await t.app.db.select().from(senders).where(eq(senders.running, false));
      expect(new Set(others.map((row) => row.deelnemer))).toEqual(new Set([DEMO_PAUSED_PARTICIPANT]));
    } finally {
      await t.close();
    }
  });
});
