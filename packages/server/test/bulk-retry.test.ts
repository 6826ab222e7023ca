import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { auditLog, bulkRetryBatches, bulkRetryJobs, messages, orderHeads } from '../src/db/schema';
import { filtersToQuery, insertJob } from '../src/modules/messages/bulk-retry';
import { createBulkRetryRunner } from '../src/modules/messages/bulk-retry-runner';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { ALFA, BETA, GAMMA, NOORD, ZUID, at, message, seedMessages } from './support/monitoring';

/**
 * 'Alles opnieuw versturen' (issue 22 item 1, decision 0034): one job makes every undelivered
 * message matching the filters of Berichten or Uitval due now, in batches, FIFO kept.
 */
const AANSLUITING = { name: 'versienummer', value: '!h1.0' };
const HOOFDNET = { name: 'versienummer', value: 'h1.0' };
const UITVAL = { name: 'isInError', value: true };
const LATER = 600; // minutes from now: not due

let t: TestApp;
let superRole: Record<string, string>;
let ids: Map<string, string>;

/** Each order's head for its receiver points at its oldest undelivered message, due when it is. */
async function seedHeads(db: Database) {
  const rows = await db.select().from(messages).orderBy(messages.seq);
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.receiver}/${row.opdrachtId}`;
    if (row.deliveredAt || seen.has(key)) continue;
    seen.add(key);
    await db.insert(orderHeads).values({
      receiver: row.receiver,
      opdrachtId: row.opdrachtId,
      messageId: row.id,
      versienummer: row.versienummer,
      due: row.nextAttempt,
    });
  }
}

const isDue = (date: Date | null | undefined) => !!date && date.getTime() <= Date.now() + 1000;

async function messageRow(label: string) {
  const [row] = await t.app.db
    .select()
    .from(messages)
    .where(eq(messages.id, ids.get(label)!));
  return row!;
}

async function headOf(label: string) {
  const row = await messageRow(label);
  const [head] = await t.app.db
    .select()
    .from(orderHeads)
    .where(and(eq(orderHeads.receiver, row.receiver), eq(orderHeads.opdrachtId, row.opdrachtId)));
  return head!;
}

async function waitForJob(headers: Record<string, string>, id: string) {
  for (let i = 0; i < 200; i++) {
    const response = await t.app.inject({ method: 'GET', url: `/rest/management/message/bulk-retry/${id}`, headers });
    const job = response.json<{ state: string; total: number; done: number; skipped: number; failed: number }>();
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('job did not finish');
}

beforeAll(async () => {
  // Batches of 2: every job here takes several.
  t = await createTestApp({}, { bulkRetry: { batchSize: 2, pollMs: 60_000 } });
  superRole = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'], sub: 'super' }));
  ids = await seedMessages(t.app.db, [
    // Order A-001 to Alfa: a waiting message that never failed, then two uitval behind it.
    message('a1', 'A-001', 'Opdracht', [NOORD, ALFA], { nextAttempt: LATER }),
    message('a2', 'A-001', 'Planning', [NOORD, ALFA], { nextAttempt: LATER, failedAttempts: 2 }),
    message('a3', 'A-001', 'Planning', [NOORD, ALFA], { nextAttempt: LATER, failedAttempts: 1 }),
    // Uitval at the head of their orders.
    message('b1', 'A-002', 'Opdracht', [ZUID, BETA], { nextAttempt: LATER, failedAttempts: 3 }),
    message('c1', 'A-003', 'Opdracht', [NOORD, BETA], { nextAttempt: LATER, failedAttempts: 4 }),
    message('d1', 'A-004', 'Opdracht', [BETA, NOORD], { nextAttempt: LATER, failedAttempts: 1 }),
    // Delivered after failing: no uitval, not resent.
    message('e1', 'A-005', 'Opdracht', [NOORD, ALFA], { nextAttempt: LATER, failedAttempts: 1, delivered: true }),
    // Hoofdnet uitval: the other flow.
    message('h1', 'H-001', 'OpdrachtHoofdnet', [NOORD, ALFA], {
      versienummer: 'h1.0',
      nextAttempt: LATER,
      failedAttempts: 2,
    }),
  ]);
  await seedHeads(t.app.db);
});
afterAll(() => t.close());

describe('bulk resend: count, job, audit', () => {
  it('counts and reschedules exactly the matching undelivered messages in several batches, FIFO kept', async () => {
    const body = { filters: [AANSLUITING, UITVAL] };
    const counted = await t.app.inject({
      method: 'POST',
      url: '/rest/management/message/bulk-retry/count',
      headers: superRole,
      payload: body,
    });
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toEqual({ count: 5 });
    // Counting changes nothing.
    expect(isDue((await messageRow('a2')).nextAttempt)).toBe(false);

    const started = await t.app.inject({
      method: 'POST',
      url: '/rest/management/message/bulk-retry',
      headers: superRole,
      payload: body,
    });
    expect(started.statusCode).toBe(202);
    const job = started.json<{ id: string; total: number; state: string }>();
    expect(job).toMatchObject({ total: 5, state: 'running' });

    expect(await waitForJob(superRole, job.id)).toMatchObject({
      state: 'finished',
      total: 5,
      done: 5,
      skipped: 0,
      failed: 0,
    });
    // Three batches of 2 (the last one short), none left.
    const [row] = await t.app.db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, job.id));
    expect(row!.nextBatch).toBe(3);
    expect(await t.app.db.select().from(bulkRetryBatches).where(eq(bulkRetryBatches.jobId, job.id))).toEqual([]);

    // Heads whose message was resent are due: the claim takes them now. Their messages' rows are
    // not written (the attempt writes them); the lists show the head's due as their next attempt.
    for (const label of ['b1', 'c1', 'd1']) {
      expect(isDue((await headOf(label)).due)).toBe(true);
      expect(isDue((await messageRow(label)).nextAttempt)).toBe(false);
    }
    const listed = await t.app.inject({
      method: 'POST',
      url: '/rest/management/message/search',
      headers: superRole,
      payload: { filters: [AANSLUITING, UITVAL], limit: 50 },
    });
    expect(listed.statusCode).toBe(200);
    const shown = new Map(
      listed.json<{ items: { _id: string; nextAttempt: string | null }[] }>().items.map((item) => [item._id, item]),
    );
    for (const label of ['a2', 'a3', 'b1', 'c1', 'd1']) {
      expect(isDue(new Date(shown.get(ids.get(label)!)!.nextAttempt!)), label).toBe(true);
    }
    // A-001's head stays on a1, not due: a2 and a3 wait behind it (FIFO). Their own next attempts,
    // which lay in the future, are now, so that a run does not stop before them.
    for (const label of ['a2', 'a3']) expect(isDue((await messageRow(label)).nextAttempt)).toBe(true);
    const a = await headOf('a2');
    expect(a.messageId).toBe(ids.get('a1'));
    expect(isDue(a.due)).toBe(false);
    // Not matching: untouched.
    for (const label of ['a1', 'h1']) expect(isDue((await messageRow(label)).nextAttempt)).toBe(false);
    expect(isDue((await headOf('h1')).due)).toBe(false);
    expect((await messageRow('e1')).deliveredAt).not.toBeNull();

    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, job.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'message.bulk-retry',
      subjectType: 'bulk-retry-job',
      after: { count: 5, filters: { versienummer: '!h1.0', isInError: true } },
    });
  });

  it('a participant resends only its own: its filter is narrowed on the server', async () => {
    // Beta's uitval user: b1 (Zuid → Beta), c1 (Noord → Beta), d1 (Beta → Noord); not Alfa's a2, a3.
    const beta = bearer(await tokenFor(t, { roles: ['Uitval Beheren'], deelnemer: BETA, sub: 'beta' }));
    await t.app.db
      .update(messages)
      .set({ nextAttempt: at(LATER) })
      .where(
        inArray(
          messages.id,
          ['a2', 'a3', 'b1', 'c1', 'd1'].map((label) => ids.get(label)!),
        ),
      );
    await t.app.db
      .update(orderHeads)
      .set({ due: at(LATER) })
      .where(
        inArray(
          orderHeads.messageId,
          ['b1', 'c1', 'd1'].map((label) => ids.get(label)!),
        ),
      );
    const body = { filters: [AANSLUITING, UITVAL] };
    const counted = await t.app.inject({
      method: 'POST',
      url: '/rest/management/message/bulk-retry/count',
      headers: beta,
      payload: body,
    });
    expect(counted.json()).toEqual({ count: 3 });
    const started = await t.app.inject({
      method: 'POST',
      url: '/rest/management/message/bulk-retry',
      headers: beta,
      payload: body,
    });
    expect(started.statusCode).toBe(202);
    const { id } = started.json<{ id: string }>();
    expect(await waitForJob(beta, id)).toMatchObject({ state: 'finished', total: 3, done: 3 });
    for (const label of ['b1', 'c1', 'd1']) expect(isDue((await headOf(label)).due)).toBe(true);
    for (const label of ['a2', 'a3']) expect(isDue((await messageRow(label)).nextAttempt)).toBe(false);

    // Another participant's user does not see the job; the super role does.
    const alfa = bearer(await tokenFor(t, { roles: ['Uitval Beheren'], deelnemer: ALFA, sub: 'alfa' }));
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/rest/management/message/bulk-retry/${id}`,
      headers: alfa,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Deze taak voor opnieuw versturen bestaat niet.' });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/rest/management/message/bulk-retry/${id}`,
      headers: superRole,
    });
    expect(seen.statusCode).toBe(200);
  });

  it('nothing matching: a finished job with total 0, still audited', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/rest/management/message/bulk-retry',
      headers: superRole,
      payload: { filters: [HOOFDNET, { name: 'opdrachtId', value: 'GEEN' }] },
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ state: 'finished', total: 0, done: 0 });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, started.json<{ id: string }>().id));
    expect(audit).toHaveLength(1);
  });
});

describe('bulk resend: rights and bad input', () => {
  const urls = ['/rest/management/message/bulk-retry/count', '/rest/management/message/bulk-retry'];

  it('401 without a token, 403 without the right to resend', async () => {
    const viewer = bearer(await tokenFor(t, { roles: ['Configuraties Beheren'], deelnemer: ALFA }));
    for (const url of urls) {
      const anonymous = await t.app.inject({ method: 'POST', url, payload: { filters: [AANSLUITING] } });
      expect(anonymous.statusCode).toBe(401);
      const refused = await t.app.inject({ method: 'POST', url, headers: viewer, payload: { filters: [AANSLUITING] } });
      expect(refused.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/rest/management/message/bulk-retry/${randomUUID()}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('403 for an uitval user without the uitval filter; nothing is started', async () => {
    const uitval = bearer(await tokenFor(t, { roles: ['Uitval Beheren'], deelnemer: ALFA }));
    const before = await t.app.db.select().from(bulkRetryJobs);
    for (const url of urls) {
      const refused = await t.app.inject({ method: 'POST', url, headers: uitval, payload: { filters: [AANSLUITING] } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: "Zonder monitoringrecht kunt u alleen uitval opnieuw versturen (filter 'isInError': true).",
      });
    }
    // The same user with the filter is let through (the refusal was the filter's).
    const allowed = await t.app.inject({
      method: 'POST',
      url: urls[0]!,
      headers: uitval,
      payload: { filters: [AANSLUITING, UITVAL] },
    });
    expect(allowed.statusCode).toBe(200);
    expect(await t.app.db.select().from(bulkRetryJobs)).toHaveLength(before.length);
  });

  it('400 in Dutch, naming the field, for bad filters and a bad job id', async () => {
    for (const url of urls) {
      const missing = await t.app.inject({ method: 'POST', url, headers: superRole, payload: { filters: [] } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ message: string }>().message).toContain("Een filter 'versienummer' is verplicht");
      const wrong = await t.app.inject({
        method: 'POST',
        url,
        headers: superRole,
        payload: { filters: [AANSLUITING, { name: 'failedAttempts', value: 'veel' }] },
      });
      expect(wrong.statusCode).toBe(400);
      expect(JSON.stringify(wrong.json())).toContain('filters');
    }
    const badId = await t.app.inject({
      method: 'GET',
      url: '/rest/management/message/bulk-retry/geen-id',
      headers: superRole,
    });
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json())).toContain('Geen geldig taak-id.');
  });
});

describe('bulk resend: a job outlives its runner', () => {
  it('a job left by a stopped runner is finished by another, from where the last batch ended', async () => {
    const quiet = { info() {}, warn() {}, error() {} };
    const t2 = await createTestApp({}, { bulkRetry: false });
    try {
      const db = t2.app.db;
      const labels = Array.from({ length: 7 }, (_, i) => `x${i}`);
      const seeded = await seedMessages(
        db,
        labels.map((label, i) =>
          message(label, `X-${i}`, 'Opdracht', [NOORD, ALFA], { nextAttempt: LATER, failedAttempts: 1 }),
        ),
      );
      await seedHeads(db);
      // Batches of 3, as the portal's call would start it (its filters).
      const { id } = await db.transaction((tx) =>
        insertJob(tx, {
          actorSub: 'super',
          actor: 'super',
          query: filtersToQuery({ versienummer: AANSLUITING.value, isInError: true }, undefined),
          filters: { versienummer: AANSLUITING.value, isInError: true },
          batchSize: 3,
        }),
      );
      // Without a runner in this app the job waits.
      const [waiting] = await db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, id));
      expect(waiting).toMatchObject({ state: 'running', done: 0, total: 7 });

      // A runner does one batch of 3 and is stopped in the pause after it; it releases the job.
      const first = createBulkRetryRunner({ db, log: quiet, pollMs: 60_000, pauseMs: 300 });
      first.kick();
      for (let i = 0; i < 100; i++) {
        const [row] = await db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, id));
        if (row!.done > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await first.stop();
      const [left] = await db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, id));
      expect(left!.state).toBe('running');
      expect(left!.done).toBe(3);
      expect(left!.runner).toBeNull();

      const second = createBulkRetryRunner({ db, log: quiet, pollMs: 60_000 });
      second.start();
      try {
        for (let i = 0; i < 200; i++) {
          const [row] = await db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, id));
          if (row!.state !== 'running') break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } finally {
        await second.stop();
      }
      const [finished] = await db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, id));
      expect(finished).toMatchObject({ state: 'finished', total: 7, done: 7, skipped: 0, failed: 0 });
      const heads = await db
        .select()
        .from(orderHeads)
        .where(inArray(orderHeads.messageId, [...seeded.values()]));
      expect(heads).toHaveLength(7);
      expect(heads.every((head) => isDue(head.due))).toBe(true);
    } finally {
      await t2.close();
    }
  });

  it('skips what was delivered between the start and its batch', async () => {
    const t3 = await createTestApp({}, { bulkRetry: false });
    try {
      const db = t3.app.db;
      const seeded = await seedMessages(db, [
        message('y1', 'Y-1', 'Opdracht', [NOORD, ALFA], { nextAttempt: LATER, failedAttempts: 1 }),
        message('y2', 'Y-2', 'Opdracht', [NOORD, ALFA], { nextAttempt: LATER, failedAttempts: 1 }),
      ]);
      await seedHeads(db);
      const headers = bearer(await tokenFor(t3, { roles: ['Beheer ziet alles'] }));
      const started = await t3.app.inject({
        method: 'POST',
        url: '/rest/management/message/bulk-retry',
        headers,
        payload: { filters: [AANSLUITING] },
      });
      const { id } = started.json<{ id: string }>();
      // Delivered as a recording does it: the message marked, its order's head gone (nothing waits behind it).
      await db
        .update(messages)
        .set({ deliveredAt: new Date() })
        .where(eq(messages.id, seeded.get('y1')!));
      await db.delete(orderHeads).where(eq(orderHeads.messageId, seeded.get('y1')!));
      const runner = createBulkRetryRunner({ db, log: { info() {}, warn() {}, error() {} }, pollMs: 60_000 });
      runner.kick();
      for (let i = 0; i < 200; i++) {
        const [row] = await db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, id));
        if (row!.state !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await runner.stop();
      const [row] = await db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, id));
      // Chosen at the start, delivered before its batch: counted as skipped, so done + skipped = total.
      expect(row).toMatchObject({ state: 'finished', total: 2, done: 1, skipped: 1 });
      // Its batch deleted the job's batch row: nothing is left of a finished job.
      expect(await db.select().from(bulkRetryBatches).where(eq(bulkRetryBatches.jobId, id))).toEqual([]);
      const [y1] = await db
        .select()
        .from(messages)
        .where(eq(messages.id, seeded.get('y1')!));
      expect(isDue(y1!.nextAttempt)).toBe(false);
    } finally {
      await t3.close();
    }
  });
});

describe('bulk resend: one job per list, a few per organisation (issue 30)', () => {
  // No runner in this app: a job started here stays running until a test runs it, as a long job
  // would — held, not raced.
  let held: TestApp;
  const quiet = { info() {}, warn() {}, error() {} };
  const PARTNER = 'Implementatie_Partner_Integra';
  let platform: Record<string, string>;
  let beta: Record<string, string>;
  let alfa: Record<string, string>;
  /** The demo links Integra to Aannemer_Alfa: its user acts for Alfa in x-namens-deelnemer. */
  let partner: Record<string, string>;
  let forAlfa: Record<string, string>;

  const start = (headers: Record<string, string>, filters: object[]) =>
    held.app.inject({ method: 'POST', url: '/rest/management/message/bulk-retry', headers, payload: { filters } });
  const running = async (headers: Record<string, string>) => {
    const response = await held.app.inject({ method: 'GET', url: '/rest/management/message/bulk-retry', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: { id: string; state: string; filters: Record<string, unknown> }[] }>().items;
  };
  const stateOf = async (id: string) =>
    (await held.app.db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.id, id)))[0]!.state;
  const opdracht = (value: string) => ({ name: 'opdrachtId', value });

  beforeAll(async () => {
    held = await createTestApp({}, { bulkRetry: false });
    platform = bearer(await tokenFor(held, { roles: ['Beheer ziet alles'], sub: 'super' }));
    beta = bearer(await tokenFor(held, { roles: ['Uitval Beheren'], deelnemer: BETA }));
    alfa = bearer(await tokenFor(held, { roles: ['Uitval Beheren'], deelnemer: ALFA }));
    partner = bearer(
      await tokenFor(held, { roles: ['Uitval Beheren', 'Implementeert voor Aannemer'], deelnemer: PARTNER }),
    );
    forAlfa = { ...partner, 'x-namens-deelnemer': ALFA };
    await seedMessages(held.app.db, [
      message('b-a', 'B-1', 'Opdracht', [NOORD, BETA], { nextAttempt: LATER, failedAttempts: 2 }),
      message('b-h', 'B-2', 'OpdrachtHoofdnet', [NOORD, BETA], {
        versienummer: 'h1.0',
        nextAttempt: LATER,
        failedAttempts: 1,
      }),
      ...['A-1', 'A-2', 'A-3', 'A-4'].map((id) =>
        message(id, id, 'Opdracht', [NOORD, ALFA], { nextAttempt: LATER, failedAttempts: 1 }),
      ),
    ]);
    await seedHeads(held.app.db);
  });
  afterAll(() => held.close());

  it('refuses a second job over the same list while the first runs (409), however its filters are written; another list starts', async () => {
    const first = await start(beta, [AANSLUITING, UITVAL, { name: 'type', value: ['Planning', 'Opdracht'] }]);
    expect(first.statusCode, first.body).toBe(202);
    const job = first.json<{ id: string; state: string; total: number }>();
    expect(job).toMatchObject({ state: 'running', total: 1 });

    // The same messages: types as a set, empty filters, and uitval as 'failed at least once'.
    const again = await start(beta, [
      { name: 'type', value: ['Opdracht', 'Planning', 'Opdracht'] },
      { name: 'failedAttempts', value: 1 },
      opdracht(''),
      UITVAL,
      AANSLUITING,
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message:
        'Voor deze berichten loopt al een taak voor opnieuw versturen. Wacht tot die klaar is; de voortgang staat op het scherm.',
    });
    expect(await held.app.db.select().from(bulkRetryJobs)).toHaveLength(1);

    // Another list of the same organisation starts, and so does the same filter of another
    // organisation (the platform's staff: every participant's messages).
    const hoofdnet = await start(beta, [HOOFDNET, UITVAL]);
    expect(hoofdnet.statusCode, hoofdnet.body).toBe(202);
    expect(hoofdnet.json()).toMatchObject({ state: 'running', total: 1 });
    const platformWide = await start(platform, [AANSLUITING, UITVAL, { name: 'type', value: ['Opdracht'] }]);
    expect(platformWide.statusCode, platformWide.body).toBe(202);

    // Once the first has ended, the same list may be resent again.
    const runner = createBulkRetryRunner({ db: held.app.db, log: quiet, pollMs: 60_000 });
    runner.kick();
    try {
      await expect.poll(() => stateOf(job.id), { interval: 10, timeout: 5000 }).toBe('finished');
    } finally {
      await runner.stop();
    }
    const afterwards = await start(beta, [AANSLUITING, UITVAL, { name: 'type', value: ['Opdracht', 'Planning'] }]);
    expect(afterwards.statusCode, afterwards.body).toBe(202);
    expect(afterwards.json<{ id: string }>().id).not.toBe(job.id);
  });

  it('starts one job when two of one organisation ask for the same list at the same moment', async () => {
    const colleague = bearer(await tokenFor(held, { roles: ['Beheer ziet alles'], sub: 'colleague' }));
    const filters = [AANSLUITING, UITVAL, opdracht('A-4')];
    const answers = await Promise.all([start(platform, filters), start(colleague, filters)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
  });

  it('refuses a fourth running job of an organisation (429, Retry-After), its partner acting for it too; another organisation starts', async () => {
    for (const id of ['A-1', 'A-2', 'A-3']) {
      const started = await start(alfa, [AANSLUITING, UITVAL, opdracht(id)]);
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json()).toMatchObject({ state: 'running', total: 1 });
    }
    for (const headers of [alfa, forAlfa]) {
      const fourth = await start(headers, [AANSLUITING, UITVAL, opdracht('A-4')]);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.headers['retry-after']).toBe('10');
      expect(fourth.json()).toEqual({
        message:
          'Er lopen al 3 taken voor opnieuw versturen voor uw organisatie. Probeer het opnieuw als er een klaar is.',
      });
    }
    const jobs = await held.app.db.select().from(bulkRetryJobs).where(eq(bulkRetryJobs.onlyDeelnemer, ALFA));
    expect(jobs).toHaveLength(3);

    const other = await start(beta, [AANSLUITING, UITVAL]);
    expect(other.statusCode, other.body).toBe(202);
  });

  it('lists the running jobs to their organisation only: the participant, its partner acting for it', async () => {
    const ofAlfa = await running(alfa);
    expect(ofAlfa.map((job) => [job.state, job.filters.opdrachtId])).toEqual([
      ['running', 'A-1'],
      ['running', 'A-2'],
      ['running', 'A-3'],
    ]);
    expect((await running(forAlfa)).map((job) => job.id)).toEqual(ofAlfa.map((job) => job.id));
    // The partner for its own organisation, another participant, one without jobs, and the platform's.
    expect(await running(partner)).toEqual([]);
    const ofBeta = await running(beta);
    expect(ofBeta.length).toBeGreaterThan(0);
    expect(ofBeta.some((job) => ofAlfa.some((own) => own.id === job.id))).toBe(false);
    expect(await running(bearer(await tokenFor(held, { roles: ['Uitval Beheren'], deelnemer: GAMMA })))).toEqual([]);
    const ofPlatform = await running(platform);
    expect(ofPlatform.some((job) => [...ofAlfa, ...ofBeta].some((own) => own.id === job.id))).toBe(false);

    // A job's progress likewise: its partner acting for it sees it, another participant does not.
    const url = `/rest/management/message/bulk-retry/${ofAlfa[0]!.id}`;
    expect((await held.app.inject({ method: 'GET', url, headers: forAlfa })).statusCode).toBe(200);
    expect((await held.app.inject({ method: 'GET', url, headers: beta })).statusCode).toBe(404);
  });

  it('answers the list 401 without a token and 403 without the right to resend', async () => {
    const url = '/rest/management/message/bulk-retry';
    expect((await held.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const viewer = bearer(await tokenFor(held, { roles: ['Configuraties Beheren'], deelnemer: ALFA }));
    expect((await held.app.inject({ method: 'GET', url, headers: viewer })).statusCode).toBe(403);
  });
});
