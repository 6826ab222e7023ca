import {
  ERROR_TITLES,
  REGELS_TEXTS,
  SUCCESS_MESSAGES,
  TITLES,
  WERKZAAMHEDEN,
  WERKZAAMHEID_LABELS,
} from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { EDITOR, stubScenarioApi, type ScenarioApi } from '../testing/scenario-api-stub';
import { ScenariosScreen } from './scenarios-screen';

afterEach(() => vi.unstubAllGlobals());

type Kind = keyof typeof WERKZAAMHEID_LABELS;

const SUPER = { roles: ['Beheer ziet alles'], deelnemer: 'Knooppunt_Beheer' };

async function openDialog(button: string, title: string, overrides: ScenarioApi = {}, who: Partial<typeof SUPER> = {}) {
  const api = stubScenarioApi(overrides);
  const view = renderWithProviders(<ScenariosScreen />, { roles: EDITOR, url: '/scenarios', ...who });
  await within(screen.getByRole('table', { name: TITLES.scenarios })).findAllByRole('row', { name: /concept/ });
  await view.user.click(screen.getByRole('button', { name: button }));
  const dialog = screen.getByRole('dialog', { name: title });
  const field = (label: string) => within(dialog).getByRole('combobox', { name: label });
  const choose = async (label: string, option: string) => {
    await view.user.click(field(label));
    await view.user.click(screen.getByRole('option', { name: option }));
  };
  return { ...view, api, dialog, field, choose };
}

const WERK: Record<Kind, string> = {
  aansluiting: 'Nieuw',
  binnenwerk: 'Nee',
  meter: 'Geen',
  typeAansluiting: 'Qn 6',
  fysiekeStatus: 'Uit bedrijf',
  wijzigenCapaciteit: 'Ja',
};

describe('Toevoegen scenario', () => {
  it('flags every field as required and sends nothing', async () => {
    const { user, api, dialog, field, choose } = await openDialog(
      LABELS.scenarios.newScenario,
      LABELS.scenarios.createTitle,
    );
    const add = within(dialog).getByRole('button', { name: LABELS.scenarios.add });
    await user.click(add);

    expect(await within(dialog).findByText(REGELS_TEXTS.omschrijving)).toBeInTheDocument();
    // An empty choice asks for one, rather than listing what it may be (issue 33 item 5).
    expect(within(dialog).getByText('Kies een berichtversie')).toBeInTheDocument();
    expect(within(dialog).getByText('Kies een discipline')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/moet een van/);
    // The work waits for the bericht versie: disabled, it is not flagged.
    for (const kind of WERKZAAMHEDEN) {
      expect(field(WERKZAAMHEID_LABELS[kind])).toHaveAttribute('aria-disabled', 'true');
      expect(field(WERKZAAMHEID_LABELS[kind])).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(dialog).not.toHaveTextContent(/Kies een waarde voor/);

    await choose(LABELS.scenarios.berichtVersieField, '2.0');
    await user.click(add);
    // Named by the labels the form shows, not the fields' names (issue 21 item 10).
    await within(dialog).findAllByText(/^Kies een waarde voor/);
    expect(field(WERKZAAMHEID_LABELS.aansluiting)).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(dialog)
        .getAllByText(/^Kies een waarde voor/)
        .map((message) => message.textContent),
    ).toEqual(WERKZAAMHEDEN.map((kind) => `Kies een waarde voor ${WERKZAAMHEID_LABELS[kind]}`));
    expect(within(dialog).getByText('Kies een waarde voor Type aansluiting')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/typeAansluiting|fysiekeStatus|wijzigenCapaciteit/);
    // A grid operator's editor acts for its own organisation: no netbeheerder to choose.
    expect(within(dialog).queryByRole('combobox', { name: LABELS.namens.label })).not.toBeInTheDocument();
    expect(api.calls('POST', '/rest/rules')).toHaveLength(0);
  });

  it('a super-role user must choose the netbeheerder it acts for, and it is sent (decision 0029)', async () => {
    const { user, api, dialog, field, choose } = await openDialog(
      LABELS.scenarios.newScenario,
      LABELS.scenarios.createTitle,
      {},
      SUPER,
    );
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving }), 'Namens Zuid');
    await choose(LABELS.scenarios.berichtVersieField, '1.36');
    await choose(LABELS.scenarios.discipline, 'Gas');
    for (const [kind, value] of Object.entries(WERK)) await choose(WERKZAAMHEID_LABELS[kind as Kind], value);
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.add }));

    expect(await within(dialog).findByText(REGELS_TEXTS.namensVerplicht)).toBeInTheDocument();
    expect(field(LABELS.namens.label)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/rest/rules')).toHaveLength(0);

    await user.click(field(LABELS.namens.label));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Netbeheer_Noord',
      'Netbeheer_Zuid',
    ]);
    await user.click(screen.getByRole('option', { name: 'Netbeheer_Zuid' }));
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.add }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.scenarioCreated);
    expect(await api.bodies('POST', '/rest/rules')).toEqual([
      {
        omschrijving: 'Namens Zuid',
        berichtVersie: '1.36',
        discipline: 'Gas',
        werkzaamheden: WERK,
        netbeheerder: 'Netbeheer_Zuid',
      },
    ]);
  });

  it('chooses the work after the bericht versie, and again when the bericht versie changes', async () => {
    const { dialog, field, choose } = await openDialog(LABELS.scenarios.newScenario, LABELS.scenarios.createTitle);
    expect(field(WERKZAAMHEID_LABELS.meter)).toHaveAttribute('aria-disabled', 'true');

    await choose(LABELS.scenarios.berichtVersieField, '2.0');
    await choose(WERKZAAMHEID_LABELS.meter, 'Wisselen');
    await choose(WERKZAAMHEID_LABELS.binnenwerk, 'Ja');
    expect(field(WERKZAAMHEID_LABELS.meter)).toHaveTextContent('Wisselen');

    await choose(LABELS.scenarios.berichtVersieField, '1.36');
    expect(field(WERKZAAMHEID_LABELS.meter)).not.toHaveTextContent('Wisselen');
    expect(field(WERKZAAMHEID_LABELS.binnenwerk)).not.toHaveTextContent('Ja');
    expect(dialog).not.toHaveTextContent(/Kies een waarde voor/);
  });

  it('creates the concept and says so', async () => {
    const { user, api, dialog, choose } = await openDialog(LABELS.scenarios.newScenario, LABELS.scenarios.createTitle);
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving }), 'Gas nieuw');
    await choose(LABELS.scenarios.berichtVersieField, '1.36');
    await choose(LABELS.scenarios.discipline, 'Gas');
    for (const [kind, value] of Object.entries(WERK)) await choose(WERKZAAMHEID_LABELS[kind as Kind], value);
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.add }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.scenarioCreated);
    expect(await api.bodies('POST', '/rest/rules')).toEqual([
      { omschrijving: 'Gas nieuw', berichtVersie: '1.36', discipline: 'Gas', werkzaamheden: WERK },
    ]);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(api.searches()).toHaveLength(2));
  });

  it("reports the server's refusal and keeps the dialog open", async () => {
    const refusal = () => Response.json({ message: REGELS_TEXTS.dubbelScenario }, { status: 409 });
    const { user, dialog, choose } = await openDialog(LABELS.scenarios.newScenario, LABELS.scenarios.createTitle, {
      create: refusal,
    });
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving }), 'Dubbel');
    await choose(LABELS.scenarios.berichtVersieField, '2.0');
    await choose(LABELS.scenarios.discipline, 'Elektra');
    for (const [kind, value] of Object.entries(WERK)) await choose(WERKZAAMHEID_LABELS[kind as Kind], value);
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.add }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.createScenario);
    expect(alert).toHaveTextContent(REGELS_TEXTS.dubbelScenario);
    expect(dialog).toBeInTheDocument();
  });
});

describe('Versie publiceren', () => {
  // Between the stub's two 1.36 dates (2024-12-02, 2025-03-03), before every 2.0 date.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-15T12:00:00+01:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows a passed date of the calendar as passed, and it cannot be chosen', async () => {
    const { user, field, choose } = await openDialog(LABELS.scenarios.publishVersion, LABELS.scenarios.publishTitle);
    await choose(LABELS.scenarios.berichtVersieField, '1.36');
    await user.click(field(LABELS.scenarios.ingangsdatum));

    expect(screen.getByRole('option', { name: '02-12-2024 (verstreken)' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: '03-03-2025' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers the dates of the chosen bericht versie only, and forgets the date when it changes', async () => {
    const { user, dialog, field, choose } = await openDialog(
      LABELS.scenarios.publishVersion,
      LABELS.scenarios.publishTitle,
    );
    expect(within(dialog).getByRole('textbox', { name: LABELS.scenarios.publicatiedatum })).toHaveValue(
      formatDate(new Date().toISOString()),
    );
    expect(within(dialog).getByRole('textbox', { name: LABELS.scenarios.publicatiedatum })).toHaveAttribute('readonly');
    expect(field(LABELS.scenarios.ingangsdatum)).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByText(LABELS.scenarios.publishNote)).toHaveStyle({ fontStyle: 'italic' });

    await choose(LABELS.scenarios.berichtVersieField, '1.36');
    await user.click(field(LABELS.scenarios.ingangsdatum));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '02-12-2024 (verstreken)',
      '03-03-2025',
    ]);
    await user.click(screen.getByRole('option', { name: '03-03-2025' }));
    expect(field(LABELS.scenarios.ingangsdatum)).toHaveTextContent('03-03-2025');

    await choose(LABELS.scenarios.berichtVersieField, '2.0');
    expect(field(LABELS.scenarios.ingangsdatum)).not.toHaveTextContent('03-03-2025');
    await user.click(field(LABELS.scenarios.ingangsdatum));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '23-05-2025',
      '01-09-2025',
      '01-12-2025',
    ]);
  });

  it('flags the missing fields and sends nothing', async () => {
    const { user, api, dialog } = await openDialog(LABELS.scenarios.publishVersion, LABELS.scenarios.publishTitle);
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.publish }));

    expect(await within(dialog).findByText(REGELS_TEXTS.omschrijving)).toBeInTheDocument();
    expect(within(dialog).getByText('Kies een berichtversie')).toBeInTheDocument();
    // The date waits for the berichtversie: disabled, it says what comes first and is not marked wrong.
    const ingangsdatum = within(dialog).getByRole('combobox', { name: LABELS.scenarios.ingangsdatum });
    expect(ingangsdatum).toHaveAttribute('aria-disabled', 'true');
    expect(ingangsdatum).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(LABELS.scenarios.ingangsdatumHelper)).toBeInTheDocument();
    expect(within(dialog).queryByText(REGELS_TEXTS.ingangsdatum)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: LABELS.namens.label })).not.toBeInTheDocument();
    expect(api.calls('POST', '/rest/version')).toHaveLength(0);
  });

  it('a super-role user publishes for the netbeheerder it chooses, which is required', async () => {
    const { user, api, dialog, field, choose } = await openDialog(
      LABELS.scenarios.publishVersion,
      LABELS.scenarios.publishTitle,
      {},
      SUPER,
    );
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving }), 'Voor Noord');
    await choose(LABELS.scenarios.berichtVersieField, '1.36');
    await choose(LABELS.scenarios.ingangsdatum, '03-03-2025');
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.publish }));
    expect(await within(dialog).findByText(REGELS_TEXTS.namensVerplicht)).toBeInTheDocument();
    expect(api.calls('POST', '/rest/version')).toHaveLength(0);

    await choose(LABELS.namens.label, 'Netbeheer_Noord');
    expect(field(LABELS.namens.label)).toHaveTextContent('Netbeheer_Noord');
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.publish }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.versionPublished);
    expect(await api.bodies('POST', '/rest/version')).toEqual([
      {
        omschrijving: 'Voor Noord',
        berichtVersie: '1.36',
        ingangsdatum: '2025-03-03',
        netbeheerder: 'Netbeheer_Noord',
      },
    ]);
  });

  it('publishes with the chosen date and says so', async () => {
    const { user, api, dialog, choose } = await openDialog(
      LABELS.scenarios.publishVersion,
      LABELS.scenarios.publishTitle,
    );
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving }), 'Voorjaar');
    await choose(LABELS.scenarios.berichtVersieField, '1.36');
    await choose(LABELS.scenarios.ingangsdatum, '03-03-2025');
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.publish }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.versionPublished);
    expect(await api.bodies('POST', '/rest/version')).toEqual([
      { omschrijving: 'Voorjaar', berichtVersie: '1.36', ingangsdatum: '2025-03-03' },
    ]);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('says why nothing was published', async () => {
    const { user, dialog, choose } = await openDialog(LABELS.scenarios.publishVersion, LABELS.scenarios.publishTitle, {
      publish: () => Response.json({ message: REGELS_TEXTS.geenConcepten }, { status: 409 }),
    });
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving }), 'Leeg');
    await choose(LABELS.scenarios.berichtVersieField, '1.36');
    await choose(LABELS.scenarios.ingangsdatum, '03-03-2025');
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.publish }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.publishVersion);
    expect(alert).toHaveTextContent(REGELS_TEXTS.geenConcepten);
    expect(dialog).toBeInTheDocument();
  });
});
