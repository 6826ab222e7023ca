import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { listTable, searchUntilVisible } from '../support/lists';
import { FAILS, newHoofdnetOpdracht, newOpdracht } from '../support/participants-api';
import { loginAs } from '../support/portal';

const TITLE = 'Overzicht van opdrachten';

/** Opens an order's history from its row (the row's button: keyboard and screen readers use it too). */
async function openHistory(page: Page, opdrachtId: string) {
  const row = listTable(page, TITLE).getByRole('row', { name: new RegExp(opdrachtId) });
  await row.getByRole('button', { name: `Historie van opdracht ${opdrachtId}`, exact: true }).click();
  const panel = page.getByRole('dialog', { name: `Historie van opdracht ${opdrachtId}` });
  await expect(panel).toBeVisible();
  await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(600);
  // Slid in all the way: at the right edge.
  const right = (page.viewportSize()?.width ?? 0) - 600;
  await expect.poll(async () => Math.round((await panel.boundingBox())?.x ?? 0)).toBe(right);
  return panel;
}

test('Aansluiting: an order in error shows its history, a message opens in its own panel, a cancel shows as an action', async ({
  page,
  request,
}, testInfo) => {
  // The order message fails at Aannemer_Gamma (no valid token there): the order goes into error.
  const opdrachtId = await newOpdracht(request, FAILS, 'HISTORIE');
  await loginAs(page, 'beheer@knooppunt.example', `/opdrachten?status=Error&opdrachtId=${opdrachtId}`);
  const row = listTable(page, TITLE).getByRole('row', { name: new RegExp(opdrachtId) });
  await searchUntilVisible(page, row);

  const panel = await openHistory(page, opdrachtId);
  await expect(panel.getByRole('term')).toHaveText([
    'Status',
    'Opdrachtgever',
    'Opdrachtnemer',
    'Versienummer',
    'Aangemaakt',
    'Gewijzigd',
  ]);
  await expect(panel).toContainText('Opdracht verstrektFout');
  const berichten = panel.getByRole('region', { name: 'Berichten' });
  const opdracht = berichten.getByRole('button');
  await expect(opdracht).toHaveCount(1);
  await expect(opdracht).toContainText('Opdracht');
  await expect(opdracht).toContainText('Opdracht verstrekt');
  await expect(opdracht).toContainText(`Netbeheer_Noord → ${FAILS}`);
  await expect(opdracht).toContainText(/Geaccepteerd \d\d-\d\d-\d{4} \d\d:\d\d:\d\d/);
  await expect(opdracht).toContainText(/\d+ mislukte (poging|pogingen), laatste \d\d-\d\d-\d{4}/);
  await expect(opdracht).toContainText('Token ophalen mislukt');
  await expect(panel.getByRole('region', { name: 'Handmatige acties' })).toContainText('Geen handmatige acties.');
  await expect(panel.getByRole('region', { name: 'Leveringen' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the history of an Aansluiting order');
  await page.screenshot({ path: testInfo.outputPath('historie-aansluiting.png') });

  // The message opens in Berichten' own panel, over the history; closing it goes back there.
  await opdracht.click();
  const messagePanel = page.getByRole('dialog', { name: `Opdracht ${opdrachtId}`, exact: true });
  await expect(messagePanel.getByRole('region', { name: 'Aflevering' })).toContainText('Nog niet afgeleverd');
  await expect(messagePanel.locator('pre')).toContainText(`"opdrachtId": "${opdrachtId}"`);
  await expectNoAxeViolations(page, "a message opened from an order's history");
  await messagePanel.getByRole('button', { name: 'Sluiten' }).click();
  await expect(messagePanel).toBeHidden();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Sluiten' }).click();
  await expect(panel).toBeHidden();

  // Cancelled by hand: the history names the action and who did it.
  await row.getByRole('button', { name: 'Opdracht annuleren' }).click();
  await page.getByRole('dialog', { name: 'Opdracht annuleren' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Opdracht successvol geannuleerd')).toBeVisible();
  await page.goto(`/opdrachten?status=Alle&opdrachtId=${opdrachtId}`);
  const cancelled = await openHistory(page, opdrachtId);
  await expect(cancelled).toContainText('Opdracht handmatig geannuleerd');
  const acties = cancelled.getByRole('region', { name: 'Handmatige acties' });
  await expect(acties).toContainText('Opdracht geannuleerd');
  await expect(acties).toContainText('beheer@knooppunt.example');
  await page.screenshot({ path: testInfo.outputPath('historie-geannuleerd.png') });
});

test('Hoofdnet: the history shows every message with the status it brought, and the leveringen', async ({
  page,
  request,
}, testInfo) => {
  // Given by Netbeheer_West to Aannemer_Gamma, accepted, planned and with one Deellevering.
  const opdrachtId = await newHoofdnetOpdracht(request, 1, 'HISTORIE');
  await loginAs(page, 'monitor@knooppunt.example', `/hoofdnet/opdrachten?status=Alle&opdrachtId=${opdrachtId}`);

  const panel = await openHistory(page, opdrachtId);
  await expect(panel).toContainText('Plan statusDefinitiefTypeVervanging');
  const berichten = panel.getByRole('region', { name: 'Berichten' }).getByRole('button');
  await expect(berichten).toHaveCount(4);
  const types = ['OpdrachtHoofdnet', 'BeoordelingHoofdnet', 'PlanningHoofdnet', 'Deellevering'];
  const statuses = ['Opdracht verstrekt', 'Opdracht geaccepteerd', 'Gepland', 'In uitvoering'];
  for (const [index, type] of types.entries()) {
    await expect(berichten.nth(index)).toContainText(type);
    await expect(berichten.nth(index)).toContainText(statuses[index]!);
  }
  await expect(berichten.nth(2)).toContainText('Plan status: Definitief');
  await expect(berichten.nth(1)).toContainText(`${FAILS} → Netbeheer_West`);
  const leveringen = panel.getByRole('table', { name: 'Leveringen' });
  await expect(leveringen.getByRole('row', { name: new RegExp(`${opdrachtId}-DL1`) })).toContainText(
    'DeelleveringIngediend',
  );
  await expectNoAxeViolations(page, 'the history of a Hoofdnet order');
  await page.screenshot({ path: testInfo.outputPath('historie-hoofdnet.png') });

  // By keyboard: the Deellevering's panel opens with Enter, and Escape closes it alone.
  await berichten.nth(3).focus();
  await page.keyboard.press('Enter');
  const messagePanel = page.getByRole('dialog', { name: `Deellevering ${opdrachtId}` });
  await expect(messagePanel.locator('pre')).toContainText(`"leveringId": "${opdrachtId}-DL1"`);
  // Over the history (hidden from assistive technology meanwhile), exactly: the same 600 px at the right.
  const right = (page.viewportSize()?.width ?? 0) - 600;
  await expect.poll(async () => Math.round((await messagePanel.boundingBox())?.x ?? 0)).toBe(right);
  await expect.poll(async () => Math.round((await messagePanel.boundingBox())?.width ?? 0)).toBe(600);
  await expect(panel).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('historie-hoofdnet-bericht.png') });
  await page.keyboard.press('Escape');
  await expect(messagePanel).toBeHidden();
  await expect(panel).toBeVisible();
});

/** `npm run knooppunt -- verify`, as anyone holding the file runs it: the real command, offline. */
async function verify(file: string, keys: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'knooppunt', '--', 'verify', file, '--sleutels', keys],
      {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...process.env, NODE_NO_WARNINGS: '1' },
      },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}

test('a delivered order: its receipt shows, its evidence file downloads and verifies with the CLI', async ({
  page,
  request,
}, testInfo) => {
  // Aannemer_Alfa's demo system accepts: the order is delivered, with a signed receipt.
  const opdrachtId = await newOpdracht(request, 'Aannemer_Alfa', 'BEWIJS');
  await loginAs(page, 'beheer@knooppunt.example', `/opdrachten?status=Alle&opdrachtId=${opdrachtId}`);
  const row = listTable(page, TITLE).getByRole('row', { name: new RegExp(opdrachtId) });
  await searchUntilVisible(page, row);
  // Opened again until the delivery is recorded: the panel reads the history when it opens.
  await expect(async () => {
    const panel = await openHistory(page, opdrachtId);
    try {
      await expect(panel.getByRole('region', { name: 'Berichten' })).toContainText(
        /Ontvangstbewijs ondertekend \(HTTP 2\d\d, poging 1\)/,
        { timeout: 1000 },
      );
    } finally {
      await panel.getByRole('button', { name: 'Sluiten' }).click();
      await expect(panel).toBeHidden();
    }
  }).toPass({ timeout: 20_000 });

  const panel = await openHistory(page, opdrachtId);
  await expect(panel.getByRole('button', { name: 'Bewijsdossier downloaden' })).toBeVisible();
  await expectNoAxeViolations(page, 'the history of a delivered order with its evidence file');
  await page.screenshot({ path: testInfo.outputPath('historie-bewijsdossier.png') });

  const downloaded = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Bewijsdossier downloaden' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`bewijsdossier-${opdrachtId}.json`);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  // The published keys, saved once, as a party keeps them.
  const keys = testInfo.outputPath('sleutels.json');
  const published = await request.get('/api/v1/sleutels');
  expect(published.status()).toBe(200);
  await writeFile(keys, await published.body());

  const checked = await verify(file, keys);
  expect(checked.out).toContain('✓ Handtekening van het dossier klopt');
  expect(checked.out).toMatch(/✓ Bericht Opdracht [0-9a-f-]{36}: ontvangstbewijs klopt: afgeleverd/);
  expect(checked.out.trim().split('\n').at(-1)).toBe('✓ Alles klopt.');
  expect(checked.code).toBe(0);

  // One byte of the delivered order changed: the file no longer verifies.
  const tampered = testInfo.outputPath('gewijzigd.json');
  await writeFile(tampered, (await readFile(file, 'utf8')).replace(`${opdrachtId}\\"`, `${opdrachtId}X\\"`));
  const refused = await verify(tampered, keys);
  expect(refused.code).toBe(1);
  expect(refused.out).toContain('✗ Handtekening van het dossier klopt niet');

  const pdf = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Als PDF' }).click();
  expect((await pdf).suggestedFilename()).toBe(`bewijsdossier-${opdrachtId}.pdf`);
});
