import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { EXAMPLE_BERICHTEN } from '@knooppunt/domain';
import type { Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GOLIVE_ADMIN, GOLIVE_DATABASE_URL, GOLIVE_OPERATOR } from '../playwright.golive.config';
import { connectReceiver } from '../support/configs';
import { cellOf, listTable, searchUntil, searchUntilVisible } from '../support/lists';
import { linkIn, waitForMail } from '../support/mail';
import { test, expect } from '../support/test';
import { enrolSecondFactor } from '../support/second-factor';
import { loginWithPassword, setPasswordThroughLink, tryLogin } from '../support/users';
import { portalAccessToken, portalRefreshToken } from '../support/portal';
import type { APIRequestContext, Browser } from '@playwright/test';

/**
 * The production acceptance test (issue 19): Knooppunt on a PostgreSQL server with DEMO=0, an
 * empty database and ADMIN_EMAIL, mail through a real SMTP server — from the first
 * administrator's invitation to a participant's order delivered at the other participant's
 * callback, and the participant's system shut out again. Nothing is seeded: every step is one an
 * operator or a participant takes.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: { id?: string; opdrachtId?: string };
}

/** Aannemer_Test's own system: a token endpoint and callbacks on loopback, recording what arrives. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/token') {
        return void response.end(JSON.stringify({ access_token: randomUUID(), token_type: 'Bearer', expires_in: 300 }));
      }
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(text || '{}') as Received['body'],
      });
      response.statusCode = 200;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** 'Nieuwe organisatie' on the Organisaties screen. */
async function createOrganisation(page: Page, organisatie: string, type: string) {
  await page.goto('/organisaties');
  await page.getByRole('button', { name: 'Nieuwe organisatie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aanmaken organisatie' });
  await dialog.getByLabel('Organisatie').fill(organisatie);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByText('Organisatie succesvol aangemaakt')).toBeVisible();
}

/** 'Nieuwe gebruiker aanmaken' on the Gebruikers screen; the user is invited by mail. */
async function createUser(page: Page, email: string, organisatie: string, rol: string, optional: string[] = []) {
  await page.goto('/gebruikers');
  await page.getByRole('button', { name: 'Nieuwe gebruiker aanmaken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aanmaken gebruiker' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Organisatie' }).click();
  await page.getByRole('option', { name: organisatie, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Rol', exact: true }).click();
  await page.getByRole('option', { name: rol, exact: true }).click();
  if (optional.length) {
    await dialog.getByRole('combobox', { name: 'Optionele rollen' }).click();
    for (const role of optional) await page.getByRole('option', { name: role, exact: true }).click();
    await page.keyboard.press('Escape');
  }
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Gebruiker succesvol aangemaakt' })).toBeVisible();
  await expect(dialog).toBeHidden();
  return waitForMail(email, /^Uw account voor Knooppunt beheer$/);
}

/** 'Nieuwe client' on the Systeemclients screen: answers the client id and the secret, shown this once. */
async function issueSystemClient(page: Page, organisatie: string) {
  await page.goto(`/clients?organisatie=${organisatie}`);
  await page.getByRole('button', { name: 'Nieuwe client' }).click();
  const form = page.getByRole('dialog', { name: 'Nieuwe systeemclient' });
  await form.getByLabel('Omschrijving').fill(`Koppeling ${organisatie}`);
  await form.getByRole('button', { name: 'Aanmaken' }).click();
  const issued = page.getByRole('dialog', { name: 'Client aangemaakt' });
  await expect(issued.getByText('Bewaar het geheim nu: het wordt niet nog eens getoond.')).toBeVisible();
  const clientId = (await issued.getByRole('textbox', { name: 'Client ID' }).textContent()) ?? '';
  const secret = (await issued.getByRole('textbox', { name: 'Geheim' }).textContent()) ?? '';
  const tokenEndpoint = (await issued.getByRole('textbox', { name: 'Token endpoint' }).textContent()) ?? '';
  await issued.getByRole('button', { name: 'Sluiten' }).click();
  await expect(issued).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);
  return { clientId, secret, tokenEndpoint };
}

/** The user signed in in a browser of its own: its refresh token, as the portal keeps it. */
async function signedIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginWithPassword(page, email, password);
  const refreshToken = await portalRefreshToken(page);
  await context.close();
  return refreshToken;
}

/** A refresh at the provider's token endpoint, as the portal makes it: answers the status. */
async function refresh(request: APIRequestContext, refreshToken: string): Promise<number> {
  const response = await request.post('/oidc/token', {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'knooppunt-portal' },
  });
  return response.status();
}

/** A second Knooppunt process on the same database with another SECRET_KEY: its exit code and output. */
async function startWithAnotherKey(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('../packages/server/src/main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: GOLIVE_DATABASE_URL,
      SECRET_KEY: randomBytes(32).toString('base64'),
      DEMO: '0',
      PORT: '0',
      ROLE: 'api',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'knooppunt-golive-wrong-key-')),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

test('from ADMIN_EMAIL to a delivered message on PostgreSQL without demo mode', async ({ page, request, browser }) => {
  const receiver = await startReceiver();
  try {
    // 1. The first administrator: created at start-up, invited by mail.
    const invitation = await waitForMail(GOLIVE_ADMIN, /^Uw account voor Knooppunt beheer$/);
    await setPasswordThroughLink(page, linkIn(invitation), 'beheerder-wachtwoord-1');
    // Without demo mode an administrator enrols a second factor at the first login (MFA_REQUIRED,
    // default 'beheer'): the test plays the authenticator app.
    await tryLogin(page, GOLIVE_ADMIN, 'beheerder-wachtwoord-1', '/organisaties');
    await expect(page.getByRole('heading', { name: 'Tweede stap instellen' })).toBeVisible();
    // The password alone does not open the portal: going there asks for the login again.
    await page.goto('/organisaties');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu openen' })).toHaveCount(0);
    await tryLogin(page, GOLIVE_ADMIN, 'beheerder-wachtwoord-1', '/organisaties');
    await enrolSecondFactor(page);

    // 2. The participants and a user for each (invited by mail).
    await createOrganisation(page, 'Netbeheer_Test', 'Netbeheerder');
    await createOrganisation(page, 'Aannemer_Test', 'Aannemer');
    const plannerInvitation = await createUser(
      page,
      'planner@netbeheer-test.example',
      'Netbeheer_Test',
      'Netbeheerder',
    );
    await createUser(page, 'werkvoorbereider@aannemer-test.example', 'Aannemer_Test', 'Coordinerende Aannemer');

    // 3. System credentials for both participants, copied from the screen.
    const netbeheer = await issueSystemClient(page, 'Netbeheer_Test');
    await issueSystemClient(page, 'Aannemer_Test');
    expect(netbeheer.tokenEndpoint).toBe(`${new URL(page.url()).origin}/oidc/token`);

    // 4. The same administrator — no second account (issue 29) — connects Aannemer_Test's callbacks
    // to its system on loopback: creates, activates and starts sending with its configuration.
    await page.goto('/configs');
    await connectReceiver(page, 'aansluiting', 'Aannemer_Test', {
      tokenUrl: `${receiver.base}/token`,
      clientId: 'knooppunt',
      clientSecret: 'geheim-van-aannemer-test',
      callbackBase: `${receiver.base}/callback`,
    });

    // 5. Netbeheer_Test's system: a token with its new credentials, then an order for Aannemer_Test.
    const basic = Buffer.from(`${netbeheer.clientId}:${netbeheer.secret}`).toString('base64');
    const tokenResponse = await request.post(netbeheer.tokenEndpoint, {
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: 'client_credentials' },
    });
    expect(tokenResponse.status(), await tokenResponse.text()).toBe(200);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const opdrachtId = `GOLIVE-${randomUUID().slice(0, 8)}`;
    const example = EXAMPLE_BERICHTEN.Opdracht;
    const offered = await request.post('/api/v1/berichten', {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      data: { ...example, opdrachtId, data: { ...example.data, opdrachtnemer: 'Aannemer_Test' } },
    });
    expect(offered.status(), await offered.text()).toBe(202);
    const { id: messageId } = (await offered.json()) as { id: string };

    // 6. Aannemer_Test's callback gets it, with the message's idempotency key.
    const delivered = () => receiver.received.filter((request) => request.body.opdrachtId === opdrachtId);
    await expect.poll(() => delivered().length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [delivery] = delivered();
    expect(delivery?.path).toBe('/callback/Opdracht');
    expect(delivery?.headers['idempotency-key']).toBe(messageId);

    // 7. The Berichten screen shows it delivered: no failed attempt, nothing to resend.
    await page.goto(`/berichten?opdrachtId=${opdrachtId}`);
    const table = listTable(page, 'Overzicht van berichten');
    const row = table.getByRole('row', { name: new RegExp(opdrachtId) });
    await searchUntilVisible(page, row);
    await expect(row).toContainText('Netbeheer_Test');
    await expect(row).toContainText('Aannemer_Test');
    // The callback may answer before the worker has recorded the delivery: search until it has.
    await searchUntil(page, async () => {
      await expect(await cellOf(table, row, 'Volgende poging')).toHaveText('', { timeout: 1000 });
      await expect(await cellOf(table, row, 'Mislukte pogingen')).toHaveText('0', { timeout: 1000 });
    });
    await expect(row.getByRole('button', { name: 'Opnieuw verzenden' })).toHaveCount(0);

    // 8. Users over time (issue 29): a blocked user's refresh token is refused at once, and so is
    // one obtained before its password was set again.
    const planner = 'planner@netbeheer-test.example';
    const plannerPage = await (await browser.newContext()).newPage();
    await setPasswordThroughLink(plannerPage, linkIn(plannerInvitation), 'planner-wachtwoord-1');
    await plannerPage.context().close();
    // Two sessions each time: the one refreshed first shows a refresh works, the other what changed.
    const [control, beforeBlock] = [
      await signedIn(browser, planner, 'planner-wachtwoord-1'),
      await signedIn(browser, planner, 'planner-wachtwoord-1'),
    ];
    expect(await refresh(request, control)).toBe(200);
    const admin = { authorization: `Bearer ${await portalAccessToken(page)}` };
    const found = await request.post('/rest/users/search', {
      headers: admin,
      data: { filters: [{ name: 'search', value: planner }] },
    });
    const plannerId = ((await found.json()) as { items: { userid: string }[] }).items[0]!.userid;
    const blocked = await request.post('/rest/users/block', { headers: admin, data: { user: plannerId } });
    expect(blocked.status(), await blocked.text()).toBe(200);
    expect(await refresh(request, beforeBlock)).toBe(400);
    const unblocked = await request.post('/rest/users/unblock', { headers: admin, data: { user: plannerId } });
    expect(unblocked.status(), await unblocked.text()).toBe(200);

    const [controlAgain, beforeReset] = [
      await signedIn(browser, planner, 'planner-wachtwoord-1'),
      await signedIn(browser, planner, 'planner-wachtwoord-1'),
    ];
    expect(await refresh(request, controlAgain)).toBe(200);
    const resetPage = await (await browser.newContext()).newPage();
    await resetPage.goto('/account/wachtwoord-vergeten');
    await resetPage.getByLabel('E-mailadres').fill(planner);
    await resetPage.getByRole('button', { name: 'Link versturen' }).click();
    const reset = await waitForMail(planner, /^Nieuw wachtwoord voor Knooppunt beheer$/);
    expect(reset.text).toContain('De link is 1 uur geldig');
    await setPasswordThroughLink(resetPage, linkIn(reset), 'planner-wachtwoord-2');
    await resetPage.context().close();
    expect(await refresh(request, beforeReset)).toBe(400);
    await signedIn(browser, planner, 'planner-wachtwoord-2');

    // 9. A start with another SECRET_KEY is refused, in one line naming it.
    const wrongKey = await startWithAnotherKey();
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.output).toContain('Knooppunt start niet: SECRET_KEY past niet bij de opgeslagen geheimen');

    // 10. A fault on the platform's side — a configuration that asks for mTLS while the platform
    // has no client certificate — is the operator's: a mail to OPERATOR_EMAIL, no failed attempt
    // for the receiver; and a recovery mail once a message of that receiver goes out again.
    const endpoints = {
      tokenUrl: `${receiver.base}/token`,
      clientId: 'knooppunt',
      clientSecret: 'geheim-van-aannemer-test',
      callbackBase: `${receiver.base}/callback`,
    };
    await connectReceiver(page, 'aansluiting', 'Aannemer_Test', endpoints, { version: 2, useMtls: true });
    const faulted = `GOLIVE-${randomUUID().slice(0, 8)}`;
    const again = await request.post(netbeheer.tokenEndpoint, {
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: 'client_credentials' },
    });
    const { access_token: freshToken } = (await again.json()) as { access_token: string };
    const offeredAgain = await request.post('/api/v1/berichten', {
      headers: { authorization: `Bearer ${freshToken}`, 'idempotency-key': randomUUID() },
      data: { ...example, opdrachtId: faulted, data: { ...example.data, opdrachtnemer: 'Aannemer_Test' } },
    });
    expect(offeredAgain.status(), await offeredAgain.text()).toBe(202);
    const alert = await waitForMail(GOLIVE_OPERATOR, /Storing bij afleveren aan de kant van Knooppunt/);
    expect(alert.text).toContain('mTLS is gevraagd, maar op het platform is geen clientcertificaat ingesteld');
    await page.goto(`/berichten?opdrachtId=${faulted}`);
    const faultedRow = table.getByRole('row', { name: new RegExp(faulted) });
    await searchUntilVisible(page, faultedRow);
    await expect(await cellOf(table, faultedRow, 'Mislukte pogingen')).toHaveText('0');
    await connectReceiver(page, 'aansluiting', 'Aannemer_Test', endpoints, { version: 3 });
    await expect
      .poll(() => receiver.received.filter((r) => r.body.opdrachtId === faulted).length, { timeout: 60_000 })
      .toBeGreaterThan(0);
    await waitForMail(GOLIVE_OPERATOR, /Afleveren werkt weer/);

    // 11. 'Intrekken': the system gets no token any more.
    await page.goto('/clients?organisatie=Netbeheer_Test');
    const clientRow = page.getByRole('row', { name: new RegExp(netbeheer.clientId) });
    await clientRow.getByRole('button', { name: 'Intrekken' }).click();
    await page.getByRole('dialog', { name: 'Client intrekken' }).getByRole('button', { name: 'Intrekken' }).click();
    await expect(clientRow).toContainText('Ingetrokken');
    const refused = await request.post(netbeheer.tokenEndpoint, {
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: 'client_credentials' },
    });
    expect(refused.status()).toBe(401);
  } finally {
    await receiver.close();
  }
});
