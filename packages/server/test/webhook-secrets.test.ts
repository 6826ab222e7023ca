import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_TEXTS, RECENT_LOGIN_ERROR, TEST_API_PREFIX, webhookSecretStatusSchema } from '@knooppunt/domain';
import { createAuditService } from '../src/audit/service';
import { auditLog, webhookSecrets } from '../src/db/schema';
import { createWebhookSecretsService } from '../src/modules/webhook-secrets/service';
import { createSecretCipher } from '../src/secrets/cipher';
import { webhookSecretContext } from '../src/secrets/context';
import { bearer, createTestApp, serviceUser, tokenFor, type TestApp } from './helpers';

/*
 * The receivers' signing secrets (issue 32 item 5, decision 0061): made and replaced with the right
 * to save a configuration, answered once and never again, stored encrypted, audited without it.
 * What a delivery carries is delivery-signatures.test.ts's.
 */

const PATH = '/rest/management/config/webhook-secret';
const HOUR = 60 * 60 * 1000;

/** Every body the API answered in this file; none may hold a secret it issued (checked at the end). */
const answered: string[] = [];
const issued: string[] = [];

let t: TestApp;
let beheer: Record<string, string>;
let alfa: Record<string, string>;
let noord: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  beheer = bearer(
    await tokenFor(t, { roles: ['Beheer ziet alles', 'Opdrachtverstrekking Beheren'], deelnemer: 'Knooppunt_Beheer' }),
  );
  alfa = bearer(
    await tokenFor(t, { roles: ['Coordinerende Aannemer', 'Configuraties Beheren'], deelnemer: 'Aannemer_Alfa' }),
  );
  noord = bearer(await tokenFor(t, { roles: ['Netbeheerder', 'Configuraties Beheren'], deelnemer: 'Netbeheer_Noord' }));
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: object) {
  const response = await t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  answered.push(response.body);
  return response;
}

const statusOf = (headers: Record<string, string>, deelnemer: string, versienummer = '2.0', prefix = '') =>
  call('GET', `${prefix}${PATH}?deelnemer=${deelnemer}&versienummer=${versienummer}`, headers);
const issue = async (headers: Record<string, string>, deelnemer: string, versienummer = '2.0', prefix = '') => {
  const response = await call('POST', `${prefix}${PATH}`, headers, { deelnemer, versienummer });
  if (response.statusCode === 201) issued.push(response.json<{ secret: string }>().secret);
  return response;
};

describe('a receiver’s signing secret', () => {
  it('is made on demand, answered once in the Standard Webhooks form, and after that only said to exist', async () => {
    const none = await statusOf(alfa, 'Aannemer_Alfa');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      deelnemer: 'Aannemer_Alfa',
      versienummer: '2.0',
      secretSet: false,
      created: null,
      previousValidUntil: null,
      graceHours: 24,
    });

    const made = await issue(alfa, 'Aannemer_Alfa');
    expect(made.statusCode).toBe(201);
    const { secret, ...status } = made.json<{ secret: string; created: string }>();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(status).toMatchObject({ secretSet: true, previousValidUntil: null, graceHours: 24 });
    expect(Date.parse(status.created)).toBeGreaterThan(Date.now() - 60_000);

    const after = await statusOf(alfa, 'Aannemer_Alfa');
    expect(webhookSecretStatusSchema.strict().parse(after.json())).toEqual(status);
    expect(after.body).not.toContain(secret.slice('whsec_'.length));

    // Stored encrypted under its own context, not as it was shown.
    const [row] = await t.app.db
      .select()
      .from(webhookSecrets)
      .where(and(eq(webhookSecrets.deelnemer, 'Aannemer_Alfa'), eq(webhookSecrets.versienummer, '2.0')));
    expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length));
    const cipher = createSecretCipher(Buffer.from(t.config.secretKey!, 'base64'));
    expect(cipher.decrypt(row!.secretEncrypted, webhookSecretContext('Aannemer_Alfa', '2.0'))).toBe(secret);
  });

  it('replaced: the previous one signs on for the grace period, the one before it stops; both audited without a secret', async () => {
    const first = (await issue(noord, 'Netbeheer_Noord')).json<{ secret: string }>().secret;
    const second = await issue(noord, 'Netbeheer_Noord');
    expect(second.statusCode).toBe(201);
    const { secret, previousValidUntil, created } = second.json<{
      secret: string;
      previousValidUntil: string;
      created: string;
    }>();
    expect(secret).not.toBe(first);
    expect(Date.parse(previousValidUntil) - Date.parse(created)).toBe(24 * HOUR);
    expect((await statusOf(noord, 'Netbeheer_Noord')).json()).toMatchObject({ previousValidUntil });

    const third = await issue(noord, 'Netbeheer_Noord');
    const [row] = await t.app.db.select().from(webhookSecrets).where(eq(webhookSecrets.deelnemer, 'Netbeheer_Noord'));
    const cipher = createSecretCipher(Buffer.from(t.config.secretKey!, 'base64'));
    const context = webhookSecretContext('Netbeheer_Noord', '2.0');
    // Only the one it replaced is kept beside it: the first secret is gone.
    expect(cipher.decrypt(row!.previousSecretEncrypted!, context)).toBe(secret);
    expect(cipher.decrypt(row!.secretEncrypted, context)).toBe(third.json<{ secret: string }>().secret);

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'configuration'), eq(auditLog.subjectId, 'Netbeheer_Noord|2.0')));
    const actions = entries.map((entry) => entry.action).filter((action) => action.startsWith('config.webhook-secret'));
    expect(actions).toEqual([
      'config.webhook-secret.create',
      'config.webhook-secret.rotate',
      'config.webhook-secret.rotate',
    ]);
    expect(entries.find((entry) => entry.action === 'config.webhook-secret.rotate')).toMatchObject({
      actor: 'test@knooppunt.example',
      actorDeelnemer: 'Netbeheer_Noord',
      after: { aangemaakt: expect.any(String), vorigGeldigTot: expect.any(String) },
    });
    for (const value of [first, secret]) {
      expect(JSON.stringify(entries)).not.toContain(value.slice('whsec_'.length));
    }
  });

  it('with WEBHOOK_SECRET_GRACE_HOURS 0 is replaced at once', async () => {
    const service = createWebhookSecretsService({
      db: t.app.db,
      audit: createAuditService(),
      cipher: createSecretCipher(Buffer.from(t.config.secretKey!, 'base64')),
      graceHours: 0,
    });
    const user = serviceUser(['Beheer ziet alles', 'Opdrachtverstrekking Beheren'], 'Knooppunt_Beheer');
    await service.issue(user, { deelnemer: 'Aannemer_Beta', versienummer: 'h1.0' });
    const replaced = await service.issue(user, { deelnemer: 'Aannemer_Beta', versienummer: 'h1.0' });
    expect(replaced).toMatchObject({ secretSet: true, previousValidUntil: null, graceHours: 0 });
  });

  it('is kept apart per environment: the test environment’s receiver has its own', async () => {
    const made = await issue(alfa, 'Aannemer_Alfa', 'h1.0', TEST_API_PREFIX);
    expect(made.statusCode).toBe(201);
    expect((await statusOf(alfa, 'Aannemer_Alfa', 'h1.0', TEST_API_PREFIX)).json()).toMatchObject({ secretSet: true });
    expect((await statusOf(alfa, 'Aannemer_Alfa', 'h1.0')).json()).toMatchObject({ secretSet: false });
  });
});

describe('who may see and make a signing secret', () => {
  it('answers 401 without a token', async () => {
    expect((await statusOf({}, 'Aannemer_Alfa')).statusCode).toBe(401);
    expect((await issue({}, 'Aannemer_Alfa')).statusCode).toBe(401);
  });

  it('answers 403 to a role without the right to view, or to save, configurations', async () => {
    const monitor = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: 'Knooppunt_Beheer' }));
    expect((await statusOf(monitor, 'Aannemer_Alfa')).statusCode).toBe(403);
    expect((await issue(monitor, 'Aannemer_Alfa')).statusCode).toBe(403);
    // The super role alone sees it, but makes none.
    const kijker = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'], deelnemer: 'Knooppunt_Beheer' }));
    expect((await statusOf(kijker, 'Aannemer_Alfa')).statusCode).toBe(200);
    expect((await issue(kijker, 'Aannemer_Alfa')).statusCode).toBe(403);
  });

  it('keeps a participant to its own: another participant’s answers 404, as a pair without a configuration', async () => {
    const other = await statusOf(noord, 'Aannemer_Alfa');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: CONFIG_TEXTS.notFound });
    expect((await issue(noord, 'Aannemer_Alfa')).statusCode).toBe(404);
    expect((await statusOf(beheer, 'Bestaat_Niet')).statusCode).toBe(404);
    expect((await issue(beheer, 'Bestaat_Niet')).statusCode).toBe(404);
    expect(await t.app.db.select().from(webhookSecrets).where(eq(webhookSecrets.deelnemer, 'Bestaat_Niet'))).toEqual(
      [],
    );
  });

  it('lets the super role with create-configuration make any participant’s; with create-draft alone only its own (403)', async () => {
    expect((await issue(beheer, 'Combi_Oost')).statusCode).toBe(201);
    const verbindingen = bearer(
      await tokenFor(t, { roles: ['Beheer ziet alles', 'Verbindingen Beheren'], deelnemer: 'Knooppunt_Beheer' }),
    );
    const refused = await issue(verbindingen, 'Combi_Oost');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: CONFIG_TEXTS.ownParticipantOnly });
  });

  it('asks a recent login before making one (401 with the step-up challenge)', async () => {
    const stale = bearer(
      await tokenFor(t, {
        roles: ['Netbeheerder', 'Configuraties Beheren'],
        deelnemer: 'Netbeheer_Zuid',
        authTime: Math.floor(Date.now() / 1000) - 16 * 60,
      }),
    );
    const response = await issue(stale, 'Netbeheer_Zuid');
    expect(response.statusCode).toBe(401);
    expect(String(response.headers['www-authenticate'])).toContain(`error="${RECENT_LOGIN_ERROR}"`);
    expect((await statusOf(stale, 'Netbeheer_Zuid')).json()).toMatchObject({ secretSet: false });
  });

  it.each([
    [{ versienummer: '2.0' }, 'deelnemer'],
    [{ deelnemer: 'Aannemer_Alfa' }, 'versienummer'],
    [{ deelnemer: 'Aannemer_Alfa', versienummer: '9.9' }, 'versienummer'],
    [{ deelnemer: '', versienummer: '2.0' }, 'deelnemer'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const made = await call('POST', PATH, alfa, body);
    expect(made.statusCode).toBe(400);
    expect(made.json().details).toEqual([expect.objectContaining({ field })]);
    const query = new URLSearchParams(body as Record<string, string>);
    const read = await call('GET', `${PATH}?${query}`, alfa);
    expect(read.statusCode).toBe(400);
    expect(read.json().details).toEqual([expect.objectContaining({ field })]);
  });
});

describe('no other call', () => {
  it('answers a secret it issued: not the configuration, its list, nor the status', async () => {
    for (const [deelnemer, versienummer] of [
      ['Aannemer_Alfa', '2.0'],
      ['Netbeheer_Noord', '2.0'],
    ] as const) {
      const url = `/rest/management/config?deelnemer=${deelnemer}&versienummer=${versienummer}&version=1`;
      expect((await call('GET', url, beheer)).statusCode).toBe(200);
      expect((await statusOf(beheer, deelnemer, versienummer)).statusCode).toBe(200);
    }
    expect((await call('POST', '/rest/management/config/search', beheer, { filters: [], limit: 100 })).statusCode).toBe(
      200,
    );
    const audit = await call('POST', '/rest/audit/search', beheer, { filters: [], limit: 100 });
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('config.webhook-secret.rotate');
    expect(issued.length).toBeGreaterThan(4);
    const shown = answered.filter((body) => issued.some((secret) => body.includes(secret)));
    // Each secret was in exactly one answer: the one that made it.
    expect(shown).toHaveLength(issued.length);
  });
});
