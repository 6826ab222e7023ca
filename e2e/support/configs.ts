import { VERSIENUMMER_AANSLUITING, VERSIENUMMER_HOOFDNET, urlGroups, type Flow, type Side } from '@knooppunt/domain';
import { expect, type Locator, type Page } from '@playwright/test';
import { newDeelnemer } from './participants-api';
import { portalAccessToken } from './portal';

export const CONFIGS_TITLE = 'Overzicht van configuraties';
export const CONFIGS_PATHS: Record<Flow, string> = { aansluiting: '/configs', hoofdnet: '/hoofdnet/configs' };
const VERSIENUMMERS: Record<Flow, string> = { aansluiting: VERSIENUMMER_AANSLUITING, hoofdnet: VERSIENUMMER_HOOFDNET };

/**
 * The demo serves a token endpoint and callbacks for any participant name, under
 * /demo-deelnemers/<deelnemer>, for client `<deelnemer in lower case>-callback` with this secret
 * (packages/server/src/demo/participants.ts); its callbacks take what they get and never answer.
 */
export const DEMO_CALLBACK_SECRET = 'demo-callback-secret';

/** The active row of a participant (a draft row carries the caption 'Conceptversie'). */
export function activeRow(page: Page, deelnemer: string): Locator {
  return page
    .getByRole('table', { name: CONFIGS_TITLE })
    .getByRole('row', { name: new RegExp(deelnemer) })
    .filter({ hasNotText: 'Conceptversie' });
}

export function draftRow(page: Page, deelnemer: string): Locator {
  return page
    .getByRole('table', { name: CONFIGS_TITLE })
    .getByRole('row', { name: new RegExp(deelnemer) })
    .filter({ hasText: 'Conceptversie' });
}

/** Where a receiver takes the platform's deliveries: its token endpoint, credentials and callbacks. */
export interface ReceiverEndpoints {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** `${callbackBase}/<message type>` is each callback URL. */
  callbackBase: string;
}

/**
 * Connects a registered receiver through the REST calls the portal makes, as the staff user signed
 * in on `page` (super role with 'Opdrachtverstrekking Beheren'): its configuration created,
 * activated, and its sender running on it.
 */
export async function connectReceiver(
  page: Page,
  flow: Flow,
  deelnemer: string,
  endpoints: ReceiverEndpoints,
  /** A later configuration of the same receiver: its version number, and whether it asks for mTLS. */
  options: { version?: number; useMtls?: boolean } = {},
) {
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  const urls = urlGroups(flow).opdrachtnemer.map((type) => [type, `${endpoints.callbackBase}/${type}`]);
  const key = { deelnemer, versienummer: VERSIENUMMERS[flow] };
  const config = {
    clientId: endpoints.clientId,
    clientSecret: endpoints.clientSecret,
    tokenUrl: endpoints.tokenUrl,
    urls: Object.fromEntries(urls),
    ...(options.useMtls && { useMtls: true }),
  };
  const version = options.version ?? 1;
  if (version === 1) {
    const created = await page.request.post('/rest/management/config', { headers, data: { ...key, config } });
    expect(created.status(), await created.text()).toBe(201);
  } else {
    // A later version: an edit of the newest ('Bewerken'), built on it as the screen loaded it.
    const newest = await page.request.get('/rest/management/config', {
      headers,
      params: { ...key, version: version - 1 },
    });
    expect(newest.status(), await newest.text()).toBe(200);
    const { updated } = (await newest.json()) as { updated: string };
    const edited = await page.request.put('/rest/management/config', {
      headers,
      data: { ...key, config, basedOn: { version: version - 1, updated } },
    });
    expect(edited.status(), await edited.text()).toBe(200);
  }
  const activated = await page.request.patch('/rest/management/config', { headers, data: key });
  expect(activated.status(), await activated.text()).toBe(200);
  const sender = await page.request.put('/rest/management/message-sender', {
    headers,
    data: { ...key, version },
  });
  expect(sender.status(), await sender.text()).toBe(200);
}

/**
 * Connects a new receiver to its demo endpoints with `clientSecret`, as the administrator signed in
 * on `page`: registered as a contractor (organisation of type Aannemer), then `connectReceiver`.
 */
export async function connectDemoReceiver(
  page: Page,
  flow: Flow,
  deelnemer: string,
  clientSecret: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  // The participants' API sends orders only to registered contractors (decision 0015).
  const registered = await page.request.post('/rest/organisations', {
    headers,
    data: { organisatie: deelnemer, type: 'Aannemer' },
  });
  expect([201, 409], await registered.text()).toContain(registered.status());
  const endpoints = `${new URL(page.url()).origin}/demo-deelnemers/${deelnemer}`;
  await connectReceiver(page, flow, deelnemer, {
    clientId: `${deelnemer.toLowerCase()}-callback`,
    clientSecret,
    tokenUrl: `${endpoints}/token`,
    callbackBase: `${endpoints}/callback`,
  });
}

/**
 * Connects a new receiver to a system of the test's own at `origin` (support/receiver.ts), as the
 * administrator signed in on `page`: registered as a contractor, then `connectReceiver`.
 */
export async function connectOwnReceiver(page: Page, flow: Flow, deelnemer: string, origin: string): Promise<void> {
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  const registered = await page.request.post('/rest/organisations', {
    headers,
    data: { organisatie: deelnemer, type: 'Aannemer' },
  });
  expect([201, 409], await registered.text()).toContain(registered.status());
  await connectReceiver(page, flow, deelnemer, {
    clientId: `${deelnemer.toLowerCase()}-callback`,
    clientSecret: DEMO_CALLBACK_SECRET,
    tokenUrl: `${origin}/token`,
    callbackBase: `${origin}/callback`,
  });
}

/**
 * A new contractor whose messages wait, in the order they came: connected to its demo endpoints,
 * its sender paused. (A participant without any configuration would not do: the platform fails
 * such messages as undeliverable and they turn up in uitval.) Answers its name.
 */
export async function waitingReceiver(page: Page, flow: Flow, prefix: string): Promise<string> {
  const deelnemer = newDeelnemer(prefix);
  await connectDemoReceiver(page, flow, deelnemer, DEMO_CALLBACK_SECRET);
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  const paused = await page.request.patch('/rest/management/message-sender', {
    headers,
    data: { deelnemer, versienummer: VERSIENUMMERS[flow], running: false },
  });
  expect(paused.status(), await paused.text()).toBe(200);
  return deelnemer;
}

/**
 * Puts a participant's client secret right, as an administrator does on the configuration screen:
 * saved into a draft, the draft activated, and the sender told to use the newest configuration.
 */
export async function correctClientSecret(
  page: Page,
  flow: Flow,
  deelnemer: string,
  clientSecret: string,
): Promise<void> {
  await page.goto(`${CONFIGS_PATHS[flow]}?deelnemer=${deelnemer}`);
  const active = activeRow(page, deelnemer);
  await active.click();
  const panel = page.getByRole('dialog', { name: `${deelnemer} ${VERSIENUMMERS[flow]}` });
  await panel.getByLabel('Client Secret').fill(clientSecret);
  await panel.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Configuratie successvol bijgewerkt')).toBeVisible();

  await draftRow(page, deelnemer).getByRole('button', { name: 'Concept activeren' }).click();
  await page.getByRole('dialog', { name: 'Concept activeren' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Concept succesvol geactiveerd')).toBeVisible();
  const useNewest = active.getByRole('button', { name: 'Nieuwste configuratie gebruiken' });
  await useNewest.click();
  await page
    .getByRole('dialog', { name: 'Nieuwste configuratie gebruiken' })
    .getByRole('button', { name: 'Ja' })
    .click();
  await expect(useNewest).toBeDisabled();
}

/** Where a participant's test system takes the simulator's messages: a receiver of the test's own. */
export interface TestSystem {
  /** `${origin}/token` and `${origin}/callback/<message type>` (support/receiver.ts). */
  origin: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Points a participant's Aansluiting test configuration at `system` on the Configuraties screen, as
 * its user does (decision 0038; a partner's user acting for it under 'Namens', decision 0041): the
 * test environment chosen, its active configuration's token URL, client and callback URLs of its
 * side edited and saved into a draft, the draft activated and the sender told to use it. The page
 * is on /configs.
 */
export async function pointTestConfigurationAt(page: Page, deelnemer: string, side: Side, system: TestSystem) {
  await page.getByRole('group', { name: 'Omgeving' }).getByRole('button', { name: 'Test' }).click();
  await expect(page).toHaveURL(/omgeving=test/);
  await expect(page.getByText('Testomgeving: deze configuraties gelden alleen voor testberichten')).toBeVisible();

  const active = activeRow(page, deelnemer);
  await active.click();
  const panel = page.getByRole('dialog', { name: `${deelnemer} ${VERSIENUMMER_AANSLUITING} (test)`, exact: true });
  await panel.getByRole('textbox', { name: /^Client ID/ }).fill(system.clientId);
  await panel.getByLabel(/^Client Secret/).fill(system.clientSecret);
  await panel.getByRole('textbox', { name: /^Token URL/ }).fill(`${system.origin}/token`);
  for (const type of urlGroups('aansluiting')[side]) {
    await panel.getByRole('textbox', { name: type, exact: true }).fill(`${system.origin}/callback/${type}`);
  }
  await panel.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Configuratie successvol bijgewerkt')).toBeVisible();
  await expect(panel).toBeHidden();

  // In the test environment the participant puts it live itself, which production leaves to the operator.
  await draftRow(page, deelnemer).getByRole('button', { name: 'Concept activeren' }).click();
  await page.getByRole('dialog', { name: 'Concept activeren (test)' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Concept succesvol geactiveerd')).toBeVisible();
  const useNewest = active.getByRole('button', { name: 'Nieuwste configuratie gebruiken' });
  await useNewest.click();
  await page
    .getByRole('dialog', { name: 'Nieuwste configuratie gebruiken (test)' })
    .getByRole('button', { name: 'Ja' })
    .click();
  await expect(useNewest).toBeDisabled();
}
