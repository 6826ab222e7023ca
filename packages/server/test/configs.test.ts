import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, configurations } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

/** Every body the API answered in this file; none may contain a stored secret (checked at the end). */
const answered: string[] = [];
const SECRET = 'S3cr3t-van-de-test';
const NEW_SECRET = 'N13uw-geheim-van-de-test';

let t: TestApp;
let beheer: Record<string, string>;
let noord: Record<string, string>;
let zuid: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  beheer = bearer(
    await tokenFor(t, { roles: ['Beheer ziet alles', 'Opdrachtverstrekking Beheren'], deelnemer: 'Knooppunt_Beheer' }),
  );
  noord = bearer(await tokenFor(t, { roles: ['Netbeheerder', 'Configuraties Beheren'], deelnemer: 'Proef_Noord' }));
  zuid = bearer(await tokenFor(t, { roles: ['Netbeheerder', 'Configuraties Beheren'], deelnemer: 'Proef_Zuid' }));
});
afterAll(() => t.close());

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  body?: object,
) {
  const response = await t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  answered.push(response.body);
  return response;
}

const OPDRACHTGEVER_TYPES = ['Bijstelling', 'Planning', 'TG', 'AGA', 'AGP', 'AnnuleringGereed'];
const config = (overrides: object = {}) => ({
  clientId: 'noord-client',
  clientSecret: SECRET,
  tokenUrl: 'https://auth.noord.example/token',
  scope: 'knooppunt',
  emails: ['beheer@noord.example'],
  useMtls: false,
  urls: Object.fromEntries(OPDRACHTGEVER_TYPES.map((type) => [type, `https://noord.example/callback/${type}`])),
  ...overrides,
});
const key = (deelnemer: string, versienummer = '2.0') => ({ deelnemer, versienummer });
const getUrl = (deelnemer: string, version: number, draft: boolean, versienummer = '2.0') =>
  `/rest/management/config?deelnemer=${deelnemer}&versienummer=${versienummer}&version=${version}&draft=${draft}`;
/** What a save builds on: the version as a GET or an earlier save answered it. */
const basedOn = (view: { version: number; updated: string }) => ({ version: view.version, updated: view.updated });
const ANY = { version: 1, updated: '2026-01-01T00:00:00.000Z' };
const search = (headers: Record<string, string>, filters: object[] = []) =>
  call('POST', '/rest/management/config/search', headers, { filters, limit: 100 });

describe('configurations', () => {
  it('creates a draft, with spaces in the name turned into underscores and the secret kept back', async () => {
    const response = await call('POST', '/rest/management/config', beheer, {
      ...key('Proef Noord Extra'),
      config: config(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      deelnemer: 'Proef_Noord_Extra',
      versienummer: '2.0',
      version: 1,
      draft: true,
      config: { clientId: 'noord-client', clientSecretSet: true, scope: 'knooppunt', emails: ['beheer@noord.example'] },
    });
    expect(response.json().config).not.toHaveProperty('clientSecret');
    const [row] = await t.app.db.select().from(configurations).where(eq(configurations.deelnemer, 'Proef_Noord_Extra'));
    expect(row?.clientSecretEncrypted).toMatch(/^v1\./);
    expect(row?.clientSecretEncrypted).not.toContain(SECRET);
  });

  it('answers 409 for a second configuration of the same participant and version', async () => {
    const response = await call('POST', '/rest/management/config', beheer, {
      ...key('Proef_Noord_Extra'),
      config: config(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Er bestaat al een configuratie');
  });

  it.each([
    [{ clientId: '' }, 'config.clientId', 'Client ID moet ingevuld zijn.'],
    [{ clientSecret: '' }, 'config.clientSecret', 'Client Secret moet ingevuld zijn.'],
    [{ tokenUrl: '' }, 'config.tokenUrl', 'Token URL moet ingevuld zijn.'],
    [{ tokenUrl: 'javascript:alert(1)' }, 'config.tokenUrl', 'Vul een geldige URL in (http of https).'],
    [
      { urls: { TG: 'https://x.example/tg' } },
      'config.urls.opdrachtgever',
      'Geen of alle opdrachtgever URLs moeten zijn ingevuld.',
    ],
    [
      { urls: { Opdracht: 'https://x.example/o' } },
      'config.urls.opdrachtnemer',
      'Geen of alle opdrachtnemer URLs moeten zijn ingevuld.',
    ],
    [{ emails: ['geen-adres'] }, 'config.emails.0', 'Vul geldige e-mailadressen in, gescheiden door komma’s.'],
  ])('rejects %j with a 400 naming %s', async (overrides, field, message) => {
    const response = await call('POST', '/rest/management/config', beheer, {
      ...key('Validatie_Test'),
      config: config(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field, message }]);
  });

  it('rejects an unknown version number and an empty participant name', async () => {
    const bad = await call('POST', '/rest/management/config', beheer, {
      ...key('Validatie_Test', '3.0'),
      config: config(),
    });
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'versienummer' })]);
    const empty = await call('POST', '/rest/management/config', beheer, { ...key('   '), config: config() });
    expect(empty.json().details).toEqual([{ field: 'deelnemer', message: 'Deelnemer moet ingevuld zijn.' }]);
  });

  it('lets a participant without create-configuration create a draft for itself only', async () => {
    const other = await call('POST', '/rest/management/config', noord, { ...key('Proef_Zuid'), config: config() });
    expect(other.statusCode).toBe(403);
    const own = await call('POST', '/rest/management/config', noord, { ...key('Proef_Noord'), config: config() });
    expect(own.statusCode).toBe(201);
  });

  it('reads one version; another participant neither sees nor finds it', async () => {
    const own = await call('GET', getUrl('Proef_Noord', 1, true), noord);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ deelnemer: 'Proef_Noord', version: 1, draft: true });
    expect((await call('GET', getUrl('Proef_Noord', 1, true), zuid)).statusCode).toBe(404);
    expect((await call('GET', getUrl('Proef_Noord', 1, false), noord)).statusCode).toBe(404);
    expect((await call('GET', getUrl('Proef_Noord', 1, true), beheer)).statusCode).toBe(200);
    const bad = await call('GET', '/rest/management/config?deelnemer=Proef_Noord&versienummer=2.0&version=x', noord);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'version' })]);
  });

  it('activates the draft only with create-configuration, and only when there is one', async () => {
    expect((await call('PATCH', '/rest/management/config', noord, key('Proef_Noord'))).statusCode).toBe(403);
    const activated = await call('PATCH', '/rest/management/config', beheer, key('Proef_Noord'));
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ version: 1, draft: false });
    const again = await call('PATCH', '/rest/management/config', beheer, key('Proef_Noord'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Er is geen conceptversie om te activeren.');
  });

  it('saves an edit of an active configuration as a new draft, keeping the secret when none is sent', async () => {
    const { clientSecret: _kept, ...withoutSecret } = config({ clientId: 'noord-client-2' });
    const active = (await call('GET', getUrl('Proef_Noord', 1, false), noord)).json();
    const saved = await call('PUT', '/rest/management/config', noord, {
      ...key('Proef_Noord'),
      config: withoutSecret,
      basedOn: basedOn(active),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      version: 2,
      draft: true,
      config: { clientId: 'noord-client-2', clientSecretSet: true },
    });
    // A second save changes the same draft; the active version 1 stays as it was.
    const again = await call('PUT', '/rest/management/config', noord, {
      ...key('Proef_Noord'),
      config: { ...withoutSecret, clientId: 'noord-client-3', clientSecret: NEW_SECRET },
      basedOn: basedOn(saved.json()),
    });
    expect(again.json()).toMatchObject({ version: 2, draft: true, config: { clientId: 'noord-client-3' } });
    expect((await call('GET', getUrl('Proef_Noord', 1, false), noord)).json().config.clientId).toBe('noord-client');
    const rows = await t.app.db.select().from(configurations).where(eq(configurations.deelnemer, 'Proef_Noord'));
    expect(rows.map((row) => [row.version, row.draft]).sort()).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(rows.every((row) => !row.clientSecretEncrypted.includes(NEW_SECRET))).toBe(true);
  });

  it('refuses an update of a configuration that does not exist, or of someone else', async () => {
    expect(
      (await call('PUT', '/rest/management/config', beheer, { ...key('Bestaat_Niet'), config: config(), basedOn: ANY }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', '/rest/management/config', zuid, { ...key('Proef_Noord'), config: config(), basedOn: ANY }))
        .statusCode,
    ).toBe(404);
  });

  it('lists the newest active version and the draft of each participant, each participant its own', async () => {
    const all = (await search(beheer, [{ name: 'versienummer', value: '2.0' }])).json();
    const noordRows = all.items.filter((item: { deelnemer: string }) => item.deelnemer === 'Proef_Noord');
    expect(noordRows.map((item: { version: number; draft: boolean }) => [item.version, item.draft])).toEqual([
      [1, false],
      [2, true],
    ]);
    const own = (await search(noord)).json();
    expect(new Set(own.items.map((item: { deelnemer: string }) => item.deelnemer))).toEqual(new Set(['Proef_Noord']));
    const filtered = (await search(beheer, [{ name: 'deelnemer', value: 'noord_e' }])).json();
    expect(filtered.items.map((item: { deelnemer: string }) => item.deelnemer)).toEqual(['Proef_Noord_Extra']);
    expect(filtered.count).toBe(1);
  });

  it('records every write in the audit log', async () => {
    const actions = (await t.app.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['config.create', 'config.update', 'config.activate']));
  });
});

describe('senders', () => {
  it('uses the newest configuration: creates a running sender with 5 concurrent messages and logs it', async () => {
    expect(
      (await call('PUT', '/rest/management/message-sender', noord, { ...key('Proef_Noord'), version: 1 })).statusCode,
    ).toBe(403);
    const response = await call('PUT', '/rest/management/message-sender', beheer, {
      ...key('Proef_Noord'),
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ deelnemer: 'Proef_Noord', version: 1, running: true, maxMessages: 5 });
    const again = await call('PUT', '/rest/management/message-sender', beheer, {
      ...key('Proef_Noord'),
      version: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('De verzender gebruikt de nieuwste configuratie al.');
  });

  it('refuses a version that is not the newest, and a participant without an active configuration', async () => {
    const stale = await call('PUT', '/rest/management/message-sender', beheer, {
      ...key('Proef_Noord'),
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    const none = await call('PUT', '/rest/management/message-sender', beheer, {
      ...key('Proef_Noord_Extra'),
      version: 1,
    });
    expect(none.statusCode).toBe(404);
  });

  it('pauses, resumes and sets the maximum, each change in the log, newest first', async () => {
    const paused = await call('PATCH', '/rest/management/message-sender', beheer, {
      ...key('Proef_Noord'),
      running: false,
    });
    expect(paused.json()).toMatchObject({ running: false, maxMessages: 5 });
    const max = await call('PATCH', '/rest/management/message-sender', beheer, {
      ...key('Proef_Noord'),
      maxMessages: 0,
    });
    expect(max.json()).toMatchObject({ running: false, maxMessages: 0 });
    const resumed = await call('PATCH', '/rest/management/message-sender', beheer, {
      ...key('Proef_Noord'),
      running: true,
    });
    expect(resumed.json()).toMatchObject({ running: true, maxMessages: 0, maxPerSecond: 0 });
    const limited = await call('PATCH', '/rest/management/message-sender', beheer, {
      ...key('Proef_Noord'),
      maxPerSecond: 10,
    });
    expect(limited.json()).toMatchObject({ running: true, maxMessages: 0, maxPerSecond: 10 });
    const log = await call('GET', '/rest/management/message-sender/log?deelnemer=Proef_Noord&versienummer=2.0', noord);
    expect(
      log
        .json()
        .map((entry: { running: boolean; maxMessages: number; maxPerSecond: number }) => [
          entry.running,
          entry.maxMessages,
          entry.maxPerSecond,
        ]),
    ).toEqual([
      [true, 0, 10],
      [true, 0, 0],
      [false, 0, 0],
      [false, 5, 0],
      [true, 5, 0],
    ]);
    // Audited as its own action, with the value before and after.
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'sender.maxPerSecond'));
    expect(entry).toMatchObject({ before: { maxPerSecond: 0 }, after: { maxPerSecond: 10 } });
  });

  it.each([
    [{ maxMessages: 6 }, 'maxMessages'],
    [{ maxMessages: -1 }, 'maxMessages'],
    [{ maxMessages: 2.5 }, 'maxMessages'],
    [{ maxPerSecond: 1001 }, 'maxPerSecond'],
    [{ maxPerSecond: -1 }, 'maxPerSecond'],
    [{ maxPerSecond: 0.5 }, 'maxPerSecond'],
    [{ maxPerSecond: '10' }, 'maxPerSecond'],
    [{}, 'running'],
    [{ running: true, maxMessages: 3 }, 'running'],
    [{ maxMessages: 3, maxPerSecond: 3 }, 'running'],
  ])('rejects %j with a 400 naming %s', async (change, field) => {
    const response = await call('PATCH', '/rest/management/message-sender', beheer, {
      ...key('Proef_Noord'),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
  });

  it('answers 404 for a sender that does not exist', async () => {
    const response = await call('PATCH', '/rest/management/message-sender', beheer, {
      ...key('Bestaat_Niet'),
      running: false,
    });
    expect(response.statusCode).toBe(404);
  });

  it('shows the sender on the active row of the overview and in the sender list, to its own participant only', async () => {
    const row = (await search(noord)).json().items.find((item: { draft: boolean }) => !item.draft);
    expect(row.sender).toMatchObject({ version: 1, running: true, maxMessages: 0 });
    expect((await call('GET', '/rest/management/message-sender?versienummer=2.0', noord)).json()).toHaveLength(1);
    expect((await call('GET', '/rest/management/message-sender', zuid)).json()).toEqual([]);
    expect(
      (await call('GET', '/rest/management/message-sender/log?deelnemer=Proef_Noord&versienummer=2.0', zuid))
        .statusCode,
    ).toBe(404);
  });
});

describe('no silent overwrite (optimistic concurrency)', () => {
  const save = (headers: Record<string, string>, clientId: string, based: object) =>
    call('PUT', '/rest/management/config', headers, {
      ...key('Proef_Samen'),
      config: config({ clientId, clientSecret: undefined }),
      basedOn: based,
    });
  const stored = async () =>
    (await t.app.db.select().from(configurations).where(eq(configurations.deelnemer, 'Proef_Samen')))
      .map((row) => [row.version, row.draft, row.clientId])
      .sort();

  it('refuses with 409 the save of an administrator who edited a draft that another changed meanwhile', async () => {
    const created = await call('POST', '/rest/management/config', beheer, { ...key('Proef_Samen'), config: config() });
    expect(created.statusCode).toBe(201);
    // Both open the same draft.
    const seenByA = (await call('GET', getUrl('Proef_Samen', 1, true), beheer)).json();
    const seenByB = (await call('GET', getUrl('Proef_Samen', 1, true), beheer)).json();

    const first = await save(beheer, 'van-a', basedOn(seenByA));
    expect(first.statusCode).toBe(200);
    const second = await save(beheer, 'van-b', basedOn(seenByB));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Deze configuratie is intussen door iemand anders gewijzigd. Laad de pagina opnieuw en probeer het nog eens.',
    );
    expect(await stored()).toEqual([[1, true, 'van-a']]);

    // Built on what the first save answered, the next save goes through, at once.
    const next = await save(beheer, 'van-b', basedOn(first.json()));
    expect(next.statusCode).toBe(200);
    expect(next.json().updated).not.toBe(first.json().updated);
    expect((await save(beheer, 'weer-a', basedOn(first.json()))).statusCode).toBe(409);
    expect(await stored()).toEqual([[1, true, 'van-b']]);
  });

  it('refuses an edit of an active version once another made a newer draft of it', async () => {
    expect((await call('PATCH', '/rest/management/config', beheer, key('Proef_Samen'))).statusCode).toBe(200);
    const active = (await call('GET', getUrl('Proef_Samen', 1, false), beheer)).json();
    const seenByB = (await call('GET', getUrl('Proef_Samen', 1, false), beheer)).json();

    const first = await save(beheer, 'nieuw-van-a', basedOn(active));
    expect(first.json()).toMatchObject({ version: 2, draft: true });
    const second = await save(beheer, 'nieuw-van-b', basedOn(seenByB));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Er is een nieuwere versie van deze configuratie (versie 2, concept). Laad de pagina opnieuw en wijzig die versie.',
    );
    expect(await stored()).toEqual([
      [1, false, 'van-b'],
      [2, true, 'nieuw-van-a'],
    ]);
    // Read now, the active version names the newer draft, so the portal shows it read-only.
    expect((await call('GET', getUrl('Proef_Samen', 1, false), beheer)).json().newer).toEqual({
      version: 2,
      draft: true,
    });
    expect((await call('GET', getUrl('Proef_Samen', 2, true), beheer)).json()).not.toHaveProperty('newer');
  });

  it('documents basedOn in the OpenAPI document as a required part of the save', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const put = document.paths['/rest/management/config'].put;
    expect(put.description).toContain('409');
    const body = put.requestBody.content['application/json'].schema;
    expect(body.required).toContain('basedOn');
    expect(Object.keys(body.properties.basedOn.properties)).toEqual(['version', 'updated']);
  });
});

describe('bad input on every call', () => {
  it.each([
    ['POST', '/rest/management/config/search', { filters: [{ name: 'land', value: 'NL' }] }, 'filters.0.name'],
    ['POST', '/rest/management/config/search', { sortBy: 'clientId' }, 'sortBy'],
    ['GET', '/rest/management/config?deelnemer=Proef_Noord&versienummer=9.9&version=1', undefined, 'versienummer'],
    [
      'PUT',
      '/rest/management/config',
      { ...key('Proef_Noord'), config: { clientId: 'x' }, basedOn: ANY },
      'config.tokenUrl',
    ],
    ['PUT', '/rest/management/config', { ...key('Proef_Noord'), config: config() }, 'basedOn'],
    [
      'PUT',
      '/rest/management/config',
      { ...key('Proef_Noord'), config: config(), basedOn: { version: 1, updated: 'gisteren' } },
      'basedOn.updated',
    ],
    ['PATCH', '/rest/management/config', { deelnemer: 'Proef_Noord' }, 'versienummer'],
    ['POST', '/rest/management/connection-check', { ...key('Proef_Noord'), version: 0 }, 'version'],
    ['GET', '/rest/management/message-sender?versienummer=3.0', undefined, 'versienummer'],
    ['PUT', '/rest/management/message-sender', key('Proef_Noord'), 'version'],
    ['GET', '/rest/management/message-sender/log?deelnemer=Proef_Noord', undefined, 'versienummer'],
  ] as const)('%s %s with %j answers 400 naming %s', async (method, url, body, field) => {
    const response = await call(method, url, beheer, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field })]);
  });
});

describe('value lists', () => {
  it('offers every participant to a configuration administrator and only the own one to others', async () => {
    const all = (await call('GET', '/rest/valuelist', beheer)).json();
    expect(all.deelnemers).toEqual(expect.arrayContaining(['Netbeheer_Noord', 'Aannemer_Alfa']));
    expect(all.versienummers).toEqual({ aansluiting: ['2.0'], hoofdnet: ['h1.0'] });
    expect((await call('GET', '/rest/valuelist', noord)).json().deelnemers).toEqual(['Proef_Noord']);
  });

  it('names the contractors (type Aannemer) among the participants one sees, whose form shows the opdrachtnemer URLs first', async () => {
    const all = (await call('GET', '/rest/valuelist', beheer)).json();
    expect(all.aannemers).toEqual(expect.arrayContaining(['Aannemer_Alfa', 'Aannemer_Beta']));
    expect(all.aannemers).not.toContain('Netbeheer_Noord');
    expect(all.aannemers).not.toContain('Combi_Oost');
    const alfa = bearer(
      await tokenFor(t, { roles: ['Coordinerende Aannemer', 'Configuraties Beheren'], deelnemer: 'Aannemer_Alfa' }),
    );
    expect((await call('GET', '/rest/valuelist', alfa)).json().aannemers).toEqual(['Aannemer_Alfa']);
    const ownNoord = bearer(
      await tokenFor(t, { roles: ['Netbeheerder', 'Configuraties Beheren'], deelnemer: 'Netbeheer_Noord' }),
    );
    expect((await call('GET', '/rest/valuelist', ownNoord)).json().aannemers).toEqual([]);
    // The super role without the create right still sees every configuration: every contractor.
    const kijker = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'], deelnemer: 'Knooppunt_Beheer' }));
    expect((await call('GET', '/rest/valuelist', kijker)).json().aannemers).toEqual(all.aannemers);
  });
});

describe('secrets', () => {
  it('never appear in any answer of this file', () => {
    expect(answered.length).toBeGreaterThan(30);
    for (const body of answered) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain(NEW_SECRET);
    }
  });
});
