import { and, eq, isNotNull } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';

let t: TestApp;

// The whole path in one process: participants' API → outbox → worker → the demo participant's
// callback on this server, with the demo configuration's token endpoint.
beforeAll(async () => {
  t = await createListeningTestApp({ ROLE: 'all' });
});
afterAll(() => t.close());

async function deliveredWithin(id: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const rows = await t.app.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, id), isNotNull(messages.deliveredAt)));
    if (rows.length) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('delivery through the app', () => {
  it('delivers an accepted message to the receiver’s callback', async () => {
    const system = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'netbeheer_noord-systeem' }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/berichten',
      headers: system,
      payload: {
        ...EXAMPLE_BERICHTEN.Opdracht,
        opdrachtId: 'E2E-1',
        data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: 'Aannemer_Alfa' },
      },
    });
    expect(response.statusCode).toBe(202);
    expect(await deliveredWithin(response.json().id, 5000)).toBe(true);
    const [row] = await t.app.db.select().from(messages).where(eq(messages.id, response.json().id));
    expect(row).toMatchObject({ failedAttempts: 0, err: null });

    const metrics = (await t.app.inject('/metrics')).body;
    expect(metrics).toContain('knooppunt_messages_delivered_total{receiver="Aannemer_Alfa"} 1');
    expect(metrics).toMatch(/knooppunt_delivery_latency_seconds_count \d+/);
    expect(metrics).toContain('# TYPE knooppunt_outbox_queue_depth gauge');
    expect(metrics).toContain('# TYPE knooppunt_delivery_in_flight gauge');
  });
});
