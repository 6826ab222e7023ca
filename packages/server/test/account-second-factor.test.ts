import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SECOND_FACTOR_TEXTS as TEXTS } from '@knooppunt/domain';
import { auditLog, users } from '../src/db/schema';
import { createSecondFactors, totpCode, type SecondFactors } from '../src/idp/second-factor';
import { createSecretCipher } from '../src/secrets/cipher';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers';

/*
 * 'Tweede stap' in the account menu (issue 31, decision 0054): a user sets up its own
 * authenticator app, renews its recovery codes and removes the app where the policy allows. The
 * test plays the app, computing its codes from the secret the start answers. Under the policy
 * `beheer` users@knooppunt.example (user management) must have a second factor; the others need not.
 */

let t: TestApp;
let secondFactors: SecondFactors;

beforeAll(async () => {
  // Wrong codes lock after three, without the growing delay: the lock test is quick.
  t = await createTestApp({ MFA_REQUIRED: 'beheer', LOGIN_DELAY_BASE_MS: '0', LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
  // The login's own view of the second factor, to try recovery codes as the login does.
  secondFactors = createSecondFactors(t.app.db, createSecretCipher(Buffer.from(t.config.secretKey!, 'base64')));
});
afterAll(() => t?.close());

const STATUS = '/rest/account/second-factor';
const START = '/rest/account/second-factor/app/start';
const ENROL = '/rest/account/second-factor/app';
const RENEW = '/rest/account/second-factor/recovery-codes';

/** A signed-in user of the embedded provider, by its e-mail address. */
async function signedIn(email: string) {
  const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
  const headers = bearer(await tokenFor(t, { sub: user!.id, email }));
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload && { payload }) });
  return { id: user!.id, email, call, status: async () => (await call('GET', STATUS)).json() };
}
type SignedIn = Awaited<ReturnType<typeof signedIn>>;

/** A code an app shows within the next 30 seconds: accepted now, and of a later time step than now's. */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);
const wrongCode = (secret: string) => ([totpCode(secret), nextCode(secret)].includes('000000') ? '111111' : '000000');

/** 'Instellen' and its first code: answers the secret, the code given and the recovery codes. */
async function enrol(user: SignedIn) {
  const started = await user.call('POST', START);
  expect(started.statusCode, started.body).toBe(200);
  const { ticket, secret } = started.json();
  const code = totpCode(secret);
  const enrolled = await user.call('POST', ENROL, { ticket, code });
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  return { secret: secret as string, code, herstelcodes: enrolled.json().herstelcodes as string[] };
}

const audited = async (action: string, email: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, email)));

const refusedField = (response: { statusCode: number; json: () => { details?: unknown } }, field: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().details).toEqual([expect.objectContaining({ field })]);
};

describe("'Tweede stap' in the account menu", () => {
  it('sets up an app with its first code: ten recovery codes once, the status says so, audited', async () => {
    const user = await signedIn('netbeheer@zuid.example');
    expect(await user.status()).toEqual({ app: false, passkeys: 0, herstelcodesOver: 0, vereist: false });

    const started = await user.call('POST', START);
    expect(started.statusCode).toBe(200);
    const { ticket, secret, otpauthUri, qrSvg } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Knooppunt:netbeheer%40zuid\.example\?/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Nothing is stored before the first code.
    expect(await user.status()).toEqual({ app: false, passkeys: 0, herstelcodesOver: 0, vereist: false });

    const wrong = await user.call('POST', ENROL, { ticket, code: wrongCode(secret) });
    refusedField(wrong, 'code');
    expect(wrong.json().message).toBe(TEXTS.wrongCode);

    // Typed as the app shows it, with a space in the middle.
    const code = totpCode(secret);
    const enrolled = await user.call('POST', ENROL, { ticket, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const { herstelcodes } = enrolled.json();
    expect(herstelcodes).toHaveLength(10);
    expect(new Set(herstelcodes).size).toBe(10);
    for (const herstelcode of herstelcodes) expect(herstelcode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await user.status()).toEqual({ app: true, passkeys: 0, herstelcodesOver: 10, vereist: false });
    expect(await audited('user.second-factor.enrolled', user.email)).toHaveLength(1);

    // The login takes the app now: its secret is the one shown, and a recovery code works once.
    expect(await secondFactors.totpSecret(user.id)).toBe(secret);
    expect(await secondFactors.useRecoveryCode(user.id, herstelcodes[0])).toBe(true);
    expect(await user.status()).toMatchObject({ herstelcodesOver: 9 });
  });

  it('refuses to set up a second app, also with a ticket from before', async () => {
    const user = await signedIn('werkvoorbereider@combi-oost.example');
    const first = (await user.call('POST', START)).json();
    const second = (await user.call('POST', START)).json();
    expect(second.secret).not.toBe(first.secret);
    expect((await user.call('POST', ENROL, { ticket: first.ticket, code: totpCode(first.secret) })).statusCode).toBe(
      201,
    );

    const again = await user.call('POST', START);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEXTS.alIngesteld);
    const meanwhile = await user.call('POST', ENROL, { ticket: second.ticket, code: totpCode(second.secret) });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toBe(TEXTS.alIngesteld);
    expect(await secondFactors.totpSecret(user.id)).toBe(first.secret);
    expect(await audited('user.second-factor.enrolled', user.email)).toHaveLength(1);
  });

  it('refuses a ticket of another user, a tampered one and an expired one, naming the ticket', async () => {
    const owner = await signedIn('kijker@knooppunt.example');
    const other = await signedIn('planner@kust.example');
    const { ticket, secret } = (await owner.call('POST', START)).json();

    const crossed = await other.call('POST', ENROL, { ticket, code: totpCode(secret) });
    refusedField(crossed, 'ticket');
    expect(crossed.json().message).toBe(TEXTS.ticket);
    refusedField(
      await owner.call('POST', ENROL, { ticket: `${ticket.slice(0, -4)}AAAA`, code: totpCode(secret) }),
      'ticket',
    );

    // Eleven minutes later the ticket has expired (only the clock moves on: the token is made then).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    try {
      const late = await signedIn('kijker@knooppunt.example');
      refusedField(await late.call('POST', ENROL, { ticket, code: totpCode(secret) }), 'ticket');
    } finally {
      vi.useRealTimers();
    }
    expect(await other.status()).toMatchObject({ app: false });
    expect(await owner.status()).toMatchObject({ app: false });
  });

  it('makes ten new recovery codes with a current code: the old ones stop working', async () => {
    const user = await signedIn('aannemer@alfa.example');
    const { secret, code: taken, herstelcodes: old } = await enrol(user);
    expect(await secondFactors.useRecoveryCode(user.id, old[0]!)).toBe(true);
    expect(await user.status()).toMatchObject({ herstelcodesOver: 9 });

    refusedField(await user.call('POST', RENEW, { code: wrongCode(secret) }), 'code');
    // The code the enrolment took counts once.
    refusedField(await user.call('POST', RENEW, { code: taken }), 'code');
    const renewed = await user.call('POST', RENEW, { code: nextCode(secret) });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const { herstelcodes } = renewed.json();
    expect(herstelcodes).toHaveLength(10);
    expect(herstelcodes.filter((code: string) => old.includes(code))).toEqual([]);
    expect(await user.status()).toMatchObject({ app: true, herstelcodesOver: 10 });

    expect(await secondFactors.useRecoveryCode(user.id, old[1]!)).toBe(false);
    expect(await secondFactors.useRecoveryCode(user.id, herstelcodes[0])).toBe(true);
    expect(await audited('user.second-factor.recovery-codes', user.email)).toHaveLength(1);

    const without = await signedIn('geen@knooppunt.example');
    const none = await without.call('POST', RENEW, { code: '123456' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(TEXTS.geenApp);
  });

  it('removes the app and its codes with a current code, where the policy does not require one', async () => {
    const user = await signedIn('planner@kust.example');
    const { secret, herstelcodes } = await enrol(user);
    refusedField(await user.call('DELETE', STATUS, { code: wrongCode(secret) }), 'code');
    const removed = await user.call('DELETE', STATUS, { code: nextCode(secret) });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await user.status()).toEqual({ app: false, passkeys: 0, herstelcodesOver: 0, vereist: false });
    expect(await secondFactors.useRecoveryCode(user.id, herstelcodes[0]!)).toBe(false);
    expect(await audited('user.second-factor.removed', user.email)).toHaveLength(1);

    const again = await user.call('DELETE', STATUS, { code: nextCode(secret) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEXTS.geenApp);
  });

  it('lets a user for whom the policy requires a second factor set up an app, but not remove it', async () => {
    const user = await signedIn('users@knooppunt.example');
    expect(await user.status()).toEqual({ app: false, passkeys: 0, herstelcodesOver: 0, vereist: true });
    const { secret } = await enrol(user);
    const refused = await user.call('DELETE', STATUS, { code: nextCode(secret) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEXTS.vereist);
    expect(await user.status()).toEqual({ app: true, passkeys: 0, herstelcodesOver: 10, vereist: true });
    expect(await audited('user.second-factor.removed', user.email)).toEqual([]);
  });

  it('locks the codes after too many wrong ones, with Retry-After: then even the right code waits', async () => {
    const user = await signedIn('monitor@knooppunt.example');
    const { ticket, secret } = (await user.call('POST', START)).json();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await user.call('POST', ENROL, { ticket, code: wrongCode(secret) });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toMatch(/^Te veel mislukte pogingen/);
    const right = await user.call('POST', ENROL, { ticket, code: totpCode(secret) });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeTruthy();
    expect(await user.status()).toMatchObject({ app: false });
  });

  const ROUTES = [
    { method: 'GET', url: STATUS },
    { method: 'POST', url: START },
    { method: 'POST', url: ENROL, payload: { ticket: 'x', code: '123456' } },
    { method: 'POST', url: RENEW, payload: { code: '123456' } },
    { method: 'DELETE', url: STATUS, payload: { code: '123456' } },
  ] as const;

  it("refuses a system's token and a token of no user (403), and no token (401)", async () => {
    const system = bearer(await tokenFor(t, { deelnemer: 'Netbeheer_Noord', clientId: 'netbeheer_noord-systeem' }));
    const nobody = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'] }));
    for (const route of ROUTES) {
      const name = `${route.method} ${route.url}`;
      expect((await t.app.inject({ ...route, headers: system })).statusCode, name).toBe(403);
      const noUser = await t.app.inject({ ...route, headers: nobody });
      expect(noUser.statusCode, name).toBe(403);
      expect(noUser.json().message, name).toBe(TEXTS.geenAccount);
      expect((await t.app.inject(route)).statusCode, name).toBe(401);
    }
  });

  it('answers malformed input with 400 naming the field, never a 5xx, and changes nothing', async () => {
    const user = await signedIn('beheer@knooppunt.example');
    const huge = '9'.repeat(10_000);
    const codes: unknown[] = ['a\u0000b', '12345\u0000', huge, 123456, ['123456'], null, '', '12345', '1234567'];
    for (const url of [ENROL, RENEW, STATUS]) {
      const method = url === STATUS ? 'DELETE' : 'POST';
      for (const code of codes) {
        const answer = await user.call(method, url, { ticket: 'x', code });
        expect(answer.statusCode, `${method} ${url} ${JSON.stringify(code).slice(0, 20)}`).toBe(400);
        expect(answer.json().details, `${method} ${url} ${JSON.stringify(code).slice(0, 20)}`).toEqual([
          expect.objectContaining({ field: 'code' }),
        ]);
      }
      for (const payload of [{}, { code: '123456', extra: huge }]) {
        const answer = await user.call(method, url, payload);
        expect(answer.statusCode).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode).toBeLessThan(500);
      }
    }
    for (const ticket of [huge, 5, null, 'a\u0000b', { nested: true }]) {
      refusedField(await user.call('POST', ENROL, { ticket, code: '123456' }), 'ticket');
    }
    for (const payload of ['code=123456', '{"code":', huge]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: RENEW,
        headers: { ...bearer(await tokenFor(t, { sub: user.id })), 'content-type': 'application/json' },
        payload,
      });
      expect(answer.statusCode).toBe(400);
    }
    expect(await user.status()).toEqual({ app: false, passkeys: 0, herstelcodesOver: 0, vereist: true });
  });
});
