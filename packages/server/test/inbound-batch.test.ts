import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { EXAMPLE_BERICHTEN, parseBericht, type Bericht } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leveringen, messages, opdrachten, orderHeads } from '../src/db/schema';
import { acceptBatch, type PreparedSubmit } from '../src/modules/inbound/accept';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Example = (typeof EXAMPLE_BERICHTEN)[keyof typeof EXAMPLE_BERICHTEN];
function bericht(opdrachtId: string, example: Example, data: object = {}): Bericht {
  const parsed = parseBericht({ ...example, opdrachtId, data: { ...example.data, ...data } });
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}
const item = (sender: string, b: Bericht, key: string, keyGiven = true): PreparedSubmit => ({
  id: randomUUID(),
  sender,
  senderSide: sender.startsWith('Netbeheer') ? 'opdrachtgever' : 'opdrachtnemer',
  flow: 'aansluiting',
  bericht: b,
  idempotencyKey: key,
  keyGiven,
});

describe('accepting a batch in one transaction (group commit)', () => {
  it('judges each message against its order as the earlier messages of the batch left it', async () => {
    const outcomes = await acceptBatch(t.app.db, [
      item('Netbeheer_Noord', bericht('B-1', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' }), 'n-1'),
      item('Aannemer_Alfa', bericht('B-1', EXAMPLE_BERICHTEN.Planning), 'a-1'),
      // The same key again within the batch: the first one's id.
      item('Netbeheer_Noord', bericht('B-1', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' }), 'n-1'),
      // Not a party to B-1 (answered as an unknown order), and a type not allowed in status 200:
      // refused, the others unaffected.
      item('Aannemer_Beta', bericht('B-1', EXAMPLE_BERICHTEN.TG), 'b-1'),
      item('Netbeheer_Noord', bericht('B-1', EXAMPLE_BERICHTEN.OpdrachtGereed), 'n-2'),
      item('Aannemer_Alfa', bericht('B-1', EXAMPLE_BERICHTEN.TG), 'a-2'),
    ]);
    expect(outcomes.map((o) => (o.ok ? (o.accepted.duplicate ? 'duplicate' : 202) : o.error.statusCode))).toEqual([
      202,
      202,
      'duplicate',
      409,
      409,
      202,
    ]);
    const [first, , again] = outcomes;
    expect(again).toEqual({ ok: true, accepted: { id: first?.ok && first.accepted.id, duplicate: true } });

    const [stored] = await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'B-1'));
    expect(stored).toMatchObject({ status: 300, statusText: 'Technisch gereed gemeld' });
    const outbox = await t.app.db
      .select()
      .from(messages)
      .where(eq(messages.opdrachtId, 'B-1'))
      .orderBy(asc(messages.seq));
    expect(outbox.map((m) => [m.type, m.receiver])).toEqual([
      ['Opdracht', 'Aannemer_Alfa'],
      ['Planning', 'Netbeheer_Noord'],
      ['TG', 'Netbeheer_Noord'],
    ]);
    // One head per receiver, at its oldest message.
    const heads = await t.app.db.select().from(orderHeads).where(eq(orderHeads.opdrachtId, 'B-1'));
    expect(Object.fromEntries(heads.map((h) => [h.receiver, h.messageId]))).toEqual({
      Aannemer_Alfa: outbox[0]!.id,
      Netbeheer_Noord: outbox[1]!.id,
    });
  });

  it('creates a Hoofdnet order, a levering and its assessment in one batch: the last write of the levering wins', async () => {
    const hoofdnet = (sender: string, b: Bericht, key: string): PreparedSubmit => ({
      ...item(sender, b, key),
      flow: 'hoofdnet',
    });
    const outcomes = await acceptBatch(t.app.db, [
      hoofdnet(
        'Netbeheer_Noord',
        bericht('BH-1', EXAMPLE_BERICHTEN.OpdrachtHoofdnet, { opdrachtnemer: 'Aannemer_Alfa' }),
        'bh-1',
      ),
      hoofdnet('Aannemer_Alfa', bericht('BH-1', EXAMPLE_BERICHTEN.BeoordelingHoofdnet), 'bh-2'),
      hoofdnet('Aannemer_Alfa', bericht('BH-1', EXAMPLE_BERICHTEN.PlanningHoofdnet), 'bh-3'),
      hoofdnet('Aannemer_Alfa', bericht('BH-1', EXAMPLE_BERICHTEN.Deellevering), 'bh-4'),
      hoofdnet('Netbeheer_Noord', bericht('BH-1', EXAMPLE_BERICHTEN.BeoordelingLevering), 'bh-5'),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, true, true]);
    const stored = await t.app.db.select().from(leveringen).where(eq(leveringen.opdrachtId, 'BH-1'));
    expect(stored).toEqual([
      expect.objectContaining({
        type: 'Deellevering',
        messageType: 'BeoordelingLevering',
        beoordeling: expect.any(String),
        opdrachtgever: 'Netbeheer_Noord',
        opdrachtnemer: 'Aannemer_Alfa',
      }),
    ]);
    const [order] = await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'BH-1'));
    expect(order).toMatchObject({ type: expect.any(String), planStatusText: expect.any(String) });
  });

  it('answers a key stored by an earlier batch as a duplicate', async () => {
    const b = bericht('B-2', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' });
    const [first] = await acceptBatch(t.app.db, [item('Netbeheer_Noord', b, 'n-b2')]);
    const [again] = await acceptBatch(t.app.db, [item('Netbeheer_Noord', b, 'n-b2')]);
    expect(first).toMatchObject({ ok: true, accepted: { duplicate: false } });
    expect(again).toEqual({ ok: true, accepted: { id: first?.ok && first.accepted.id, duplicate: true } });
  });

  it('a retry finds what an earlier attempt committed (its answer lost with the connection): the same ids, nothing twice', async () => {
    const items = [
      item('Netbeheer_Noord', bericht('B-3', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' }), 'n-b3'),
      // No Idempotency-Key: the generated key is looked up on a retry as well.
      item(
        'Netbeheer_Noord',
        bericht('B-4', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' }),
        'gen-b4',
        false,
      ),
    ];
    const first = await acceptBatch(t.app.db, items);
    const again = await acceptBatch(t.app.db, items, { retry: true });
    const accepted = items.map((it) => ({ ok: true, accepted: { id: it.id, duplicate: false } }));
    expect(first).toEqual(accepted);
    expect(again).toEqual(accepted);
    const stored = await t.app.db.select().from(messages).where(eq(messages.sender, 'Netbeheer_Noord'));
    expect(
      stored
        .filter((m) => m.opdrachtId === 'B-3' || m.opdrachtId === 'B-4')
        .map((m) => m.id)
        .sort(),
    ).toEqual(items.map((it) => it.id).sort());
    // The same key from another submission (another id) is still a duplicate.
    const [resent] = await acceptBatch(t.app.db, [{ ...items[0]!, id: randomUUID() }], { retry: true });
    expect(resent).toEqual({ ok: true, accepted: { id: items[0]!.id, duplicate: true } });
  });

  it('through the API: many concurrent submissions are all accepted, each exactly once', async () => {
    const noord = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'netbeheer_noord-systeem' }));
    const submit = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/berichten',
        headers: { ...noord, 'idempotency-key': `c-${i % 60}` },
        payload: {
          ...EXAMPLE_BERICHTEN.Opdracht,
          opdrachtId: `C-${i % 60}`,
          data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: 'Aannemer_Alfa' },
        },
      });
    // 120 requests for 60 orders: each order (and key) twice, all at once.
    const responses = await Promise.all(Array.from({ length: 120 }, (_, i) => submit(i)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(120).fill(202));
    const byKey = new Map<string, Set<string>>();
    responses.forEach((r, i) => byKey.set(`c-${i % 60}`, (byKey.get(`c-${i % 60}`) ?? new Set()).add(r.json().id)));
    expect([...byKey.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(responses.filter((r) => r.json().duplicate)).toHaveLength(60);
    const stored = await t.app.db.select().from(messages).where(eq(messages.sender, 'Netbeheer_Noord'));
    expect(stored.filter((m) => m.opdrachtId.startsWith('C-'))).toHaveLength(60);
  });
});
