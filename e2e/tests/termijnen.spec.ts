import type { Termijnen } from '@knooppunt/domain';
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { listTable, searchUntilVisible } from '../support/lists';
import { newOpdracht } from '../support/participants-api';
import { loginAs, portalAccessToken } from '../support/portal';
import { choose } from '../support/waardenlijsten';

/**
 * The demo seeds Netbeheer_Noord's deadlines and two of its orders past one (packages/server/src/
 * demo/seed-termijnen.ts): DEMO-TERMIJN-PLANNING waits three weeks for its Planning,
 * DEMO-TERMIJN-BEOORDELING two weeks for Noord's assessment of its TG, sent 19 days after its Planning.
 */
const NOORD = 'Netbeheer_Noord';
const SEEDED = [
  'AnnuleringGereed binnen 2 werkdagen na Annulering',
  'Planning binnen 5 werkdagen na Opdracht',
  'BeoordelingTG binnen 5 werkdagen na TG',
  'BeoordelingLevering binnen 10 werkdagen na Eindlevering',
];
const WAITS_FOR_PLANNING = 'DEMO-TERMIJN-PLANNING';
const WAITS_FOR_BEOORDELING = 'DEMO-TERMIJN-BEOORDELING';
/** What the editor adds, and removes again: no other spec sees it. */
const NEW = 'TG binnen 1 werkdag na Planning';
const OPDRACHTEN = 'Overzicht van opdrachten';
const MAIL = 'Dagelijkse mail over verlopen termijnen';

const termijnenTable = (page: Page) => listTable(page, 'Termijnen');
const termijnRow = (page: Page, omschrijving: string) =>
  termijnenTable(page).getByRole('row', { name: new RegExp(`^${omschrijving}`) });
const orderRow = (page: Page, opdrachtId: string) =>
  listTable(page, OPDRACHTEN).getByRole('row', { name: new RegExp(opdrachtId) });

/** Opens an order's history from its row; answers the panel. */
async function openHistory(page: Page, opdrachtId: string) {
  await orderRow(page, opdrachtId)
    .getByRole('button', { name: `Historie van opdracht ${opdrachtId}`, exact: true })
    .click();
  const panel = page.getByRole('dialog', { name: `Historie van opdracht ${opdrachtId}` });
  await expect(panel.getByRole('region', { name: 'Berichten' })).toBeVisible();
  return panel;
}

/** The Termijnen section's entry of one deadline. */
const termijnEntry = (panel: Locator, omschrijving: string) =>
  panel.getByRole('region', { name: 'Termijnen' }).getByRole('listitem').filter({ hasText: omschrijving });

/** Removes what the editor added, through the REST calls the portal makes, whatever happened on screen. */
async function removeNew(page: Page): Promise<void> {
  const headers = { authorization: `Bearer ${await portalAccessToken(page)}` };
  const { termijnen } = (await (await page.request.get(`/rest/termijnen/${NOORD}`, { headers })).json()) as Termijnen;
  for (const termijn of termijnen.filter((candidate) => candidate.omschrijving.startsWith('TG binnen'))) {
    await page.request.delete(`/rest/termijnen/${NOORD}/${termijn.id}`, { headers });
  }
}

test("a grid operator's editor adds, changes and removes a deadline; the orders are measured with it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'netbeheer@noord.example', '/termijnen');
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Termijnen' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Netbeheerder' })).toHaveText(NOORD);
    // By flow, then van and tot.
    await expect(termijnenTable(page).locator('tbody tr > td:first-child')).toHaveText(SEEDED);
    await expect(page.getByText(/^Werkdagen zijn maandag tot en met vrijdag/)).toBeVisible();
    await expectNoAxeViolations(page, 'Termijnen of an editor');

    await page.getByRole('button', { name: 'Nieuwe termijn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe termijn' });
    await choose(page, dialog, 'Van', 'Planning');
    await choose(page, dialog, 'Tot', 'TG');
    await dialog.getByRole('spinbutton', { name: 'Aantal' }).fill('1');
    await expect(dialog.getByRole('status')).toHaveText(NEW);
    await expectNoAxeViolations(page, 'the dialog Nieuwe termijn');
    await page.screenshot({ path: '/tmp/shots-h1/termijn-dialog.png' });
    await dialog.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(page.getByText('Termijn succesvol aangemaakt')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(termijnRow(page, NEW).getByRole('cell')).toHaveText([
      NEW,
      'Aansluiting',
      '1 werkdag',
      /^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/,
      '',
    ]);

    // A deadline between the same two types as another: said at 'Tot', the dialog stays open.
    await page.getByRole('button', { name: 'Nieuwe termijn' }).click();
    const again = page.getByRole('dialog', { name: 'Nieuwe termijn' });
    await choose(page, again, 'Van', 'Opdracht');
    await choose(page, again, 'Tot', 'Planning');
    await again.getByRole('spinbutton', { name: 'Aantal' }).fill('3');
    await again.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(again.getByText('Er is al een termijn voor Planning na Opdracht.')).toBeVisible();
    await expect(again.getByRole('combobox', { name: 'Tot' })).toHaveAttribute('aria-invalid', 'true');
    await again.getByRole('button', { name: 'Annuleren' }).click();
    await expect(again).toBeHidden();

    // The daily mail: opt-in, switched on and off again.
    const mail = page.getByRole('switch', { name: MAIL });
    await expect(mail).not.toBeChecked();
    await mail.click();
    await expect(page.getByText('De dagelijkse mail over verlopen termijnen staat aan')).toBeVisible();
    await expect(mail).toBeChecked();
    await page.screenshot({ path: '/tmp/shots-h1/termijnen.png', fullPage: true });
    await mail.click();
    await expect(mail).not.toBeChecked();

    // The order whose TG came 19 days after its Planning was late for the new deadline.
    const monitor = await (await browser.newContext()).newPage();
    await loginAs(monitor, 'monitor@knooppunt.example', `/opdrachten?status=Alle&opdrachtId=${WAITS_FOR_BEOORDELING}`);
    const panel = await openHistory(monitor, WAITS_FOR_BEOORDELING);
    const tg = termijnEntry(panel, NEW);
    await expect(tg).toContainText('Te laat');
    await expect(tg.getByRole('term')).toHaveText(['Gestart', 'Uiterlijk', 'Beantwoord']);
    await expect(termijnEntry(panel, 'BeoordelingTG binnen 5 werkdagen na TG')).toContainText('Termijn verlopen');
    await monitor.context().close();

    // Changed: built on the deadline as shown.
    await termijnRow(page, NEW)
      .getByRole('button', { name: `Opties: ${NEW}` })
      .click();
    await page.getByRole('menuitem', { name: 'Wijzigen' }).click();
    const edit = page.getByRole('dialog', { name: 'Termijn wijzigen' });
    await edit.getByRole('spinbutton', { name: 'Aantal' }).fill('2');
    await choose(page, edit, 'Eenheid', 'Uren');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Termijn succesvol opgeslagen')).toBeVisible();
    const changed = 'TG binnen 2 uur na Planning';
    await expect(termijnRow(page, changed)).toContainText('2 uur');

    await termijnRow(page, changed)
      .getByRole('button', { name: `Opties: ${changed}` })
      .click();
    await page.getByRole('menuitem', { name: 'Verwijderen' }).click();
    const question = page.getByRole('dialog', { name: 'Wilt u deze termijn verwijderen?' });
    await expect(question).toContainText(changed);
    await question.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Termijn succesvol verwijderd')).toBeVisible();
    await expect(termijnenTable(page).locator('tbody tr > td:first-child')).toHaveText(SEEDED);
  } finally {
    await removeNew(page);
  }
});

test("an order past a deadline says so in Opdrachten and its history, and 'Alleen termijn verlopen' lists only such orders", async ({
  page,
  request,
}) => {
  // Delivered to Aannemer_Alfa, within its deadline for now.
  const fresh = await newOpdracht(request, 'Aannemer_Alfa', 'TERMIJN');
  await loginAs(page, 'monitor@knooppunt.example', `/opdrachten?status=Alle&opdrachtId=${fresh}`);
  await searchUntilVisible(page, orderRow(page, fresh));
  await expect(orderRow(page, fresh)).not.toContainText('Termijn verlopen');

  const late = page.getByRole('checkbox', { name: 'Alleen termijn verlopen' });
  await late.check();
  await expect(page).toHaveURL(/[?&]termijnVerlopen=true/);
  await expect(listTable(page, OPDRACHTEN)).toContainText('Geen resultaten');
  await late.uncheck();
  await expect(page).not.toHaveURL(/termijnVerlopen/);
  await expect(orderRow(page, fresh)).toBeVisible();

  // Of all orders, only the two the demo left waiting: each says so beside its status.
  await page.goto('/opdrachten?status=Alle&termijnVerlopen=true');
  await expect(late).toBeChecked();
  const rows = listTable(page, OPDRACHTEN).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(orderRow(page, WAITS_FOR_PLANNING)).toContainText('Opdracht verstrektTermijn verlopen');
  await expect(orderRow(page, WAITS_FOR_BEOORDELING)).toContainText('Termijn verlopen');
  await expectNoAxeViolations(page, 'Opdrachten with orders past a deadline');
  await page.screenshot({ path: '/tmp/shots-h1/opdrachten-termijn-verlopen.png' });

  const panel = await openHistory(page, WAITS_FOR_PLANNING);
  const planning = termijnEntry(panel, 'Planning binnen 5 werkdagen na Opdracht');
  await expect(planning).toContainText('Termijn verlopen');
  await expect(planning.getByRole('definition').last()).toHaveText('—');
  await expectNoAxeViolations(page, 'the history of an order past a deadline');
  await page.screenshot({ path: '/tmp/shots-h1/historie-termijn-verlopen.png' });
});

test("a grid operator's viewer looks at any netbeheerder's deadlines and changes none", async ({ page }) => {
  await loginAs(page, 'netbeheer@zuid.example', '/termijnen');
  await expect(page.getByRole('combobox', { name: 'Netbeheerder' })).toHaveText('Netbeheer_Zuid');
  await expect(termijnenTable(page)).toContainText('Netbeheer_Zuid heeft nog geen termijnen.');
  await expect(page.getByRole('switch', { name: MAIL })).toBeDisabled();

  await choose(page, page, 'Netbeheerder', NOORD);
  await expect(page).toHaveURL(new RegExp(`/termijnen\\?netbeheerder=${NOORD}$`));
  await expect(termijnenTable(page).locator('tbody tr > td:first-child')).toHaveText(SEEDED);
  await expect(page.getByRole('switch', { name: MAIL })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Nieuwe termijn' })).toHaveCount(0);
  await expect(termijnenTable(page).getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page, 'Termijnen of a viewer');
});
