import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import {
  CONFIGS_TITLE,
  DEMO_CALLBACK_SECRET,
  activeRow,
  connectDemoReceiver,
  connectReceiver,
  draftRow,
} from '../support/configs';
import { newDeelnemer } from '../support/participants-api';
import { loginAs, portalAccessToken } from '../support/portal';
import { startCallbackReceiver } from '../support/receiver';

/** The two configuration screens: one component, parameterised by flow. */
const FLOWS = [
  {
    name: 'Aansluiting',
    path: '/configs',
    versienummer: '2.0',
    opdrachtnemer: 'Opdracht',
    opdrachtgever: 'Bijstelling',
  },
  {
    name: 'Hoofdnet',
    path: '/hoofdnet/configs',
    versienummer: 'h1.0',
    opdrachtnemer: 'OpdrachtHoofdnet',
    opdrachtgever: 'BeoordelingHoofdnet',
  },
] as const;

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`deelnemer=${text}`));
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

for (const flow of FLOWS) {
  test.describe(`${flow.name}: ${flow.path}`, () => {
    test('the search applies once typing pauses and is kept in the URL', async ({ page }) => {
      await loginAs(page, 'beheer@knooppunt.example', flow.path);
      await expect(page.getByRole('heading', { name: CONFIGS_TITLE })).toBeVisible();
      await expect(page.getByText(/^1-10 van \d+$/)).toBeVisible();

      await page.getByRole('searchbox', { name: 'Zoeken' }).pressSequentially('gamma', { delay: 50 });
      await expect(page).toHaveURL(new RegExp(`${flow.path}\\?deelnemer=gamma$`));
      await expect(activeRow(page, 'Aannemer_Gamma')).toContainText(flow.versienummer);
      await expect(page.getByText('1-1 van 1')).toBeVisible();
    });

    test('an administrator creates a draft, activates it and lets the sender use it', async ({ page }) => {
      const deelnemer = `E2E_Nieuw_${flow.name}`;
      await loginAs(page, 'beheer@knooppunt.example', flow.path);
      await page.getByRole('button', { name: 'Nieuwe configuratie' }).click();
      const dialog = page.getByRole('dialog', { name: 'Aanmaken nieuwe configuratie' });
      await dialog.getByRole('combobox', { name: 'Deelnemer' }).fill(`E2E Nieuw ${flow.name}`);
      await expect(dialog.getByRole('combobox', { name: 'Deelnemer' })).toHaveValue(deelnemer);
      await expect(dialog.getByRole('combobox', { name: 'Versienummer' })).toHaveText(flow.versienummer);

      await dialog.getByLabel('Client ID').click();
      await dialog.getByLabel('Client Secret').click();
      await expect(dialog.getByText('Client ID moet ingevuld zijn.')).toBeVisible();
      await dialog.getByLabel('Client ID').fill('e2e-client');
      await dialog.getByLabel('Client Secret').fill('e2e-geheim');
      await dialog.getByLabel('Token URL').fill('https://auth.e2e.example/token');
      await dialog.getByRole('textbox', { name: flow.opdrachtnemer, exact: true }).fill('https://e2e.example/cb');
      await dialog.getByLabel('Scope').click();
      await expect(dialog.getByText('Geen of alle opdrachtnemer URLs moeten zijn ingevuld.')).toBeVisible();
      const create = dialog.getByRole('button', { name: 'Aanmaken' });
      await expect(create).toBeDisabled();
      // The opdrachtnemer URLs are sent whatever the view: hidden by it, they stay on screen with their error.
      await dialog.getByRole('combobox', { name: 'Toon inputs voor' }).click();
      await page.getByRole('option', { name: 'Alleen opdrachtgever' }).click();
      await expect(dialog.getByText('Geen of alle opdrachtnemer URLs moeten zijn ingevuld.')).toBeVisible();
      await expect(create).toBeDisabled();
      await dialog.getByRole('textbox', { name: flow.opdrachtnemer, exact: true }).clear();
      await dialog.getByLabel('Scope').click();
      await expect(create).toBeEnabled();
      await create.click();
      await expect(page.getByText('Configuratie successvol aangemaakt')).toBeVisible();
      await expect(dialog).toBeHidden();

      await search(page, deelnemer);
      const draft = draftRow(page, deelnemer);
      await expect(draft).toContainText(`version ${flow.versienummer}`);
      await draft.getByRole('button', { name: 'Concept activeren' }).click();
      await page.getByRole('dialog', { name: 'Concept activeren' }).getByRole('button', { name: 'Ja' }).click();
      await expect(page.getByText('Concept succesvol geactiveerd')).toBeVisible();
      await expect(draftRow(page, deelnemer)).toHaveCount(0);

      const active = activeRow(page, deelnemer);
      await active.getByRole('button', { name: 'Nieuwste configuratie gebruiken' }).click();
      await page
        .getByRole('dialog', { name: 'Nieuwste configuratie gebruiken' })
        .getByRole('button', { name: 'Ja' })
        .click();
      // It says what it did, and the disabled button why it cannot be used (issue 33 item 6).
      const done = page.getByRole('alert').filter({ hasText: 'Nieuwste configuratie in gebruik' });
      await expect(done).toContainText(
        new RegExp(`Het verzendproces van ${deelnemer} ${flow.versienummer} werkt nu met configuratieversie \\d+\\.`),
      );
      await expect(active.getByText('Actief')).toBeVisible();
      const useNewest = active.getByRole('button', { name: 'Nieuwste configuratie gebruiken' });
      await expect(useNewest).toBeDisabled();
      // A disabled button takes no pointer: its tooltip hangs on the span around it.
      await page.setViewportSize({ width: 1280, height: 800 });
      await useNewest.locator('..').hover();
      await expect(page.getByRole('tooltip')).toHaveText(/^Nieuwste configuratie al in gebruik \(versie \d+\)$/);
      await expect(page.locator('.MuiTooltip-tooltip')).toHaveCSS('opacity', '1');
      await page.screenshot({ path: `/tmp/h2-configs-newest-${flow.name}.png` });
      await page.mouse.move(0, 0);
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      await expectNoAxeViolations(page, `${flow.path} after 'Nieuwste configuratie gebruiken'`);
    });

    test('the connection check reports success, a failure with folded details and items not checked', async ({
      page,
    }) => {
      await loginAs(page, 'beheer@knooppunt.example', `${flow.path}?deelnemer=Aannemer`);
      const dialog = page.getByRole('dialog', { name: 'Resultaten verbindingcontrole' });
      const item = (name: string) => dialog.getByRole('listitem', { name, exact: true });

      await activeRow(page, 'Aannemer_Alfa')
        .getByRole('button', { name: /Verbinding controleren/ })
        .click();
      await expect(item('Token URL')).toContainText('Token succesvol opgehaald');
      await expect(item(flow.opdrachtnemer)).toContainText('Callback bereikbaar');
      await expect(item(flow.opdrachtgever)).toContainText('Geen controle gedaan');
      await dialog.getByRole('button', { name: 'Sluiten' }).click();

      await activeRow(page, 'Aannemer_Gamma')
        .getByRole('button', { name: /Verbinding controleren/ })
        .click();
      const token = item('Token URL');
      await expect(token).toContainText('Geldigheid van het token onbekend');
      await expect(token.locator('pre')).toHaveCount(0);
      await token.getByRole('button', { name: 'Details' }).click();
      await expect(token.locator('pre')).toContainText('"access_token"');
      await expect(item(flow.opdrachtnemer)).toContainText('Geen controle gedaan');
    });

    test('an administrator pauses and resumes sending', async ({ page }) => {
      await loginAs(page, 'beheer@knooppunt.example', `${flow.path}?deelnemer=Combi_Oost`);
      const row = activeRow(page, 'Combi_Oost');
      await row.getByRole('switch', { name: 'Verzenden is actief' }).click();
      await expect(row.getByRole('switch', { name: 'Verzenden is gepauzeerd' })).not.toBeChecked();
      await expect(row.getByText('Gepauzeerd')).toBeVisible();
      // Each says what it did (issue 33 item 6).
      const paused = page.getByRole('alert').filter({ hasText: 'Verzenden gepauzeerd' });
      await expect(paused).toContainText(`Verzendproces van Combi_Oost ${flow.versienummer}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      // The switch's own tooltip, opened by the click, fades out before the check.
      await page.mouse.move(0, 0);
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      await expectNoAxeViolations(page, `${flow.path} after pausing a sender`);
      await page.screenshot({ path: `/tmp/h2-configs-paused-${flow.name}.png` });

      await row.getByRole('switch', { name: 'Verzenden is gepauzeerd' }).click();
      await expect(row.getByRole('switch', { name: 'Verzenden is actief' })).toBeChecked();
      await expect(row.getByText('Actief')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Verzenden hervat' })).toContainText(
        `Verzendproces van Combi_Oost ${flow.versienummer}`,
      );
    });

    test('an administrator sets the concurrent messages and reads it in the sending log', async ({ page }) => {
      await loginAs(page, 'beheer@knooppunt.example', `${flow.path}?deelnemer=Combi_Rivierenland`);
      const row = activeRow(page, 'Combi_Rivierenland');
      await row.getByRole('button', { name: 'Aantal gelijktijdige berichten instellen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Instellen aantal gelijktijdige berichten' });
      const field = dialog.getByRole('spinbutton', { name: 'Maximaal aantal gelijktijdige berichten' });
      await expect(field).toHaveValue('5');
      await field.fill('6');
      await expect(dialog.getByRole('button', { name: 'Bijwerken' })).toBeDisabled();
      await field.fill('2');
      await dialog.getByRole('button', { name: 'Bijwerken' }).click();
      await expect(page.getByText('Maximaal aantal gelijktijdige berichten succesvol bijgewerkt')).toBeVisible();
      await expect(dialog).toBeHidden();

      await row.getByRole('button', { name: 'Log van verzendproces bekijken' }).click();
      const log = page.getByRole('dialog', {
        name: `Log van verzendproces voor Combi_Rivierenland ${flow.versienummer}`,
      });
      const entries = log.getByRole('row');
      await expect(entries).toHaveCount(3);
      await expect(entries.nth(1)).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}Actief12geen grens$/);
    });

    test("a participant's own manager edits their configuration but cannot activate", async ({ page }) => {
      await loginAs(page, 'netbeheer@noord.example', flow.path);
      await expect(activeRow(page, 'Netbeheer_Noord')).toBeVisible();
      await expect(page.getByRole('switch')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Concept activeren' })).toHaveCount(0);

      await activeRow(page, 'Netbeheer_Noord').click();
      let panel = page.getByRole('dialog', { name: `Netbeheer_Noord ${flow.versienummer}`, exact: true });
      if (flow.name === 'Aansluiting') {
        // The demo has a draft after this version: edits go into the draft, this version is read-only.
        await expect(
          panel.getByText('Er is een nieuwere versie van deze configuratie (versie 2, concept)'),
        ).toBeVisible();
        await expect(panel.getByLabel('Client ID')).not.toBeEditable();
        await panel.getByRole('button', { name: 'Sluiten' }).click();
        await draftRow(page, 'Netbeheer_Noord').click();
        panel = page.getByRole('dialog', { name: `Netbeheer_Noord ${flow.versienummer} (Concept)` });
      }
      await expect(panel.getByLabel('Client ID')).toBeEditable();
      await expect(panel.getByText('Er is een Client Secret ingesteld')).toBeVisible();
      await panel.getByLabel('Client ID').fill('');
      await panel.getByLabel('Scope').click();
      await expect(panel.getByText('Client ID moet ingevuld zijn.')).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
      await panel.getByLabel('Client ID').fill('netbeheer_noord-nieuw');
      await panel.getByLabel('Scope').fill('berichten');
      await panel.getByRole('button', { name: 'Opslaan' }).click();
      // The spec's confirmation. It used to be lost on a loaded runner: the refetched draft replaced
      // the form before the list came back, and the save's callback went with the old form (4cbdfed).
      await expect(page.getByText('Configuratie successvol bijgewerkt')).toBeVisible();

      const draft = draftRow(page, 'Netbeheer_Noord');
      await expect(draft).toContainText('Neem contact op met functioneel beheer om deze conceptversie te activeren.');
      await draft.click();
      const draftPanel = page.getByRole('dialog', { name: `Netbeheer_Noord ${flow.versienummer} (Concept)` });
      await expect(draftPanel.getByLabel('Scope')).toHaveValue('berichten');

      await draftPanel.getByRole('button', { name: 'Sluiten' }).click();
      await page.getByRole('button', { name: 'Nieuwe configuratie' }).click();
      const create = page.getByRole('dialog', { name: 'Aanmaken nieuwe configuratie' });
      await expect(create.getByLabel('Deelnemer')).toHaveValue('Netbeheer_Noord');
      await expect(create.getByLabel('Deelnemer')).toBeDisabled();
    });
  });
}

test('the connection check masks a short secret only as a value, and a failed check fails the token URL row', async ({
  page,
}) => {
  const system = await startCallbackReceiver();
  try {
    await loginAs(page, 'beheer@knooppunt.example', '/configs');
    const deelnemer = newDeelnemer('Kort_Geheim');
    // A secret whose letters also occur in words of the result: 'sec' as in 'seconden'.
    await connectReceiver(page, 'aansluiting', deelnemer, {
      clientId: 'kort-geheim',
      clientSecret: 'sec',
      tokenUrl: `${system.origin}/token`,
      callbackBase: `${system.origin}/callback`,
    });
    await page.goto(`/configs?deelnemer=${deelnemer}`);
    const dialog = page.getByRole('dialog', { name: 'Resultaten verbindingcontrole' });
    const item = (name: string) => dialog.getByRole('listitem', { name, exact: true });
    const check = activeRow(page, deelnemer).getByRole('button', { name: /Verbinding controleren/ });

    await check.click();
    await expect(item('Token URL')).toHaveText(/Token succesvol opgehaald \(geldig 3600 seconden\)$/);
    await expect(item('Opdracht')).toContainText('Callback bereikbaar (200 OK)');
    await dialog.getByRole('button', { name: 'Sluiten' }).click();

    // The check call fails as one that waited too long on the token URL does behind a gateway.
    await page.route('**/rest/management/connection-check', (route) =>
      route.fulfill({ status: 504, contentType: 'application/json', body: JSON.stringify({ message: 'Time-out' }) }),
    );
    await check.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Fout bij controleren verbinding' });
    await expect(alert).toBeVisible();
    const token = item('Token URL');
    await expect(token).toContainText('Token URL niet bereikt: de verbinding kon niet worden gecontroleerd');
    await expect(item('Opdracht')).toContainText('Geen controle gedaan');
    // The dialog is checked here; the alert is the notifications' own.
    await alert.getByRole('button', { name: 'Sluiten' }).click();
    await expect(alert).toBeHidden();
    await expectNoAxeViolations(page, "'Resultaten verbindingcontrole' after a failed check");
  } finally {
    await system.close();
  }
});

test('an administrator sets the messages per second and sees the limit on the row, in the sending log and on the Overzicht', async ({
  page,
}) => {
  await loginAs(page, 'beheer@knooppunt.example', '/configs?deelnemer=Netbeheer_Zuid');
  const row = activeRow(page, 'Netbeheer_Zuid');
  await expect(row).toContainText('max. 5 tegelijk · geen grens per seconde');
  await page.screenshot({ path: '/tmp/h17-row-before.png' });
  await row.getByRole('button', { name: 'Aantal berichten per seconde instellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Instellen aantal berichten per seconde' });
  const field = dialog.getByRole('spinbutton', { name: 'Maximaal aantal berichten per seconde' });
  const update = dialog.getByRole('button', { name: 'Bijwerken' });
  await expect(field).toHaveValue('0');
  await expect(field).toHaveAccessibleDescription('Kies een aantal van 0 (geen grens) tot en met 1000.');
  for (const refused of ['1001', '-1']) {
    await field.fill(refused);
    await expect(update).toBeDisabled();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await page.screenshot({ path: '/tmp/h17-dialog-refused.png' });
  await field.fill('10');
  await expect(update).toBeEnabled();
  await expectNoAxeViolations(page, 'Instellen aantal berichten per seconde');
  await page.screenshot({ path: '/tmp/h17-dialog.png' });
  await update.click();
  await expect(page.getByText('Maximaal aantal berichten per seconde succesvol bijgewerkt')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('max. 5 tegelijk · 10/s');
  await page.screenshot({ path: '/tmp/h17-row.png' });
  await expectNoAxeViolations(page, '/configs with the limits of a sender');

  await row.getByRole('button', { name: 'Log van verzendproces bekijken' }).click();
  const log = page.getByRole('dialog', { name: 'Log van verzendproces voor Netbeheer_Zuid 2.0' });
  const entries = log.getByRole('row');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveText('DatumStatusVersieMax. berichtenMax. per seconde');
  await expect(entries.nth(1)).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}Actief1510$/);
  await expect(entries.nth(2)).toHaveText(/Actief15geen grens$/);
  await expectNoAxeViolations(page, 'Log van verzendproces with messages per second');
  await page.screenshot({ path: '/tmp/h17-log.png' });
  await log.getByRole('button', { name: 'Sluiten' }).click();

  // The Overzicht: the limit beside the state of this configuration; its Hoofdnet one has none.
  await page.goto('/');
  const receiver = page
    .getByRole('table', { name: 'Overzicht' })
    .locator('tbody tr')
    .filter({ hasText: 'Netbeheer_Zuid' });
  await expect(receiver.filter({ hasText: 'Aansluiting' })).toContainText('Actiefmax. 5 tegelijk · 10/s');
  await expect(receiver.filter({ hasText: 'Hoofdnet' })).toContainText(
    'Actiefmax. 5 tegelijk · geen grens per seconde',
  );
  await expectNoAxeViolations(page, 'Overzicht with the limits of the senders');
  await receiver.last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/h17-overzicht.png' });
});

test('a save over a configuration that someone else changed meanwhile is refused, and the typed input kept', async ({
  page,
}) => {
  const deelnemer = newDeelnemer('Tegelijk');
  await loginAs(page, 'beheer@knooppunt.example', '/configs');
  await connectDemoReceiver(page, 'aansluiting', deelnemer, DEMO_CALLBACK_SECRET);
  await page.goto(`/configs?deelnemer=${deelnemer}`);
  await activeRow(page, deelnemer).click();
  const panel = page.getByRole('dialog', { name: `${deelnemer} 2.0` });
  await expect(panel.getByLabel('Client ID')).toHaveValue(`${deelnemer.toLowerCase()}-callback`);

  // Another administrator saves the same configuration first, through the calls the portal makes.
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  const key = { deelnemer, versienummer: '2.0' };
  const shown = await page.request.get(`/rest/management/config?${new URLSearchParams({ ...key, version: '1' })}`, {
    headers,
  });
  const { config, version, updated } = await shown.json();
  const other = await page.request.put('/rest/management/config', {
    headers,
    data: { ...key, config: { ...config, scope: 'van-een-ander' }, basedOn: { version, updated } },
  });
  expect(other.status(), await other.text()).toBe(200);

  await panel.getByLabel('Scope').fill('mijn-wijziging');
  await panel.getByRole('button', { name: 'Opslaan' }).click();

  await expect(panel.getByText('Er is een nieuwere versie van deze configuratie (versie 2, concept).')).toBeVisible();
  await expect(page.getByText('Fout bij updaten van de configuratie')).toBeVisible();
  await expect(panel.getByLabel('Scope')).toHaveValue('mijn-wijziging');
  // Loaded again, this version is read-only (edits go into the other's draft), the input still shown.
  await panel.getByRole('button', { name: 'Opnieuw laden' }).click();
  await expect(panel.getByText('wijzigingen gaan in die versie')).toBeVisible();
  await expect(panel.getByLabel('Scope')).toHaveValue('mijn-wijziging');
  // Escape would throw the input away: asked first.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Wijzigingen verwerpen?' });
  await discard.getByRole('button', { name: 'Verwerpen' }).click();
  await expect(panel).toBeHidden();
  await draftRow(page, deelnemer).click();
  const draftPanel = page.getByRole('dialog', { name: `${deelnemer} 2.0 (Concept)` });
  await expect(draftPanel.getByLabel('Scope')).toHaveValue('van-een-ander');
});

test("an implementation partner's user works on the configurations of the participant it acts for only", async ({
  page,
}) => {
  await loginAs(page, 'partner@integra.example');
  for (const flow of FLOWS) {
    await page.goto(flow.path);
    // Its organisation implements for Aannemer_Alfa alone (the demo's link, decision 0041).
    await expect(page.getByRole('combobox', { name: 'Namens' })).toContainText('Aannemer_Alfa');
    await expect(activeRow(page, 'Aannemer_Alfa')).toBeVisible();
    await expect(
      page.getByRole('table', { name: CONFIGS_TITLE }).getByRole('row', { name: /Netbeheer_Noord/ }),
    ).toHaveCount(0);
    await expectNoAxeViolations(page, `${flow.path} acting for Aannemer_Alfa`);

    // As Aannemer_Alfa's own manager: its configuration editable, a new one only for it.
    await activeRow(page, 'Aannemer_Alfa').click();
    const panel = page.getByRole('dialog', { name: `Aannemer_Alfa ${flow.versienummer}`, exact: true });
    await expect(panel.getByLabel('Client ID')).toBeEditable();
    await panel.getByRole('button', { name: 'Sluiten' }).click();
    await page.getByRole('button', { name: 'Nieuwe configuratie' }).click();
    const create = page.getByRole('dialog', { name: 'Aanmaken nieuwe configuratie' });
    await expect(create.getByLabel('Deelnemer')).toHaveValue('Aannemer_Alfa');
    await expect(create.getByLabel('Deelnemer')).toBeDisabled();
    await create.getByRole('button', { name: 'Annuleren' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
});

test('a user who may view but not create drafts gets a read-only configuration', async ({ page }) => {
  await loginAs(page, 'kijker@knooppunt.example', '/configs');
  await expect(page.getByRole('button', { name: 'Nieuwe configuratie' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await activeRow(page, 'Aannemer_Alfa').click();
  const panel = page.getByRole('dialog', { name: 'Aannemer_Alfa 2.0' });
  await expect(panel.getByLabel('Client ID')).toHaveValue('aannemer_alfa-callback');
  await expect(panel.getByLabel('Client ID')).not.toBeEditable();
  await expect(panel.getByLabel('Token URL')).not.toBeEditable();
  await expect(panel.getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
});

test('a user without configuration rights cannot open the configurations', async ({ page }) => {
  await loginAs(page, 'monitor@knooppunt.example');
  for (const flow of FLOWS) {
    await page.goto(flow.path);
    await expect(page).toHaveURL(/\/unauthorized$/);
  }
});

test("the form says whose credentials they are, and shows an aannemer's opdrachtnemer URLs first", async ({
  page,
  browser,
}) => {
  // A contractor's own user, on its own configuration (issue 29).
  await loginAs(page, 'aannemer@alfa.example', '/configs');
  await activeRow(page, 'Aannemer_Alfa').click();
  const own = page.getByRole('dialog', { name: 'Aannemer_Alfa 2.0', exact: true });
  await expect(own.getByLabel('Client ID')).toHaveAccessibleDescription(
    'Het client ID van Knooppunt bij het token-endpoint van de deelnemer; niet dat van de systeemclient van de deelnemer.',
  );
  await expect(own.getByLabel('Client Secret')).toHaveAccessibleDescription(
    /^Het geheim van Knooppunt bij dat client ID\./,
  );
  await expect(own.getByLabel('Token URL')).toHaveAccessibleDescription(
    'Het token-endpoint van de deelnemer, waar Knooppunt een token ophaalt om berichten af te leveren.',
  );
  // The form's URL groups; 'Ondertekening' below the form is no group of URLs (decision 0061).
  const groups = (panel: typeof own) => panel.locator('form').getByRole('region').getByRole('heading', { level: 3 });
  await expect(groups(own)).toHaveText(['Opdrachtnemer URLs', 'Opdrachtgever URLs']);
  await page.screenshot({ path: '/tmp/shots/e2e-config-aannemer.png' });
  await expectNoAxeViolations(page, '/configs with an aannemer’s own configuration');

  // A grid operator's configuration keeps the opdrachtgever URLs first (the administrator, in a browser of its own).
  const context = await browser.newContext();
  const admin = await context.newPage();
  await loginAs(admin, 'beheer@knooppunt.example', '/configs?deelnemer=Netbeheer_Noord');
  await activeRow(admin, 'Netbeheer_Noord').click();
  const noord = admin.getByRole('dialog', { name: 'Netbeheer_Noord 2.0', exact: true });
  await expect(noord.getByLabel('Client ID')).toBeVisible();
  await expect(groups(noord)).toHaveText(['Opdrachtgever URLs', 'Opdrachtnemer URLs']);
  await context.close();
});

test('an error alert leaves the open connection-check dialog in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'beheer@knooppunt.example', '/configs?deelnemer=Aannemer');
  await page.route(
    (url) => url.pathname === '/rest/management/connection-check',
    (route) => route.fulfill({ status: 500, json: { message: 'Interne fout' } }),
  );
  await activeRow(page, 'Aannemer_Alfa')
    .getByRole('button', { name: /Verbinding controleren/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Resultaten verbindingcontrole' });
  const toast = page.getByRole('alert').filter({ hasText: 'Fout bij controleren verbinding' });
  await expect(toast).toContainText('Interne fout');
  await expect(dialog.getByRole('listitem', { name: 'Token URL', exact: true })).toBeVisible();

  // Once the dialog has made room (it moves up or shrinks while the alert is shown: decision 0058).
  const overlap = async () => {
    const [a, b] = [await toast.boundingBox(), await dialog.boundingBox()];
    if (!a || !b) throw new Error('the alert or the dialog is not on screen');
    const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
    const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
    return Math.max(0, width) * Math.max(0, height);
  };
  await expect.poll(overlap, { timeout: 3000 }).toBe(0);
  await expect(dialog).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page, '/configs with the connection check failed');
  expect(await overlap()).toBe(0);
  await page.screenshot({ path: '/tmp/h3-connection-check-1280.png' });

  // The alert gone, the dialog takes its whole room again.
  await toast.getByRole('button', { name: 'Sluiten' }).click();
  await expect(toast).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Sluiten' })).toBeInViewport();
});
