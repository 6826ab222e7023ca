import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_LOG_TEXTS,
  AUDIT_REDACTED,
  SUPER_ROLE,
  type AuditEntryView,
  type CappedPaged,
  type IssuedSystemClient,
} from '@knooppunt/domain';
import { createAuditService } from '../src/audit/service';
import { auditLog } from '../src/db/schema';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

/**
 * The Auditlog screen's call (issue 22 item 4, decision 0033): POST /rest/audit/search, for the
 * super role only, newest first, filtered by actor, action, subject and period, secrets redacted.
 */

const ADMIN = {
  roles: [SUPER_ROLE, 'Connectiviteit Beheren', 'Opdrachtverstrekking Beheren'],
  deelnemer: 'Knooppunt_Beheer',
  email: 'beheer@knooppunt.example',
};
const CLIENT_SECRET = 'Zeer-geheim-client-secret-123';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await tokenFor(t, ADMIN));
});
afterAll(() => t?.close());

const search = (headers: Record<string, string>, body: object = {}) =>
  t.app.inject({ method: 'POST', url: '/rest/audit/search', headers, payload: body });

async function page(body: object = {}): Promise<CappedPaged<AuditEntryView>> {
  const response = await search(admin, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CappedPaged<AuditEntryView>>();
}

/** Writes entries as the writes do, through the audit service, at chosen moments. */
async function recordAt(at: string, actor: string, action: string, subjectId: string, after: unknown = { n: 1 }) {
  await t.app.db.transaction(async (tx) => {
    await createAuditService().record(
      tx,
      { sub: actor, email: actor },
      { action, subjectType: 'proef', subjectId, after },
    );
  });
  // The service stamps the time of the write; the period tests need known moments.
  await t.app.db
    .update(auditLog)
    .set({ at: new Date(at) })
    .where(and(eq(auditLog.actor, actor), eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));
}

describe('POST /rest/audit/search', () => {
  beforeAll(async () => {
    await recordAt('2026-03-01T10:00:00Z', 'anna@proef.example', 'proef.maak', 'p-1');
    await recordAt('2026-03-02T10:00:00Z', 'bert@proef.example', 'proef.maak', 'p-2');
    await recordAt('2026-03-03T10:00:00Z', 'anna@proef.example', 'proef.wijzig', 'p-1', { n: 2 });
    await recordAt('2026-03-04T10:00:00Z', 'anna@proef.example', 'proef.wijzig', 'p-2', { n: 3 });
  });

  it('answers every change newest first, with who, when, action, subject, before and after', async () => {
    const { items, count, countIsLowerBound } = await page({
      filters: [{ name: 'subjectType', value: 'proef' }],
    });
    expect(count).toBe(4);
    expect(countIsLowerBound).toBe(false);
    expect(items.map((item) => item.at)).toEqual([
      '2026-03-04T10:00:00.000Z',
      '2026-03-03T10:00:00.000Z',
      '2026-03-02T10:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
    ]);
    expect(items[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      at: '2026-03-04T10:00:00.000Z',
      actor: 'anna@proef.example',
      actorDeelnemer: null,
      actingFor: null,
      action: 'proef.wijzig',
      subjectType: 'proef',
      subjectId: 'p-2',
      before: null,
      after: { n: 3 },
    });
  });

  it('pages newest first and oldest first on request', async () => {
    const filters = [{ name: 'subjectType', value: 'proef' }];
    const second = await page({ filters, skip: 1, limit: 2 });
    expect(second.items.map((item) => item.at)).toEqual(['2026-03-03T10:00:00.000Z', '2026-03-02T10:00:00.000Z']);
    expect(second).toMatchObject({ count: 4, skip: 1, limit: 2 });
    const oldest = await page({ filters, sortBy: 'at', sortDirection: 'asc', limit: 1 });
    expect(oldest.items.map((item) => item.at)).toEqual(['2026-03-01T10:00:00.000Z']);
  });

  it('filters by actor, action, subject and period, together', async () => {
    const ids = async (filters: object[]) =>
      (await page({ filters })).items.map((item) => `${item.actor.slice(0, 4)} ${item.action} ${item.subjectId}`);
    expect(await ids([{ name: 'actor', value: 'bert@proef.example' }])).toEqual(['bert proef.maak p-2']);
    expect(await ids([{ name: 'action', value: 'proef.wijzig' }])).toEqual([
      'anna proef.wijzig p-2',
      'anna proef.wijzig p-1',
    ]);
    expect(await ids([{ name: 'subjectId', value: 'p-1' }])).toEqual(['anna proef.wijzig p-1', 'anna proef.maak p-1']);
    expect(
      await ids([
        { name: 'actor', value: 'anna@proef.example' },
        { name: 'from', value: '2026-03-02T00:00:00Z' },
        { name: 'to', value: '2026-03-04T10:00:00+00:00' },
      ]),
    ).toEqual(['anna proef.wijzig p-1']);
    // The period's end is exclusive, its start inclusive; an offset is honoured.
    expect(
      await ids([
        { name: 'from', value: '2026-03-01T11:00:00+01:00' },
        { name: 'to', value: '2026-03-01T11:00:00.001+01:00' },
      ]),
    ).toEqual(['anna proef.maak p-1']);
    expect(await ids([{ name: 'actor', value: 'niemand@proef.example' }])).toEqual([]);
  });

  it('shows changes made through the API, by the caller and its deelnemer', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/rest/clients',
      headers: admin,
      payload: { organisatie: 'Netbeheer_Noord', omschrijving: 'Auditlog proef' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { client } = created.json<IssuedSystemClient>();
    const { items } = await page({
      filters: [
        { name: 'actor', value: ADMIN.email },
        { name: 'subjectId', value: client.clientId },
      ],
    });
    expect(items).toEqual([
      expect.objectContaining({
        action: 'systemclient.create',
        actor: ADMIN.email,
        actorDeelnemer: 'Knooppunt_Beheer',
      }),
    ]);
  });

  it('never shows a secret: not of a rotated client secret, a configuration, nor one recorded by mistake', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/rest/clients',
      headers: admin,
      payload: { organisatie: 'Netbeheer_Noord', omschrijving: 'Geheim proef' },
    });
    const issued = created.json<IssuedSystemClient>();
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/rest/clients/${encodeURIComponent(issued.client.clientId)}/geheim`,
      headers: admin,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secrets = [issued.geheim, rotated.json<IssuedSystemClient>().geheim].filter((s): s is string => Boolean(s));
    expect(secrets).toHaveLength(2);

    const config = await t.app.inject({
      method: 'POST',
      url: '/rest/management/config',
      headers: admin,
      payload: {
        deelnemer: 'Auditlog_Proef',
        versienummer: '2.0',
        config: {
          clientId: 'proef-client',
          clientSecret: CLIENT_SECRET,
          tokenUrl: 'https://auth.proef.example/token',
          scope: 'knooppunt',
          emails: ['beheer@proef.example'],
          useMtls: false,
          urls: {},
        },
      },
    });
    expect(config.statusCode, config.body).toBe(201);

    // A write that recorded secrets by mistake: the list still shows none, but keeps what is no secret.
    await recordAt('2026-03-05T10:00:00Z', 'mis@proef.example', 'proef.lek', 'p-3', {
      clientSecret: CLIENT_SECRET,
      tokenUrl: 'https://auth.proef.example/token',
      clientSecretSet: true,
      nested: [{ accessToken: 'toegang-123', refresh_token: { value: 'ververs-456' } }, { kop: `Bearer ${JWT}` }],
      bericht: JWT,
      wachtwoord: 'Wachtwoord-789',
      geheimVernieuwd: '2026-03-05T10:00:00.000Z',
    });

    const rotation = await page({ filters: [{ name: 'action', value: 'systemclient.rotate' }] });
    expect(rotation.items).toHaveLength(1);
    expect(rotation.items[0]?.after).toMatchObject({ geheimVernieuwd: expect.any(String) });
    const configEntry = await page({ filters: [{ name: 'subjectId', value: 'Auditlog_Proef|2.0' }] });
    expect(configEntry.items.map((item) => item.action)).toEqual(['config.create']);
    expect(configEntry.items[0]?.after).toMatchObject({ config: { clientSecretSet: true } });
    const leak = await page({ filters: [{ name: 'action', value: 'proef.lek' }] });
    expect(leak.items[0]?.after).toEqual({
      clientSecret: AUDIT_REDACTED,
      tokenUrl: 'https://auth.proef.example/token',
      clientSecretSet: true,
      nested: [{ accessToken: AUDIT_REDACTED, refresh_token: AUDIT_REDACTED }, { kop: `Bearer ${JWT}` }],
      bericht: AUDIT_REDACTED,
      wachtwoord: AUDIT_REDACTED,
      geheimVernieuwd: '2026-03-05T10:00:00.000Z',
    });

    const everything = JSON.stringify((await page({ limit: 200 })).items);
    for (const secret of [...secrets, CLIENT_SECRET, 'toegang-123', 'ververs-456', 'Wachtwoord-789']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('answers 400 naming the field for bad filters, never a 500', async () => {
    const cases: [object, string, string?][] = [
      [{ filters: [{ name: 'from', value: 'gisteren' }] }, 'filters.0.value', AUDIT_LOG_TEXTS.tijdstip],
      [{ filters: [{ name: 'to', value: '2026-02-30T10:00:00Z' }] }, 'filters.0.value', AUDIT_LOG_TEXTS.tijdstip],
      [
        {
          filters: [
            { name: 'from', value: '2026-03-02T00:00:00Z' },
            { name: 'to', value: '2026-03-01T00:00:00Z' },
          ],
        },
        'filters.to',
        AUDIT_LOG_TEXTS.periodeOmgekeerd,
      ],
      [{ filters: [{ name: 'actor', value: 'x'.repeat(201) }] }, 'filters.0.value'],
      [{ filters: [{ name: 'actor', value: 'a\u0000b' }] }, 'filters.0.value'],
      [{ filters: [{ name: 'wie', value: 'a' }] }, 'filters.0.name'],
      [
        {
          filters: [
            { name: 'actor', value: 'a' },
            { name: 'actor', value: 'b' },
          ],
        },
        'filters.1.name',
      ],
      [{ limit: 0 }, 'limit'],
      [{ sortBy: 'actor' }, 'sortBy'],
    ];
    for (const [body, field, message] of cases) {
      const response = await search(admin, body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(400);
      const { details } = response.json<{ details: { field: string; message: string }[] }>();
      expect(details, JSON.stringify(body)).toContainEqual(
        message ? { field, message } : expect.objectContaining({ field }),
      );
    }
  });

  it('answers 401 without a token and 403 to anyone without the super role, even with every other right', async () => {
    expect((await search({})).statusCode).toBe(401);
    expect((await search(bearer('geen-token'))).statusCode).toBe(401);
    // Control: the same call answers the super role.
    expect((await search(admin)).statusCode).toBe(200);
    const others = [
      {
        roles: ['Beheer Monitoring', 'Uitval Beheren', 'Beheer User Beheer', 'Business Rules Beheer'],
        deelnemer: 'Knooppunt_Beheer',
      },
      { roles: ['Netbeheerder', 'Configuraties Beheren', 'Beheer connectiviteit'], deelnemer: 'Netbeheer_Noord' },
      {
        roles: ['Opdrachtverstrekking Beheren', 'Gebruikers Beheren', 'Connectiviteit Beheren'],
        deelnemer: 'Knooppunt_Beheer',
      },
    ];
    for (const claims of others) {
      const response = await search(bearer(await tokenFor(t, claims)));
      expect(response.statusCode, JSON.stringify(claims)).toBe(403);
      expect(response.json()).not.toHaveProperty('items');
    }
  });
});
