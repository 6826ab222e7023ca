import { ERROR_TITLES, REGELS_TEXTS, SUCCESS_MESSAGES, TITLES, WERKZAAMHEID_LABELS } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { EDITOR, ROWS, stubScenarioApi, VIEWER } from '../testing/scenario-api-stub';
import { ScenariosScreen } from './scenarios-screen';

afterEach(() => vi.unstubAllGlobals());

function renderScreen(roles: string[], deelnemer = 'Netbeheer_Noord', url = '/scenarios') {
  return renderWithProviders(<ScenariosScreen />, { roles, deelnemer, url });
}

const table = () => screen.getByRole('table', { name: TITLES.scenarios });
// The list waits for the reference data: two calls in a row.
const rowOf = async (omschrijving: string) => within(table()).findByRole('row', { name: new RegExp(omschrijving) });
const optionsOf = (omschrijving: string) => `${LABELS.scenarios.options} ${omschrijving}`;

/** Every werkzaamheid of the copy dialog, as the tests choose them. */
const WERKZAAMHEDEN = {
  aansluiting: 'Wijzigen',
  binnenwerk: 'Nee',
  meter: 'Wisselen',
  typeAansluiting: 'G6',
  fysiekeStatus: 'Geen',
  wijzigenCapaciteit: 'Ja',
};

async function chooseWerkzaamheden(user: UserEvent, dialog: HTMLElement) {
  for (const [kind, value] of Object.entries(WERKZAAMHEDEN)) {
    await user.click(
      within(dialog).getByRole('combobox', { name: WERKZAAMHEID_LABELS[kind as keyof typeof WERKZAAMHEID_LABELS] }),
    );
    await user.click(screen.getByRole('option', { name: value }));
  }
}

describe("Overzicht van uw concept scenario's", () => {
  it("lists the grid operator's own concepts, 25 a page, sorted by omschrijving", async () => {
    const api = stubScenarioApi();
    renderScreen(VIEWER);

    expect(screen.getByRole('heading', { name: TITLES.scenarios })).toBeInTheDocument();
    const row = await rowOf(ROWS.own.omschrijving);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Nieuwe elektra-aansluiting',
      'concept',
      '2.0',
      'Elektra',
      'Nieuw',
      'Ja',
      'Plaatsen',
      '3x25A',
      'In bedrijf',
      'Nee',
    ]);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Omschrijving', 'Versie', 'Berichtversie', 'Discipline', ...Object.values(WERKZAAMHEID_LABELS)]);
    expect(api.searches()).toEqual([
      {
        versie: 'draft',
        netbeheerder: 'Netbeheer_Noord',
        skip: '0',
        limit: '25',
        sortBy: 'omschrijving',
        sortDirection: 'asc',
      },
    ]);
  });

  it("shows a super-role user every grid operator's concepts, whose they are, and lets it act for any (decision 0029)", async () => {
    const api = stubScenarioApi();
    const { user } = renderScreen(['Beheer ziet alles'], 'Knooppunt_Beheer');

    const row = await rowOf(ROWS.other.omschrijving);
    expect(api.searches()[0]).not.toHaveProperty('netbeheerder');
    expect(within(table()).getAllByRole('columnheader')[1]).toHaveTextContent(LABELS.scenarios.netbeheerder);
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Netbeheer_Zuid');
    // Spec 001 §6 gives the super role the edit right; it acts for the netbeheerder it chooses.
    expect(screen.getByRole('button', { name: LABELS.scenarios.newScenario })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LABELS.scenarios.publishVersion })).toBeInTheDocument();
    for (const omschrijving of [ROWS.own.omschrijving, ROWS.other.omschrijving]) {
      expect(screen.getByRole('button', { name: optionsOf(omschrijving) })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: optionsOf(ROWS.other.omschrijving) }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Wijzigen',
      'Kopieren',
      'Verwijderen',
    ]);
  });

  it('offers an editor of no grid operator nothing to change: the server refuses it', async () => {
    stubScenarioApi();
    renderScreen(['Business Rules Editor'], 'Aannemer_Alfa');

    await rowOf(ROWS.other.omschrijving);
    expect(screen.queryByRole('button', { name: LABELS.scenarios.newScenario })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.scenarios.publishVersion })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: optionsOf(ROWS.own.omschrijving) })).not.toBeInTheDocument();
  });

  it('offers a viewer neither the new scenario, the publication nor a row menu, nor an empty Opties column', async () => {
    stubScenarioApi();
    renderScreen(VIEWER);

    await rowOf(ROWS.own.omschrijving);
    expect(screen.queryByRole('button', { name: LABELS.scenarios.newScenario })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.scenarios.publishVersion })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: optionsOf(ROWS.own.omschrijving) })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: LABELS.scenarios.options })).not.toBeInTheDocument();
  });

  it("gives an editor the row menu on the own grid operator's concepts only", async () => {
    stubScenarioApi();
    const { user } = renderScreen(EDITOR);

    await rowOf(ROWS.other.omschrijving);
    expect(screen.getByRole('button', { name: LABELS.scenarios.newScenario })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LABELS.scenarios.publishVersion })).toBeInTheDocument();
    expect(within(table()).getByRole('columnheader', { name: LABELS.scenarios.options })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: optionsOf(ROWS.other.omschrijving) })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: optionsOf(ROWS.own.omschrijving) }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Wijzigen',
      'Kopieren',
      'Verwijderen',
    ]);
  });

  it('applies edited filters on Zoeken or Enter only, and refreshes on Zoeken without edits', async () => {
    const api = stubScenarioApi();
    const { user, router } = renderScreen(VIEWER);
    await rowOf(ROWS.own.omschrijving);

    await user.click(screen.getByRole('combobox', { name: LABELS.scenarios.discipline }));
    await user.click(screen.getByRole('option', { name: 'Gas' }));
    expect(router.state.location.search).toBe('');
    expect(api.searches()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: LABELS.common.search }));
    await waitFor(() => expect(api.searches()).toHaveLength(2));
    expect(api.searches()[1]).toMatchObject({ discipline: 'Gas', skip: '0' });

    await user.click(screen.getByRole('button', { name: LABELS.common.search }));
    await waitFor(() => expect(api.searches()).toHaveLength(3));
    expect(api.searches()[2]).toEqual(api.searches()[1]);

    await user.type(screen.getByRole('textbox', { name: LABELS.scenarios.omschrijving }), 'aansluiting{Enter}');
    await waitFor(() => expect(api.searches()).toHaveLength(4));
    expect(api.searches()[3]).toMatchObject({ discipline: 'Gas', omschrijving: 'aansluiting' });
    expect(router.state.location.search).toBe('?discipline=Gas&omschrijving=aansluiting');

    await user.click(screen.getByRole('button', { name: LABELS.common.reset }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: LABELS.scenarios.omschrijving })).toHaveValue('');
  });

  it('sorts on omschrijving, versie and berichtversie', async () => {
    const api = stubScenarioApi();
    const { user } = renderScreen(VIEWER);
    await rowOf(ROWS.own.omschrijving);

    const sortable = within(table())
      .getAllByRole('columnheader')
      .filter((header) => within(header).queryByRole('button'))
      .map((header) => header.textContent);
    expect(sortable).toEqual(['Omschrijving', 'Versie', 'Berichtversie']);

    await user.click(within(table()).getByRole('button', { name: 'Omschrijving' }));
    await waitFor(() => expect(api.searches().at(-1)).toMatchObject({ sortBy: 'omschrijving', sortDirection: 'desc' }));
    await user.click(within(table()).getByRole('button', { name: 'Berichtversie' }));
    await waitFor(() => expect(api.searches().at(-1)).toMatchObject({ sortBy: 'berichtVersie', sortDirection: 'asc' }));
  });

  it('opens the scenario on a row click', async () => {
    stubScenarioApi();
    const { user, router } = renderScreen(VIEWER);

    await user.click(await rowOf(ROWS.own.omschrijving));
    expect(router.state.location.pathname).toBe('/scenario/s1');
  });

  it('shows a failing list as an error alert', async () => {
    stubScenarioApi({ search: () => Response.json({ message: 'Database niet bereikbaar' }, { status: 503 }) });
    renderScreen(VIEWER);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchScenarios);
    expect(alert).toHaveTextContent('Database niet bereikbaar');
  });
});

describe('the row menu', () => {
  async function openFromMenu(item: string) {
    const api = stubScenarioApi();
    const view = renderScreen(EDITOR);
    await rowOf(ROWS.own.omschrijving);
    await view.user.click(screen.getByRole('button', { name: optionsOf(ROWS.own.omschrijving) }));
    await view.user.click(screen.getByRole('menuitem', { name: item }));
    return { ...view, api };
  }

  it('Wijzigen changes only the omschrijving; the rest is shown disabled', async () => {
    const { user, api } = await openFromMenu(LABELS.scenarios.edit);
    const dialog = screen.getByRole('dialog', { name: LABELS.scenarios.editTitle });
    const omschrijving = within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving });
    expect(omschrijving).toHaveValue(ROWS.own.omschrijving);
    const choices = within(dialog).getAllByRole('combobox');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      '2.0',
      'Elektra',
      'Nieuw',
      'Ja',
      'Plaatsen',
      '3x25A',
      'In bedrijf',
      'Nee',
    ]);
    choices.forEach((choice) => expect(choice).toHaveAttribute('aria-disabled', 'true'));

    await user.clear(omschrijving);
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.save }));
    expect(await within(dialog).findByText(REGELS_TEXTS.omschrijving)).toBeInTheDocument();
    await user.type(omschrijving, '  Elektra nieuw  ');
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.save }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.scenarioUpdated);
    expect(await Promise.all(api.callsOn('PATCH').map((request) => request.json()))).toEqual([
      { omschrijving: 'Elektra nieuw', basedOn: { changed: ROWS.own.changed } },
    ]);
    expect(api.callsOn('PATCH')[0]?.url).toMatch(/\/rest\/rules\/s1$/);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('Kopieren asks a new omschrijving and all six kinds of work; version and discipline stay', async () => {
    const { user, api } = await openFromMenu(LABELS.scenarios.copy);
    const dialog = screen.getByRole('dialog', { name: LABELS.scenarios.copyTitle });
    expect(within(dialog).getByRole('combobox', { name: LABELS.scenarios.berichtVersieField })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(dialog).getByRole('combobox', { name: LABELS.scenarios.discipline })).toHaveTextContent('Elektra');
    expect(within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving })).toHaveValue('');

    await user.type(within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving }), 'Kopie');
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.copy }));
    expect(await within(dialog).findAllByText(/^Kies een waarde voor/)).toHaveLength(6);
    expect(api.callsOn('POST')).toHaveLength(0);

    await chooseWerkzaamheden(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.copy }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.scenarioCopied);
    expect(await Promise.all(api.callsOn('POST').map((request) => request.json()))).toEqual([
      { omschrijving: 'Kopie', werkzaamheden: WERKZAAMHEDEN },
    ]);
  });

  it('Kopieren by a super-role user copies for the source’s netbeheerder unless it chooses another', async () => {
    const api = stubScenarioApi();
    const { user } = renderScreen(['Beheer ziet alles'], 'Knooppunt_Beheer');
    await rowOf(ROWS.other.omschrijving);
    await user.click(screen.getByRole('button', { name: optionsOf(ROWS.other.omschrijving) }));
    await user.click(screen.getByRole('menuitem', { name: LABELS.scenarios.copy }));
    const dialog = screen.getByRole('dialog', { name: LABELS.scenarios.copyTitle });
    const namens = within(dialog).getByRole('combobox', { name: LABELS.namens.label });
    expect(namens).toHaveTextContent('Netbeheer_Zuid');

    await user.click(namens);
    await user.click(screen.getByRole('option', { name: 'Netbeheer_Noord' }));
    await user.type(within(dialog).getByRole('textbox', { name: LABELS.scenarios.omschrijving }), 'Kopie voor Noord');
    await chooseWerkzaamheden(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: LABELS.scenarios.copy }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.scenarioCopied);
    expect(await Promise.all(api.callsOn('POST').map((request) => request.json()))).toEqual([
      { omschrijving: 'Kopie voor Noord', werkzaamheden: WERKZAAMHEDEN, netbeheerder: 'Netbeheer_Noord' },
    ]);
  });

  it('Verwijderen asks first, then deletes and says so', async () => {
    const { user, api } = await openFromMenu(LABELS.scenarios.delete);
    const dialog = screen.getByRole('dialog', { name: LABELS.scenarios.deleteTitle });
    expect(dialog).toHaveTextContent(
      'Het verwijderen van scenario Nieuwe elektra-aansluiting kan niet ongedaan worden gemaakt.',
    );
    await user.click(within(dialog).getByRole('button', { name: LABELS.common.yes }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.scenarioDeleted);
    expect(api.callsOn('DELETE').map((request) => new URL(request.url).pathname)).toEqual(['/rest/rules/s1']);
    await waitFor(() => expect(api.searches()).toHaveLength(2));
  });

  it('Nee leaves the scenario alone', async () => {
    const { user, api } = await openFromMenu(LABELS.scenarios.delete);
    await user.click(screen.getByRole('button', { name: LABELS.common.no }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOn('DELETE')).toHaveLength(0);
  });
});
