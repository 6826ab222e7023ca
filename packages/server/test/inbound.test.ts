import { and, eq, isNull } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leveringen, messages, opdrachten, orderHeads } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

let t: TestApp;
const systems: Record<string, Record<string, string>> = {};
let beheer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const deelnemer of ['Netbeheer_Noord', 'Aannemer_Alfa', 'Aannemer_Beta']) {
    systems[deelnemer] = bearer(await tokenFor(t, { deelnemer, clientId: `${deelnemer.toLowerCase()}-systeem` }));
  }
  beheer = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'], deelnemer: 'Knooppunt_Beheer' }));
});
afterAll(() => t.close());

type Example = (typeof EXAMPLE_BERICHTEN)[keyof typeof EXAMPLE_BERICHTEN];
const submit = (from: string, bericht: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/berichten',
    headers: { ...systems[from], ...(key && { 'idempotency-key': key }) },
    payload: bericht,
  });
const about = (opdrachtId: string, example: Example, data: object = {}) => ({
  ...example,
  opdrachtId,
  data: { ...example.data, ...data },
});
const order = async (opdrachtId: string) =>
  (await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, opdrachtId)))[0];
const openMessages = (opdrachtId: string) =>
  t.app.db
    .select()
    .from(messages)
    .where(and(eq(messages.opdrachtId, opdrachtId), isNull(messages.deliveredAt)));

describe('participants API', () => {
  it('accepts an order: 202 with the id, the order, the outbox row and its head in one go', async () => {
    const response = await submit(
      'Netbeheer_Noord',
      about('A-1', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' }),
      'noord-1',
    );
    expect(response.statusCode).toBe(202);
    const { id, duplicate } = response.json();
    expect(duplicate).toBe(false);
    expect(await order('A-1')).toMatchObject({
      opdrachtgever: 'Netbeheer_Noord',
      opdrachtnemer: 'Aannemer_Alfa',
      status: 100,
      statusText: 'Opdracht verstrekt',
    });
    const [message] = await openMessages('A-1');
    expect(message).toMatchObject({ id, sender: 'Netbeheer_Noord', receiver: 'Aannemer_Alfa', type: 'Opdracht' });
    expect(await t.app.db.select().from(orderHeads).where(eq(orderHeads.opdrachtId, 'A-1'))).toEqual([
      expect.objectContaining({ receiver: 'Aannemer_Alfa', messageId: id }),
    ]);
  });

  it('accepts the same idempotency key once and answers the first id again', async () => {
    const first = (await openMessages('A-1'))[0]?.id;
    const again = await submit(
      'Netbeheer_Noord',
      about('A-1', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' }),
      'noord-1',
    );
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ id: first, duplicate: true });
    expect(await openMessages('A-1')).toHaveLength(1);
  });

  it('moves the order along when the right side sends the right type', async () => {
    expect((await submit('Aannemer_Alfa', about('A-1', EXAMPLE_BERICHTEN.Planning))).statusCode).toBe(202);
    expect(await order('A-1')).toMatchObject({ status: 200, statusText: 'Gepland' });
  });

  it('answers 422 to the side that does not send the type, and 409 to a participant that is no party of the order', async () => {
    const wrongSide = await submit('Netbeheer_Noord', about('A-1', EXAMPLE_BERICHTEN.Planning));
    expect(wrongSide.statusCode).toBe(422);
    expect(wrongSide.json().details).toEqual([expect.objectContaining({ field: 'afzender' })]);
    const stranger = await submit('Aannemer_Beta', about('A-1', EXAMPLE_BERICHTEN.Planning));
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).not.toContain('Aannemer_Beta');
  });

  it("answers 409 for a type the order's status does not allow, and for an order that exists", async () => {
    const early = await submit('Netbeheer_Noord', about('A-1', EXAMPLE_BERICHTEN.OpdrachtGereed));
    expect(early.statusCode).toBe(409);
    const twice = await submit(
      'Netbeheer_Noord',
      about('A-1', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' }),
    );
    expect(twice.statusCode).toBe(409);
    const noOrder = await submit('Aannemer_Alfa', about('BESTAAT-NIET', EXAMPLE_BERICHTEN.Planning));
    expect(noOrder.statusCode).toBe(409);
    expect(await order('A-1')).toMatchObject({ status: 200 });
  });

  it('answers 400 naming the field of malformed content', async () => {
    const bad = await submit(
      'Netbeheer_Noord',
      about('A-2', EXAMPLE_BERICHTEN.Opdracht, { adres: { ...EXAMPLE_BERICHTEN.Opdracht.data.adres, postcode: '12' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'data.adres.postcode' })]);
    const wrongFlow = await submit('Netbeheer_Noord', {
      ...about('A-2', EXAMPLE_BERICHTEN.Opdracht),
      versienummer: 'h1.0',
    });
    expect(wrongFlow.json().details).toEqual([expect.objectContaining({ field: 'versienummer' })]);
    expect(await order('A-2')).toBeUndefined();
  });

  it('refuses a portal user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/berichten',
      headers: beheer,
      payload: about('A-3', EXAMPLE_BERICHTEN.Opdracht),
    });
    expect(response.statusCode).toBe(403);
  });

  it('keeps Hoofdnet leveringen and their assessment', async () => {
    const steps: [string, Example, object?][] = [
      ['Netbeheer_Noord', EXAMPLE_BERICHTEN.OpdrachtHoofdnet, { opdrachtnemer: 'Aannemer_Alfa' }],
      ['Aannemer_Alfa', EXAMPLE_BERICHTEN.BeoordelingHoofdnet],
      ['Aannemer_Alfa', EXAMPLE_BERICHTEN.PlanningHoofdnet],
      ['Aannemer_Alfa', EXAMPLE_BERICHTEN.Deellevering],
      ['Netbeheer_Noord', EXAMPLE_BERICHTEN.BeoordelingLevering],
    ];
    for (const [from, example, data] of steps) {
      const response = await submit(from, about('H-1', example, data));
      expect({ type: example.type, status: response.statusCode, body: response.json() }).toMatchObject({ status: 202 });
    }
    const [levering] = await t.app.db.select().from(leveringen).where(eq(leveringen.opdrachtId, 'H-1'));
    expect(levering).toMatchObject({
      type: 'Deellevering',
      messageType: 'BeoordelingLevering',
      beoordeling: expect.any(String),
    });
    expect(await order('H-1')).toMatchObject({ type: expect.any(String), planStatusText: expect.any(String) });
  });
});

describe('portal: resend and cancel', () => {
  const retry = (id: string, path = 'message', headers = beheer) =>
    t.app.inject({ method: 'POST', url: `/rest/management/${path}/retry`, headers, payload: { id } });

  it('makes an undelivered message due now and answers it', async () => {
    const [message] = await openMessages('A-1');
    const response = await retry(message!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: message!.id, opdrachtId: 'A-1', failedAttempts: 0, err: null });
    expect(Date.parse(response.json().nextAttempt)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('answers 404 for the other flow, an unknown id or a message the caller may not see; resends a delivered one', async () => {
    const [message] = await openMessages('A-1');
    expect((await retry(message!.id, 'message-hoofdnet')).statusCode).toBe(404);
    expect((await retry('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const outsider = bearer(await tokenFor(t, { roles: ['Uitval Beheren'], deelnemer: 'Aannemer_Beta' }));
    expect((await retry(message!.id, 'message', outsider)).statusCode).toBe(404);
    const party = bearer(await tokenFor(t, { roles: ['Uitval Beheren'], deelnemer: 'Aannemer_Alfa' }));
    expect((await retry(message!.id, 'message', party)).statusCode).toBe(200);
    const staff = bearer(await tokenFor(t, { roles: ['Uitval Beheren'], deelnemer: 'Knooppunt_Beheer' }));
    expect((await retry(message!.id, 'message', staff)).statusCode).toBe(200);
    await t.app.db.update(messages).set({ deliveredAt: new Date() }).where(eq(messages.id, message!.id));
    // Delivered: sent again (test/delivery-resend.test.ts delivers it), to the same callers only.
    expect((await retry(message!.id, 'message', outsider)).statusCode).toBe(404);
    const resent = await retry(message!.id, 'message', party);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ _id: message!.id, nextAttempt: expect.any(String) });
    const [row] = await t.app.db.select().from(messages).where(eq(messages.id, message!.id));
    expect(row?.deliveredAt).toBeNull();
    expect((await retry('geen-id')).json().details).toEqual([expect.objectContaining({ field: 'id' })]);
  });

  it('cancels an order by hand: 990, the spec text, its open messages gone, audited', async () => {
    expect((await openMessages('H-1')).length).toBeGreaterThan(0);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/rest/management/opdracht/cancel/H-1',
      headers: beheer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 990, statusText: 'Opdracht handmatig geannuleerd' });
    expect(await openMessages('H-1')).toEqual([]);
    expect(await t.app.db.select().from(orderHeads).where(eq(orderHeads.opdrachtId, 'H-1'))).toEqual([]);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'opdracht.cancel'));
    expect(audit).toEqual([expect.objectContaining({ subjectId: 'H-1' })]);
  });

  it('answers 409 for an order that cannot be cancelled any more, 404 for an unknown one', async () => {
    const again = await t.app.inject({ method: 'PATCH', url: '/rest/management/opdracht/cancel/H-1', headers: beheer });
    expect(again.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/rest/management/opdracht/cancel/ONBEKEND',
      headers: beheer,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
