import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAuditService } from '../src/audit/service';
import { auditLog, messages, orderHeads, senders } from '../src/db/schema';
import { createMessagesService } from '../src/modules/messages/service';
import { serviceUser } from './helpers';
import { VERSIENUMMER, bodyOf, eventually, seedReceiver, submit, useDeliveryResources } from './support/delivery';

/**
 * 'Opnieuw verzenden' of a delivered message (spec 000 §2, issue 21 item 14): the receiver gets it
 * again, with the Idempotency-Key of its first delivery, behind the messages of its order that
 * are still waiting.
 */
const { fixture, receiver } = useDeliveryResources();

const beheer = serviceUser(['Beheer ziet alles', 'Uitval Beheren']);

describe('resend of a delivered message', { timeout: 60_000 }, () => {
  it('delivers it again with the same Idempotency-Key, and records it as delivered again', async () => {
    const f = await fixture();
    // The receiver fails the first attempt: the message is delivered after a failure, as in the issue.
    let calls = 0;
    const alfa = await receiver({ status: () => (++calls === 1 ? 500 : 200) });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    const id = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    await f.db.update(messages).set({ nextAttempt: new Date() }).where(eq(messages.id, id));
    f.startWorker();
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.failedAttempts).toBe(1);
      await f.db.update(messages).set({ nextAttempt: new Date() }).where(eq(messages.id, id));
      await f.db.update(orderHeads).set({ due: new Date() }).where(eq(orderHeads.messageId, id));
      f.wakeup.signal();
      expect(row?.deliveredAt).not.toBeNull();
    });
    expect(alfa.callbacks).toHaveLength(2);

    const service = createMessagesService({ db: f.db, audit: createAuditService() });
    const view = await service.retry(beheer, id, 'aansluiting');
    expect(view).toMatchObject({ _id: id, failedAttempts: 0, err: { traceId: expect.any(String) } });
    expect(view.nextAttempt).not.toBeNull();
    f.wakeup.signal();

    await eventually(() => expect(alfa.callbacks).toHaveLength(3));
    const [first, , again] = alfa.callbacks;
    expect(bodyOf(again!).id).toBe(id);
    expect(again!.headers['idempotency-key']).toBe(id);
    expect(again!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.deliveredAt).not.toBeNull();
      expect(await f.db.select().from(orderHeads)).toEqual([]);
    });
    const audit = await f.db.select().from(auditLog).where(eq(auditLog.action, 'message.resend'));
    expect(audit).toEqual([expect.objectContaining({ subjectId: id })]);
  });

  it("goes behind its order's waiting messages: they keep their order, the resent one comes last", async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    const first = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', data: { n: 1 } });
    f.startWorker();
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, first));
      expect(row?.deliveredAt).not.toBeNull();
    });

    // The sender is paused: two more messages of the same order wait, then the first is resent.
    await f.db
      .update(senders)
      .set({ running: false })
      .where(and(eq(senders.deelnemer, 'Aannemer_Alfa'), eq(senders.versienummer, VERSIENUMMER)));
    const second = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', data: { n: 2 } });
    const third = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', data: { n: 3 } });
    const service = createMessagesService({ db: f.db, audit: createAuditService() });
    await service.retry(beheer, first, 'aansluiting');
    const [head] = await f.db.select().from(orderHeads);
    expect(head?.messageId).toBe(second);

    await f.db
      .update(senders)
      .set({ running: true })
      .where(and(eq(senders.deelnemer, 'Aannemer_Alfa'), eq(senders.versienummer, VERSIENUMMER)));
    f.wakeup.signal();
    await eventually(() => expect(alfa.callbacks).toHaveLength(4));
    expect(alfa.callbacks.map((request) => bodyOf(request).id)).toEqual([first, second, third, first]);
    await eventually(async () => {
      const rows = await f.db.select().from(messages);
      expect(rows.every((row) => row.deliveredAt !== null)).toBe(true);
      expect(await f.db.select().from(orderHeads)).toEqual([]);
    });
  });

  it('leaves a delivered message alone while its order is being cancelled with a run in flight', async () => {
    const f = await fixture();
    const first = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    await f.db.update(messages).set({ deliveredAt: new Date() }).where(eq(messages.id, first));
    await f.db.delete(orderHeads);
    // A later message of the order is being delivered when the order is cancelled (decision 0023).
    await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    await f.db.update(orderHeads).set({ cancelled: true, claimedUntil: new Date(Date.now() + 60_000) });

    const service = createMessagesService({ db: f.db, audit: createAuditService() });
    await expect(service.retry(beheer, first, 'aansluiting')).rejects.toMatchObject({
      statusCode: 409,
      message: 'De opdracht van dit bericht wordt geannuleerd; het kan niet opnieuw worden verzonden.',
    });
    const [row] = await f.db.select().from(messages).where(eq(messages.id, first));
    expect(row?.deliveredAt).not.toBeNull();
    expect(await f.db.select().from(auditLog)).toEqual([]);
  });
});
