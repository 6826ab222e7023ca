import { and, eq } from 'drizzle-orm';
import {
  EXAMPLE_BERICHTEN,
  TERMIJN_TEXTS,
  type OpdrachtHistory,
  type OpdrachtView,
  type Termijn,
  type Termijnen,
} from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, configurations, messages, termijnMail } from '../src/db/schema';
import { createDeadlineMail } from '../src/termijnen/daily-mail';
import { createDeadlineRules } from '../src/termijnen/deadlines';
import { deadlineOf, latestLateStart } from '../src/termijnen/working-days';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';
import { outboxToInbox } from './support/smtp';

/**
 * Order deadlines (issue 32 item 6, decision 0063): working days across a weekend and a public
 * holiday, the calls and who may make them, 'Termijn verlopen' in the lists and the history, and
 * the daily mail — measured with a clock the test sets.
 */

let t: TestApp;
const clock = { now: new Date('2026-04-23T12:00:00Z') };
const headers: Record<string, Record<string, string>> = {};
const ids: Record<string, Record<string, string>> = {};

type Example = (typeof EXAMPLE_BERICHTEN)[keyof typeof EXAMPLE_BERICHTEN];

async function submit(from: string, opdrachtId: string, example: Example, data: object = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/berichten',
    headers: headers[from],
    payload: { ...example, opdrachtId, data: { ...example.data, ...data } },
  });
  expect(response.statusCode, response.body).toBe(202);
  (ids[opdrachtId] ??= {})[example.type] = response.json().id;
}

/** The worker's record: delivered to the receiver at `at`. */
async function deliveredAt(id: string, at: string) {
  await t.app.db
    .update(messages)
    .set({ deliveredAt: new Date(at) })
    .where(eq(messages.id, id));
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers[who], ...(payload && { payload }) });

async function search(who: string, filters: { name: string; value: unknown }[] = []) {
  const response = await call('POST', '/rest/management/opdracht/search', who, { filters, limit: 100 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as OpdrachtView[];
}
async function history(opdrachtId: string, who = 'beheer') {
  const response = await call('GET', `/rest/opdrachten/${opdrachtId}/historie`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OpdrachtHistory;
}

const late = (items: OpdrachtView[]) =>
  items.filter((item) => item.opdrachtId.startsWith('TERMIJN-') && item.termijnVerlopen).map((item) => item.opdrachtId);

const PLANNING = { flow: 'aansluiting', van: 'Opdracht', tot: 'Planning', aantal: 2, eenheid: 'werkdagen' };

beforeAll(async () => {
  t = await createTestApp({}, { termijnen: { now: () => clock.now, checkMs: 3_600_000, refreshMs: 3_600_000 } });
  const portal = async (key: string, roles: string[], deelnemer: string) => {
    headers[key] = bearer(await tokenFor(t, { roles, deelnemer, email: `${key}@example.test` }));
  };
  await portal('beheer', ['Beheer ziet alles'], 'Knooppunt_Beheer');
  await portal('noordEditor', ['Business rules Concept Bewerken', 'Beheer Monitoring'], 'Netbeheer_Noord');
  await portal('noordViewer', ['Business rules Concept Bekijken', 'Beheer Monitoring'], 'Netbeheer_Noord');
  await portal('westEditor', ['Business rules Concept Bewerken'], 'Netbeheer_West');
  await portal('alfaEditor', ['Business rules Concept Bewerken', 'Beheer Monitoring'], 'Aannemer_Alfa');
  await portal('betaMonitoring', ['Beheer Monitoring'], 'Aannemer_Beta');
  await portal('monitoringOnly', ['Beheer Monitoring'], 'Netbeheer_Noord');
  for (const deelnemer of ['Netbeheer_Noord', 'Aannemer_Alfa']) {
    headers[deelnemer] = bearer(await tokenFor(t, { deelnemer, clientId: `${deelnemer.toLowerCase()}-systeem` }));
  }
});
afterAll(async () => t?.close());

describe('working days', () => {
  it('counts past a weekend and a public holiday, and ends at midnight in Amsterdam', () => {
    // Thursday 23 April 2026; Friday 24 is day 1, Monday 27 April is Koningsdag, Tuesday 28 is day 2.
    expect(deadlineOf(new Date('2026-04-23T08:00:00Z'), 2, 'werkdagen').toISOString()).toBe('2026-04-28T22:00:00.000Z');
    // Thursday 24 December 2026: Christmas on Friday and Saturday, then Sunday; Monday 28 is day 1 (winter time).
    expect(deadlineOf(new Date('2026-12-24T15:00:00Z'), 1, 'werkdagen').toISOString()).toBe('2026-12-28T23:00:00.000Z');
    // Started on a Saturday: Monday is day 1.
    expect(deadlineOf(new Date('2026-11-28T10:00:00Z'), 1, 'werkdagen').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    // Hours are hours, weekend or not.
    expect(deadlineOf(new Date('2026-11-27T10:00:00Z'), 48, 'uren').toISOString()).toBe('2026-11-29T10:00:00.000Z');
  });

  it("the lists' latest late start says exactly what the deadline says, every three hours of a month with holidays", () => {
    const starts = Array.from(
      { length: 8 * 40 },
      (_, step) => new Date(Date.parse('2026-04-10T00:30:00Z') + step * 3 * 3_600_000),
    );
    for (const aantal of [1, 2, 5]) {
      for (let day = 0; day < 30; day += 1) {
        const now = new Date(Date.parse('2026-04-15T06:15:00Z') + day * 86_400_000 + (day % 7) * 3_600_000);
        const grens = latestLateStart(now, aantal, 'werkdagen');
        for (const start of starts) {
          expect(start < grens, `${start.toISOString()} + ${aantal} at ${now.toISOString()}`).toBe(
            deadlineOf(start, aantal, 'werkdagen') <= now,
          );
        }
      }
    }
  });
});

describe('the calls', () => {
  let created: Termijn;

  it('a netbeheerder’s editor adds a deadline of its own; everyone with a rules right reads it', async () => {
    const response = await call('POST', '/rest/termijnen/Netbeheer_Noord', 'noordEditor', PLANNING);
    expect(response.statusCode, response.body).toBe(201);
    created = response.json();
    expect(created).toMatchObject({
      ...PLANNING,
      netbeheerder: 'Netbeheer_Noord',
      omschrijving: 'Planning binnen 2 werkdagen na Opdracht',
    });
    for (const who of ['noordViewer', 'westEditor', 'alfaEditor', 'beheer']) {
      const read = await call('GET', '/rest/termijnen/Netbeheer_Noord', who);
      expect(read.statusCode, `${who}: ${read.body}`).toBe(200);
      expect((read.json() as Termijnen).termijnen.map((termijn) => termijn.id)).toEqual([created.id]);
      expect((read.json() as Termijnen).dagelijkseMail).toBe(false);
    }
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'termijn.create'), eq(auditLog.subjectId, created.id)));
    expect(audit).toMatchObject({
      actor: 'noordEditor@example.test',
      actorDeelnemer: 'Netbeheer_Noord',
      actingFor: null,
    });
  });

  it('nobody else changes them: another netbeheerder, a contractor, a viewer, no token; the super role acts for it', async () => {
    const attempts = [
      ['westEditor', 403],
      ['alfaEditor', 403],
      ['noordViewer', 403],
      ['monitoringOnly', 403],
    ] as const;
    for (const [who, status] of attempts) {
      const post = await call('POST', '/rest/termijnen/Netbeheer_Noord', who, { ...PLANNING, tot: 'Bijstelling' });
      expect(post.statusCode, `${who}: ${post.body}`).toBe(status);
      const del = await call('DELETE', `/rest/termijnen/Netbeheer_Noord/${created.id}`, who);
      expect(del.statusCode, who).toBe(status);
      const mail = await call('PUT', '/rest/termijnen/Netbeheer_Noord/mail', who, { dagelijkseMail: true });
      expect(mail.statusCode, who).toBe(status);
    }
    expect((await call('GET', '/rest/termijnen/Netbeheer_Noord', 'monitoringOnly')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/rest/termijnen/Netbeheer_Noord' });
    expect(anonymous.statusCode).toBe(401);
    // Another netbeheerder's editor cannot reach Noord's deadline through its own path either.
    expect((await call('DELETE', `/rest/termijnen/Netbeheer_West/${created.id}`, 'westEditor')).statusCode).toBe(404);

    const acting = await call('POST', '/rest/termijnen/Netbeheer_West', 'beheer', {
      flow: 'hoofdnet',
      van: 'Eindlevering',
      tot: 'BeoordelingLevering',
      aantal: 48,
      eenheid: 'uren',
    });
    expect(acting.statusCode, acting.body).toBe(201);
    expect(acting.json().omschrijving).toBe('BeoordelingLevering binnen 48 uur na Eindlevering');
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, acting.json().id));
    expect(audit).toMatchObject({ actorDeelnemer: 'Knooppunt_Beheer', actingFor: 'Netbeheer_West' });
    expect((await call('DELETE', `/rest/termijnen/Netbeheer_West/${acting.json().id}`, 'beheer')).statusCode).toBe(204);
  });

  it('bad input is a 400 naming the field; a twin and a stale edit are 409s; an unknown netbeheerder a 404', async () => {
    const bad = async (payload: object, field: string, message?: string) => {
      const response = await call('POST', '/rest/termijnen/Netbeheer_Noord', 'noordEditor', {
        ...PLANNING,
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields?.[0]?.field ?? response.json().message).toContain(field);
      if (message) expect(response.body).toContain(message);
    };
    await bad({ van: 'Eindlevering' }, 'van', TERMIJN_TEXTS.type('aansluiting'));
    await bad({ tot: 'Opdracht', van: 'Planning' }, 'tot', TERMIJN_TEXTS.creates('Opdracht'));
    await bad({ tot: 'Opdracht' }, 'tot');
    await bad({ aantal: 0 }, 'aantal', TERMIJN_TEXTS.aantal('werkdagen'));
    await bad({ aantal: 261 }, 'aantal');
    await bad({ aantal: 2.5 }, 'aantal');
    await bad({ aantal: '2' }, 'aantal');
    await bad({ eenheid: 'weken' }, 'eenheid', TERMIJN_TEXTS.eenheid);
    await bad({ flow: 'gas' }, 'flow');
    await bad({ van: 'Opd\u0000racht' }, 'van');
    await bad({ van: 'x'.repeat(100_000) }, 'van');

    const twin = await call('POST', '/rest/termijnen/Netbeheer_Noord', 'noordEditor', PLANNING);
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(TERMIJN_TEXTS.exists('Opdracht', 'Planning'));

    const unknown = await call('GET', '/rest/termijnen/Aannemer_Alfa', 'beheer');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TERMIJN_TEXTS.netbeheerderNotFound);
    expect((await call('GET', `/rest/termijnen/${'N'.repeat(201)}`, 'beheer')).statusCode).toBe(400);
    expect((await call('GET', `/rest/termijnen/${'N'.repeat(200)}`, 'beheer')).statusCode).toBe(404);
    expect((await call('GET', `/rest/termijnen/${encodeURIComponent('Ñ'.repeat(200))}`, 'beheer')).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/rest/termijnen/Netbeheer_Noord/niet-een-id`, 'noordEditor', {})).statusCode).toBe(400);

    const other = await call('POST', '/rest/termijnen/Netbeheer_Noord', 'noordEditor', {
      ...PLANNING,
      tot: 'Bijstelling',
    });
    expect(other.statusCode).toBe(201);
    const edit = (basedOn: string, termijn: object = PLANNING) =>
      call('PUT', `/rest/termijnen/Netbeheer_Noord/${other.json().id}`, 'noordEditor', {
        termijn,
        basedOn: { changed: basedOn },
      });
    const into = await edit(other.json().changed);
    expect(into.statusCode, into.body).toBe(409);
    expect(into.json().message).toBe(TERMIJN_TEXTS.exists('Opdracht', 'Planning'));
    const saved = await edit(other.json().changed, { ...PLANNING, tot: 'Bijstelling', aantal: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().omschrijving).toBe('Bijstelling binnen 3 werkdagen na Opdracht');
    const stale = await edit(other.json().changed, { ...PLANNING, tot: 'Bijstelling', aantal: 4 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(TERMIJN_TEXTS.changed);
    expect((await call('DELETE', `/rest/termijnen/Netbeheer_Noord/${other.json().id}`, 'noordEditor')).statusCode).toBe(
      204,
    );
    expect((await call('DELETE', `/rest/termijnen/Netbeheer_Noord/${other.json().id}`, 'noordEditor')).statusCode).toBe(
      404,
    );
  });
});

describe('orders past a deadline', () => {
  it("shows 'Termijn verlopen' in the list and its filter once the working days are over, across a weekend and Koningsdag", async () => {
    await submit('Netbeheer_Noord', 'TERMIJN-1', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' });
    await submit('Netbeheer_Noord', 'TERMIJN-2', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' });
    // Delivered on Thursday 23 April at 10:00; the second order's Opdracht is not delivered: no deadline runs.
    await deliveredAt(ids['TERMIJN-1']!.Opdracht!, '2026-04-23T08:00:00Z');

    // Tuesday 28 April, 23:59 in Amsterdam: the last working day is not over yet.
    clock.now = new Date('2026-04-28T21:59:00Z');
    expect(await t.app.lateOrders.refresh()).toBe(true);
    expect(late(await search('noordEditor'))).toEqual([]);
    expect(await search('noordEditor', [{ name: 'termijnVerlopen', value: true }])).toEqual([]);
    expect((await history('TERMIJN-1')).termijnen).toEqual([
      expect.objectContaining({ stand: 'loopt', uiterlijk: '2026-04-28T22:00:00.000Z', tot: null }),
    ]);

    // Wednesday 29 April, 00:00 in Amsterdam: past — in the lists from the next refresh of the orders past a deadline.
    clock.now = new Date('2026-04-28T22:00:00Z');
    expect(late(await search('noordEditor'))).toEqual([]);
    expect(await t.app.lateOrders.refresh()).toBe(true);
    expect(late(await search('noordEditor'))).toEqual(['TERMIJN-1']);
    const filtered = await search('noordEditor', [{ name: 'termijnVerlopen', value: true }]);
    expect(filtered.map((item) => item.opdrachtId)).toEqual(['TERMIJN-1']);
    expect(late(await search('beheer'))).toEqual(['TERMIJN-1']);
    // The contractor of the order sees it too; another contractor does not see the order at all.
    expect((await search('alfaEditor', [{ name: 'termijnVerlopen', value: true }])).map((i) => i.opdrachtId)).toEqual([
      'TERMIJN-1',
    ]);
    expect(await search('betaMonitoring', [{ name: 'termijnVerlopen', value: true }])).toEqual([]);
    const [occurrence] = (await history('TERMIJN-1')).termijnen;
    expect(occurrence).toMatchObject({
      omschrijving: 'Planning binnen 2 werkdagen na Opdracht',
      stand: 'verlopen',
      van: { berichtId: ids['TERMIJN-1']!.Opdracht, at: '2026-04-23T08:00:00.000Z' },
      tot: null,
    });
    expect((await history('TERMIJN-2')).termijnen).toEqual([]);
    // The participants' API answers the same history.
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/opdrachten/TERMIJN-1',
      headers: headers.Aannemer_Alfa,
    });
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json().termijnen[0]).toMatchObject({ stand: 'verlopen' });
  });

  it('a Bijstelling keeps the order late; the Planning ends it, late', async () => {
    await submit('Aannemer_Alfa', 'TERMIJN-1', EXAMPLE_BERICHTEN.Bijstelling);
    expect((await search('noordEditor', [{ name: 'termijnVerlopen', value: true }])).map((i) => i.opdrachtId)).toEqual([
      'TERMIJN-1',
    ]);
    await submit('Aannemer_Alfa', 'TERMIJN-1', EXAMPLE_BERICHTEN.Planning);
    // At once, before any refresh, the order's mark is gone; the filter keeps it until the next refresh.
    expect(late(await search('noordEditor'))).toEqual([]);
    const kept = await search('noordEditor', [{ name: 'termijnVerlopen', value: true }]);
    expect(kept.map((item) => [item.opdrachtId, item.termijnVerlopen])).toEqual([['TERMIJN-1', undefined]]);
    await t.app.lateOrders.refresh();
    const counted = await call('POST', '/rest/management/opdracht/search', 'noordEditor', {
      filters: [{ name: 'termijnVerlopen', value: true }],
    });
    expect(counted.json()).toMatchObject({ items: [], count: 0 });
    expect((await history('TERMIJN-1')).termijnen).toEqual([
      expect.objectContaining({
        stand: 'te laat',
        tot: expect.objectContaining({ berichtId: ids['TERMIJN-1']!.Planning }),
      }),
    ]);
  });
});

describe('the daily mail', { timeout: 60_000 }, () => {
  it('goes once a working day, from the hour on, to both parties’ configuration addresses, only when switched on', async () => {
    const { inbox, mailer, close } = await outboxToInbox(t.app.db);
    try {
      await t.app.db
        .update(configurations)
        .set({ emails: ['planning@noord.example'] })
        .where(eq(configurations.deelnemer, 'Netbeheer_Noord'));
      await t.app.db
        .update(configurations)
        .set({ emails: ['planning@alfa.example'] })
        .where(eq(configurations.deelnemer, 'Aannemer_Alfa'));
      await submit('Netbeheer_Noord', 'TERMIJN-3', EXAMPLE_BERICHTEN.Opdracht, { opdrachtnemer: 'Aannemer_Alfa' });
      await deliveredAt(ids['TERMIJN-3']!.Opdracht!, '2026-04-23T08:00:00Z');
      const daily = createDeadlineMail({
        db: t.app.db,
        mailer,
        deadlines: createDeadlineRules(t.app.db, () => clock.now),
        publicUrl: 'https://knooppunt.example',
        hour: 7,
        checkMs: 3_600_000,
        log: { info: () => {}, error: () => {} },
      });

      // Off: Wednesday 29 April 08:00 goes by without a mail.
      clock.now = new Date('2026-04-29T06:00:00Z');
      expect(await daily.run()).toEqual({ netbeheerders: [], mails: 0 });
      const on = await call('PUT', '/rest/termijnen/Netbeheer_Noord/mail', 'noordEditor', { dagelijkseMail: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().dagelijkseMail).toBe(true);

      // Before 07:00 nothing; at 08:00 one mail to each party.
      clock.now = new Date('2026-04-29T04:30:00Z');
      expect(await daily.run()).toEqual({ netbeheerders: [], mails: 0 });
      clock.now = new Date('2026-04-29T06:00:00Z');
      expect(await daily.run()).toEqual({ netbeheerders: ['Netbeheer_Noord'], mails: 2 });
      const toNoord = await inbox.waitFor('planning@noord.example', /over de termijn/);
      const toAlfa = await inbox.waitFor('planning@alfa.example', /over de termijn/);
      expect(toNoord.subject).toBe('Knooppunt: 1 opdracht Aansluiting van Netbeheer_Noord over de termijn');
      expect(toNoord.text).toContain(
        'Opdracht TERMIJN-3 (Aannemer_Alfa, Opdracht verstrekt): Planning binnen 2 werkdagen na Opdracht, uiterlijk 29 april 2026 om 00:00.',
      );
      expect(toNoord.text).not.toContain('TERMIJN-1');
      expect(toAlfa.text).toContain('TERMIJN-3');
      expect(toNoord.text).toContain('https://knooppunt.example/opdrachten?status=Open&termijnVerlopen=true');

      // Once a day, whichever process asks again.
      clock.now = new Date('2026-04-29T15:00:00Z');
      expect(await daily.run()).toEqual({ netbeheerders: [], mails: 0 });
      // Saturday 2 May: no working day.
      clock.now = new Date('2026-05-02T08:00:00Z');
      expect(await daily.run()).toEqual({ netbeheerders: [], mails: 0 });
      // Monday 4 May: again.
      clock.now = new Date('2026-05-04T08:00:00Z');
      expect(await daily.run()).toEqual({ netbeheerders: ['Netbeheer_Noord'], mails: 2 });
      const [row] = await t.app.db.select().from(termijnMail).where(eq(termijnMail.netbeheerder, 'Netbeheer_Noord'));
      expect(row?.lastSent).toBe('2026-05-04');
      await expect.poll(() => inbox.mails.filter((mail) => /over de termijn/.test(mail.subject ?? '')).length).toBe(4);

      // A removed deadline: the order is no longer late, in the list or its history, and Tuesday brings no mail.
      const { termijnen } = (await call('GET', '/rest/termijnen/Netbeheer_Noord', 'noordEditor')).json() as Termijnen;
      for (const termijn of termijnen) {
        expect((await call('DELETE', `/rest/termijnen/Netbeheer_Noord/${termijn.id}`, 'noordEditor')).statusCode).toBe(
          204,
        );
      }
      await t.app.lateOrders.refresh();
      expect(await search('noordEditor', [{ name: 'termijnVerlopen', value: true }])).toEqual([]);
      expect((await history('TERMIJN-3')).termijnen).toEqual([]);
      clock.now = new Date('2026-05-05T08:00:00Z');
      expect(await daily.run()).toEqual({ netbeheerders: ['Netbeheer_Noord'], mails: 0 });
    } finally {
      await close();
    }
  });
});
