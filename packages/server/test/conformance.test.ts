import { eq } from 'drizzle-orm';
import {
  CONFORMANCE_TEXTS,
  CONFORMITY_TEXTS,
  EXAMPLE_BERICHTEN,
  SIMULATOR,
  TESTTOOL_TEXTS,
  conformanceScenarios,
  type RunView,
} from '@knooppunt/domain';
import { auditLog, opdrachten } from '../src/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';
import { startReferenceParticipant, type ReferenceParticipant } from './support/reference-participant';

/*
 * Conformance runs (issue 28 item 2, decision 0040): every catalogue scenario passes against a
 * reference participant of either side, and runs fail at the right step, with their evidence,
 * against participants that get it wrong.
 */

/** The wait of a step that is meant to fail (set per run, as 'Testtool Beheren' may). */
const SHORT_WAIT_SECONDS = 2;
let t: TestApp;
let beheer: Record<string, string>;
let manager: Record<string, string>;
let aannemer: ReferenceParticipant;
let netbeheerder: ReferenceParticipant;
let broken: ReferenceParticipant;

const testerOf = (deelnemer: string, roles = ['Testtool Verzenden']) => tokenFor(t, { deelnemer, roles }).then(bearer);

/** Starts a run as the participant's own tester; with a short wait as the Testtool's administrator. */
async function start(deelnemer: string, scenario: string, shortWait = false): Promise<RunView> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/rest/testtool/runs',
    headers: shortWait ? manager : await testerOf(deelnemer),
    payload: shortWait ? { scenario, deelnemer, stapTimeoutSeconden: SHORT_WAIT_SECONDS } : { scenario },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as RunView;
}

beforeAll(async () => {
  // A step that fails ends its run within the wait, well before the test's own time-out; a busy
  // machine slows the runs that pass, but never past the wait.
  t = await createListeningTestApp(
    { ROLE: 'all', TESTTOOL_STEP_TIMEOUT_SECONDS: '90', TESTTOOL_QUIET_SECONDS: '1' },
    { testtool: { tickMs: 40 } },
  );
  manager = await testerOf('Knooppunt_Beheer', ['Beheer ziet alles', 'Testtool Verzenden', 'Testtool Beheren']);
  beheer = bearer(
    await tokenFor(t, {
      roles: ['Beheer ziet alles', 'Opdrachtverstrekking Beheren', 'Gebruikers Beheren'],
      deelnemer: 'Knooppunt_Beheer',
    }),
  );
  aannemer = await startReferenceParticipant(t, { deelnemer: 'Referentie_Aannemer', type: 'Aannemer', beheer });
  netbeheerder = await startReferenceParticipant(t, {
    deelnemer: 'Referentie_Netbeheer',
    type: 'Netbeheerder',
    beheer,
  });
  broken = await startReferenceParticipant(t, {
    deelnemer: 'Kapotte_Aannemer',
    type: 'Aannemer',
    beheer,
    callbackStatus: 500,
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([aannemer.close(), netbeheerder.close(), broken.close()]);
});

describe('conformance runs', () => {
  it('passes every scenario of the catalogue against a reference participant of either side, all at once', async () => {
    const scenarios = conformanceScenarios();
    const sides = { opdrachtnemer: aannemer, opdrachtgever: netbeheerder };
    const runs = await Promise.all(
      scenarios.flatMap((scenario) =>
        (scenario.kant ? [sides[scenario.kant]] : [aannemer, netbeheerder]).map(async (participant) => {
          const run = await start(participant.deelnemer, scenario.id);
          return participant.play(run.id);
        }),
      ),
    );
    expect(
      runs.filter((run) => run.status !== 'geslaagd').map((run) => [run.scenario.id, run.deelnemer, run.reason]),
    ).toEqual([]);
    expect(runs).toHaveLength(scenarios.filter((scenario) => !scenario.kant).length * 2 + 2);
    // The behaviour scenarios delivered the simulator's message twice, and got one answer.
    const repeated = runs.find((run) => run.scenario.id === 'gedrag-dubbele-aflevering-opdrachtnemer')!;
    expect(repeated.steps[1]).toMatchObject({ door: 'simulator', berichtId: repeated.steps[0]!.berichtId });
    const opdrachten = aannemer.callbacks.filter(
      (callback) => (JSON.parse(callback.body) as { opdrachtId: string }).opdrachtId === repeated.opdrachtId,
    );
    expect(opdrachten.map((callback) => callback.headers['idempotency-key'])).toEqual([
      repeated.steps[0]!.berichtId,
      repeated.steps[0]!.berichtId,
    ]);
    for (const run of runs) {
      expect(run.steps).toHaveLength(run.scenario.stappen);
      const scenario = scenarios.find((candidate) => candidate.id === run.scenario.id)!;
      expect(run.steps.every((step) => step.status === 'geslaagd')).toBe(true);
      // Every step but a 'stilte' has its message.
      expect(run.steps.filter((step, index) => !step.berichtId && scenario.steps[index]?.actie !== 'stilte')).toEqual(
        [],
      );
    }
    // The simulator's messages reached the participants' own callbacks.
    expect(aannemer.callbacks.some((callback) => callback.url === '/callback/Opdracht')).toBe(true);
    expect(netbeheerder.callbacks.some((callback) => callback.url === '/callback/Planning')).toBe(true);
  }, 240_000);

  it('fails at the step where the participant sends another message than the scenario asks', async () => {
    const run = await start(aannemer.deelnemer, 'aansluiting-gereed', true);
    const ended = await aannemer.play(run.id, { kind: 'wrongAnswer', instead: 'Bijstelling' });
    expect(ended).toMatchObject({
      status: 'mislukt',
      step: 1,
      reason: CONFORMANCE_TEXTS.wrongAnswer('Planning', 'Bijstelling'),
    });
    expect(ended.steps[1]).toMatchObject({ status: 'mislukt', door: 'deelnemer', ontvangen: { type: 'Bijstelling' } });
    expect(ended.steps[0]).toMatchObject({ status: 'geslaagd', door: 'simulator', pogingen: 1 });
  });

  it('fails a step that gets no answer in time, and keeps Knooppunt’s refusal of a message out of order', async () => {
    const silent = await start(aannemer.deelnemer, 'aansluiting-gereed', true);
    const outOfOrder = await start(netbeheerder.deelnemer, 'aansluiting-bijstelling', true);
    const [quiet, early] = await Promise.all([
      aannemer.play(silent.id, { kind: 'silent' }),
      // The netbeheerder must give the order first; an assessment of a TG is refused (409).
      netbeheerder.play(outOfOrder.id, { kind: 'outOfOrder', instead: 'BeoordelingTG' }),
    ]);
    expect(quiet).toMatchObject({
      status: 'mislukt',
      step: 1,
      reason: CONFORMANCE_TEXTS.noAnswer('Planning', SHORT_WAIT_SECONDS),
    });
    expect(early).toMatchObject({
      status: 'mislukt',
      step: 0,
      reason: CONFORMANCE_TEXTS.noAnswer('Opdracht', SHORT_WAIT_SECONDS),
    });
    expect(early.steps[0]?.weigeringen).toEqual([
      expect.objectContaining({
        type: 'BeoordelingTG',
        status: 409,
        message: expect.stringContaining('BeoordelingTG'),
      }),
    ]);
  });

  it('fails a participant that answers a message delivered twice twice, and one that retries a refusal', async () => {
    const twice = await start(aannemer.deelnemer, 'gedrag-dubbele-aflevering-opdrachtnemer', true);
    const retrying = await start(netbeheerder.deelnemer, 'aansluiting-gereed', true);
    const [doubled, stubborn] = await Promise.all([
      aannemer.play(twice.id, { kind: 'twice' }),
      netbeheerder.play(retrying.id, { kind: 'outOfOrder', instead: 'BeoordelingTG', times: 3 }),
    ]);
    expect(doubled).toMatchObject({ status: 'mislukt', step: 3, reason: CONFORMANCE_TEXTS.notQuiet('Planning') });
    expect(stubborn).toMatchObject({
      status: 'mislukt',
      step: 0,
      reason: CONFORMANCE_TEXTS.retriesRefused('BeoordelingTG', 3),
    });
    // A behaviour scenario is for its own side only.
    const wrongSide = await t.app.inject({
      method: 'POST',
      url: '/rest/testtool/runs',
      headers: await testerOf(netbeheerder.deelnemer),
      payload: { scenario: 'gedrag-dubbele-aflevering-opdrachtnemer' },
    });
    expect(wrongSide.statusCode).toBe(422);
  });

  it('fails the simulator’s step when the participant’s callback does not take the message', async () => {
    const run = await start(broken.deelnemer, 'aansluiting-gereed', true);
    const ended = await broken.play(run.id);
    expect(ended).toMatchObject({ status: 'mislukt', step: 0, steps: [{ door: 'simulator', status: 'mislukt' }] });
    expect(ended.reason).toContain(`niet binnen ${SHORT_WAIT_SECONDS} seconden afgeleverd`);
    expect(ended.steps[0]?.laatsteFout?.msg).toContain('500');
    expect(broken.callbacks.length).toBeGreaterThan(0);
  });

  it('lets a run be stopped, shows a participant only its own runs, and another participant’s as not found', async () => {
    const run = await start(aannemer.deelnemer, 'hoofdnet-gereed');
    const other = await testerOf(netbeheerder.deelnemer);
    expect(
      (await t.app.inject({ method: 'GET', url: `/rest/testtool/runs/${run.id}`, headers: other })).statusCode,
    ).toBe(404);
    const stop = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/rest/testtool/runs/${run.id}/stop`, headers });
    expect((await stop(other)).statusCode).toBe(404);
    const stopped = await stop(await testerOf(aannemer.deelnemer));
    expect(stopped.json()).toMatchObject({ status: 'gestopt', reason: expect.stringContaining('Gestopt door') });
    expect((await stop(await testerOf(aannemer.deelnemer))).statusCode).toBe(409);

    const list = await t.app.inject({ method: 'GET', url: '/rest/testtool/runs', headers: other });
    expect((list.json() as { items: RunView[] }).items.every((item) => item.deelnemer === netbeheerder.deelnemer)).toBe(
      true,
    );
    const forOther = await t.app.inject({
      method: 'POST',
      url: '/rest/testtool/runs',
      headers: other,
      payload: { scenario: 'aansluiting-gereed', deelnemer: aannemer.deelnemer },
    });
    expect(forOther.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/rest/testtool/runs',
      headers: other,
      payload: { scenario: 'bestaat-niet' },
    });
    expect(unknown.statusCode).toBe(400);
    const shortWait = await t.app.inject({
      method: 'POST',
      url: '/rest/testtool/runs',
      headers: other,
      payload: { scenario: 'aansluiting-gereed', stapTimeoutSeconden: 1 },
    });
    expect(shortWait.statusCode).toBe(403);
    expect(unknown.json().details).toEqual([
      { field: 'scenario', message: CONFORMANCE_TEXTS.unknownScenario('bestaat-niet') },
    ]);
  });
});

describe('the Testtool’s single messages', () => {
  const post = async (url: string, deelnemer: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: await testerOf(deelnemer), payload });
  const opdracht = (opdrachtId: string) => ({
    ...EXAMPLE_BERICHTEN.Opdracht,
    opdrachtId,
    data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: SIMULATOR.opdrachtnemer },
  });

  it('checks a message as the API would and stores nothing; sends it into the test environment', async () => {
    const checked = await post('/rest/testtool/controleren', netbeheerder.deelnemer, { bericht: opdracht('TT-1') });
    expect(checked.json()).toEqual({ geldig: true, status: 202, message: TESTTOOL_TEXTS.valid, details: [] });
    expect(await t.app.testDb.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'TT-1'))).toEqual([]);

    const broken = { ...opdracht('TT-1'), data: { ...opdracht('TT-1').data, adres: { postcode: 'x' } } };
    const invalid = (await post('/rest/testtool/controleren', netbeheerder.deelnemer, { bericht: broken })).json();
    expect(invalid).toMatchObject({ geldig: false, status: 400 });
    expect(invalid.details.map((detail: { field: string }) => detail.field)).toContain('data.adres.postcode');
    const planning = { ...EXAMPLE_BERICHTEN.Planning, opdrachtId: 'TT-ONBEKEND' };
    expect((await post('/rest/testtool/controleren', aannemer.deelnemer, { bericht: planning })).json()).toMatchObject({
      geldig: false,
      status: 409,
    });

    const sent = await post('/rest/testtool/versturen', netbeheerder.deelnemer, { bericht: opdracht('TT-1') });
    expect(sent.statusCode, sent.body).toBe(202);
    const [order] = await t.app.testDb.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'TT-1'));
    expect(order).toMatchObject({ opdrachtgever: netbeheerder.deelnemer, opdrachtnemer: SIMULATOR.opdrachtnemer });
    expect(await t.app.db.select().from(opdrachten).where(eq(opdrachten.opdrachtId, 'TT-1'))).toEqual([]);
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, sent.json().id));
    expect(audited).toEqual([
      expect.objectContaining({ action: 'testtool.send', actorDeelnemer: netbeheerder.deelnemer }),
    ]);
    // The API's refusals answer as the API does.
    expect(
      (await post('/rest/testtool/versturen', netbeheerder.deelnemer, { bericht: opdracht('TT-1') })).statusCode,
    ).toBe(409);
  });

  it('lets the simulator send one message to the own test callback and shows the exchange, token masked', async () => {
    const before = aannemer.callbacks.length;
    const probe = (await post('/rest/testtool/proefbericht', aannemer.deelnemer, { type: 'Opdracht' })).json();
    expect(probe.verzoek).toMatchObject({
      method: 'POST',
      url: expect.stringMatching(/\/callback\/Opdracht$/),
      headers: {
        authorization: 'Bearer ••••',
        'idempotency-key': expect.any(String),
        'x-trace-id': expect.any(String),
      },
    });
    expect(JSON.parse(probe.verzoek.body)).toMatchObject({ type: 'Opdracht', sender: SIMULATOR.opdrachtgever });
    expect(probe.antwoord).toMatchObject({ status: 200, ms: expect.any(Number) });
    // Exactly one callback of this probe (the test lane may deliver an earlier test's message meanwhile).
    const key = probe.verzoek.headers['idempotency-key'];
    const probes = aannemer.callbacks.slice(before).filter((request) => request.headers['idempotency-key'] === key);
    expect(probes).toHaveLength(1);
    expect(probes[0]?.headers.authorization).toBe('Bearer referentie-token');
    expect(JSON.stringify(probe)).not.toContain('referentie-token');

    const failing = (await post('/rest/testtool/proefbericht', broken.deelnemer, { type: 'Opdracht' })).json();
    expect(failing.antwoord).toMatchObject({ status: 500 });
    const unknown = await post('/rest/testtool/proefbericht', aannemer.deelnemer, { type: 'Onbekend' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'type', message: TESTTOOL_TEXTS.unknownType('Onbekend') }]);
    const without = await post('/rest/testtool/proefbericht', 'Netbeheer_Zuid', { type: 'Planning' });
    expect(without.statusCode).toBe(404);
  });
});

describe('conformity', () => {
  const conformityOf = async (deelnemer: string, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/rest/testtool/conformiteit?deelnemer=${deelnemer}`,
      headers: headers ?? (await testerOf(deelnemer)),
    });
  const requireRuns = (deelnemer: string, vereist: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/rest/testtool/conformiteit',
      headers: manager,
      payload: { deelnemer, vereist },
    });
  const key = (deelnemer: string) => ({ deelnemer, versienummer: '2.0' });
  const productionDraft = async (deelnemer: string) => {
    const config = { clientId: 'prod', clientSecret: 'geheim-prod', tokenUrl: 'https://auth.example/token' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/rest/management/config',
      headers: beheer,
      payload: { ...key(deelnemer), config },
    });
    expect(created.statusCode, created.body).toBe(201);
  };
  const activate = (deelnemer: string) =>
    t.app.inject({ method: 'PATCH', url: '/rest/management/config', headers: beheer, payload: key(deelnemer) });

  // The first test of this file passed every scenario for both reference participants.
  it('shows per flow when every scenario passed, or which have not, to the participant itself', async () => {
    const passed = (await conformityOf(aannemer.deelnemer)).json();
    expect(passed).toMatchObject({ deelnemer: aannemer.deelnemer, vereist: false });
    expect(passed.stromen).toEqual([
      expect.objectContaining({
        flow: 'aansluiting',
        side: 'opdrachtnemer',
        geslaagdOp: expect.any(String),
        ontbrekend: [],
      }),
      expect.objectContaining({
        flow: 'hoofdnet',
        side: 'opdrachtnemer',
        geslaagdOp: expect.any(String),
        ontbrekend: [],
      }),
    ]);
    const none = (await conformityOf(broken.deelnemer)).json();
    expect(none.stromen[0]).toMatchObject({ geslaagdOp: null });
    expect(none.stromen[0].ontbrekend.map((scenario: { id: string }) => scenario.id)).toEqual(
      conformanceScenarios()
        .filter((scenario) => scenario.flow === 'aansluiting' && scenario.kant !== 'opdrachtgever')
        .map((scenario) => scenario.id),
    );
    expect((await conformityOf(aannemer.deelnemer, await testerOf(broken.deelnemer))).statusCode).toBe(403);
  });

  it('refuses to activate a production configuration before the runs passed, once the operator requires it', async () => {
    await productionDraft(broken.deelnemer);
    await productionDraft(aannemer.deelnemer);
    expect((await requireRuns(broken.deelnemer, true)).json()).toMatchObject({ vereist: true });
    expect((await requireRuns(aannemer.deelnemer, true)).json()).toMatchObject({ vereist: true });

    const refused = await activate(broken.deelnemer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      CONFORMITY_TEXTS.required(
        broken.deelnemer,
        'Aansluiting',
        conformanceScenarios()
          .filter((scenario) => scenario.flow === 'aansluiting' && scenario.kant !== 'opdrachtgever')
          .map((scenario) => scenario.naam),
      ),
    );
    expect((await activate(aannemer.deelnemer)).statusCode).toBe(200);
    // Not required (the default): activated as before.
    expect((await requireRuns(broken.deelnemer, false)).json()).toMatchObject({ vereist: false });
    expect((await activate(broken.deelnemer)).statusCode).toBe(200);
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'conformiteit.vereist'));
    expect(audited).toHaveLength(3);
  });
});
