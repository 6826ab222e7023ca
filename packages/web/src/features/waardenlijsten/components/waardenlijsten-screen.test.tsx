import { ERROR_TITLES, REGELS_TEXTS, SUCCESS_MESSAGES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { EDITOR, OTHER, OWN, ROWS, VIEWER, listQueries, stubWaardenlijstApi } from '../testing/waardenlijst-api-stub';
import { WaardenlijstScreen } from './waardenlijst-screen';
import { WaardenlijstenScreen } from './waardenlijsten-screen';
import { rowAction } from '@/testing/row-action';

const TEXTS = LABELS.waardenlijsten;
const SUPER = ['Beheer ziet alles'];

afterEach(() => vi.unstubAllGlobals());

function renderScreen(roles: string[], options: { url?: string; deelnemer?: string } = {}) {
  return renderWithProviders(<WaardenlijstenScreen />, { roles, url: '/waardenlijsten', deelnemer: OWN, ...options });
}

const rowOf = async (netbeheerder: string) =>
  within(screen.getByRole('table', { name: TITLES.waardenlijsten })).findByRole('row', {
    name: new RegExp(netbeheerder),
  });

async function choose(user: ReturnType<typeof renderScreen>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Overzicht van alle waardenlijsten', () => {
  it('lists every netbeheerder’s lists, 25 a page, netbeheerder ascending', async () => {
    const api = stubWaardenlijstApi();
    renderScreen(VIEWER);

    expect(screen.getByRole('heading', { name: TITLES.waardenlijsten })).toBeInTheDocument();
    const own = await rowOf(OWN);
    expect(
      within(own)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([OWN, 'Gas', '2.0']);
    expect(await rowOf(OTHER)).toHaveTextContent('Elektra');
    expect(screen.getByText('1-2 van 2')).toBeInTheDocument();
    expect(listQueries(api)).toEqual([{ skip: '0', limit: '25', sortBy: 'netbeheerder', sortDirection: 'asc' }]);
  });

  it('filters on a chosen netbeheerder and discipline at once, keeps them in the URL and resets them', async () => {
    const api = stubWaardenlijstApi();
    const { user, router } = renderScreen(VIEWER);
    await rowOf(OWN);

    await choose(user, TEXTS.netbeheerder, OTHER);
    await choose(user, TEXTS.discipline, 'Elektra');

    expect(router.state.location.search).toBe(`?netbeheerder=${OTHER}&discipline=Elektra`);
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toEqual({
        netbeheerder: OTHER,
        discipline: 'Elektra',
        skip: '0',
        limit: '25',
        sortBy: 'netbeheerder',
        sortDirection: 'asc',
      }),
    );

    await user.click(screen.getByRole('button', { name: LABELS.common.reset }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('combobox', { name: TEXTS.discipline })).toHaveTextContent(LABELS.common.all);
  });

  it('starts from page, sort and filters in the URL and sorts on a column', async () => {
    const api = stubWaardenlijstApi();
    const { user, router } = renderScreen(VIEWER, { url: '/waardenlijsten?discipline=Gas&page=2' });
    await rowOf(OWN);
    expect(listQueries(api)[0]).toMatchObject({ discipline: 'Gas', skip: '25' });

    await user.click(screen.getByRole('button', { name: TEXTS.berichtVersie }));

    expect(router.state.location.search).toBe('?discipline=Gas&sort=berichtVersie&order=asc');
    await waitFor(() =>
      expect(listQueries(api).at(-1)).toMatchObject({ skip: '0', sortBy: 'berichtVersie', sortDirection: 'asc' }),
    );
  });

  it('opens a list on a row click, and its back button returns to the list as it was', async () => {
    stubWaardenlijstApi();
    const { user, router } = renderRoutes(
      [
        { path: '/waardenlijsten', element: <WaardenlijstenScreen /> },
        { path: '/waardenlijst/:id', element: <WaardenlijstScreen /> },
      ],
      { roles: VIEWER, deelnemer: OWN, url: '/waardenlijsten?discipline=Gas&sort=discipline' },
    );

    await user.click(await rowOf(OWN));

    expect(router.state.location.pathname).toBe('/waardenlijst/wl-1');
    await user.click(await screen.findByRole('link', { name: LABELS.menu.waardenlijsten }));
    expect(router.state.location.pathname).toBe('/waardenlijsten');
    expect(router.state.location.search).toBe('?discipline=Gas&sort=discipline');
  });

  it('offers neither creating nor deleting to a user who may only look', async () => {
    stubWaardenlijstApi();
    renderScreen(VIEWER);
    await rowOf(OWN);

    expect(screen.queryByRole('button', { name: TEXTS.newWaardenlijst })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: rowAction(TEXTS.options) })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: TEXTS.options })).not.toBeInTheDocument();
  });

  it('lets an editor delete only the lists of their own netbeheerder', async () => {
    stubWaardenlijstApi();
    renderScreen(EDITOR);

    expect(within(await rowOf(OWN)).getByRole('button', { name: rowAction(TEXTS.options) })).toBeInTheDocument();
    expect(
      within(await rowOf(OTHER)).queryByRole('button', { name: rowAction(TEXTS.options) }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXTS.newWaardenlijst })).toBeInTheDocument();
  });

  it('lets a super-role user create and delete lists of every netbeheerder, acting for it (decision 0029)', async () => {
    stubWaardenlijstApi();
    renderScreen(SUPER, { deelnemer: 'Knooppunt_Beheer' });

    expect(within(await rowOf(OWN)).getByRole('button', { name: rowAction(TEXTS.options) })).toBeInTheDocument();
    expect(within(await rowOf(OTHER)).getByRole('button', { name: rowAction(TEXTS.options) })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: TEXTS.newWaardenlijst })).toBeInTheDocument();
  });

  it('offers an editor of no netbeheerder neither creating nor deleting: the server refuses it', async () => {
    stubWaardenlijstApi();
    renderScreen(['Business Rules Editor'], { deelnemer: 'Aannemer_Alfa' });
    await rowOf(OWN);

    expect(screen.queryByRole('button', { name: TEXTS.newWaardenlijst })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: rowAction(TEXTS.options) })).not.toBeInTheDocument();
    // Nor an 'Opties' column left empty on every row.
    expect(screen.queryByRole('columnheader', { name: TEXTS.options })).not.toBeInTheDocument();
  });

  it('deletes after confirmation, says so and fetches the list again', async () => {
    const api = stubWaardenlijstApi();
    const { user, router } = renderScreen(EDITOR);

    await user.click(within(await rowOf(OWN)).getByRole('button', { name: rowAction(TEXTS.options) }));
    await user.click(screen.getByRole('menuitem', { name: TEXTS.delete }));
    const dialog = screen.getByRole('dialog', { name: TEXTS.deleteTitle });
    expect(dialog).toHaveTextContent(ROWS.ownGas.omschrijving);
    await user.click(within(dialog).getByRole('button', { name: LABELS.common.yes }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.waardenlijstDeleted);
    expect(api.calls('DELETE', '/rest/waardenlijst/wl-1')).toHaveLength(1);
    await waitFor(() => expect(listQueries(api)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The menu's click did not open the list.
    expect(router.state.location.pathname).toBe('/waardenlijsten');
  });

  it('deletes nothing when the user says Nee', async () => {
    const api = stubWaardenlijstApi();
    const { user } = renderScreen(EDITOR);

    await user.click(within(await rowOf(OWN)).getByRole('button', { name: rowAction(TEXTS.options) }));
    await user.click(screen.getByRole('menuitem', { name: TEXTS.delete }));
    await user.click(screen.getByRole('button', { name: LABELS.common.no }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE', '/rest/waardenlijst/wl-1')).toHaveLength(0);
  });

  it('shows a failed delete as its error alert', async () => {
    stubWaardenlijstApi({
      overrides: { 'DELETE /rest/waardenlijst/wl-1': () => Response.json({ message: 'kapot' }, { status: 500 }) },
    });
    const { user } = renderScreen(EDITOR);

    await user.click(within(await rowOf(OWN)).getByRole('button', { name: rowAction(TEXTS.options) }));
    await user.click(screen.getByRole('menuitem', { name: TEXTS.delete }));
    await user.click(screen.getByRole('button', { name: LABELS.common.yes }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.deleteWaardenlijst);
    expect(alert).toHaveTextContent('kapot');
  });

  it('shows a failing list as its error alert', async () => {
    stubWaardenlijstApi({
      overrides: { 'GET /rest/waardenlijst': () => Response.json({ message: 'Database weg' }, { status: 503 }) },
    });
    renderScreen(VIEWER);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchWaardenlijsten);
    expect(alert).toHaveTextContent('Database weg');
  });
});

describe('Toevoegen waardenlijst', () => {
  async function openDialog(
    overrides: Parameters<typeof stubWaardenlijstApi>[0] = {},
    who: { roles: string[]; deelnemer: string } = { roles: EDITOR, deelnemer: OWN },
  ) {
    const api = stubWaardenlijstApi(overrides);
    const view = renderScreen(who.roles, { deelnemer: who.deelnemer });
    await rowOf(OWN);
    await view.user.click(await screen.findByRole('button', { name: TEXTS.newWaardenlijst }));
    const dialog = screen.getByRole('dialog', { name: TEXTS.createTitle });
    return { ...view, api, dialog, add: within(dialog).getByRole('button', { name: TEXTS.add }) };
  }

  it('needs both bericht versie and discipline; the discipline alone flags both fields', async () => {
    const { user, dialog, add } = await openDialog();
    const berichtVersie = within(dialog).getByRole('combobox', { name: TEXTS.berichtVersieField });
    const discipline = within(dialog).getByRole('combobox', { name: TEXTS.discipline });

    await choose(user, TEXTS.berichtVersieField, '1.36');
    expect(berichtVersie).not.toHaveAttribute('aria-invalid', 'true');

    // Opened and left without a choice: the discipline is missing, and both fields say so.
    await user.click(discipline);
    await user.keyboard('{Escape}');
    await user.tab();
    await waitFor(() => expect(discipline).toHaveAttribute('aria-invalid', 'true'));
    expect(berichtVersie).toHaveAttribute('aria-invalid', 'true');

    await choose(user, TEXTS.discipline, 'Water');
    await waitFor(() => expect(discipline).not.toHaveAttribute('aria-invalid', 'true'));
    expect(berichtVersie).not.toHaveAttribute('aria-invalid', 'true');
    expect(add).toBeEnabled();
  });

  it('flags the discipline, on both fields and with its message, when Toevoegen is pressed without one (issue 21 item 10)', async () => {
    const { user, api, dialog, add } = await openDialog();
    const berichtVersie = within(dialog).getByRole('combobox', { name: TEXTS.berichtVersieField });
    const discipline = within(dialog).getByRole('combobox', { name: TEXTS.discipline });
    await choose(user, TEXTS.berichtVersieField, '2.0');
    expect(add).toBeEnabled();

    await user.click(add);

    await waitFor(() => expect(discipline).toHaveAttribute('aria-invalid', 'true'));
    expect(berichtVersie).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(REGELS_TEXTS.disciplineKiezen)).toBeInTheDocument();
    expect(api.calls('POST', '/rest/waardenlijst')).toHaveLength(0);
  });

  it('flags neither field while only the bericht versie is missing, and says why nothing is sent', async () => {
    const { user, api, dialog, add } = await openDialog();
    const berichtVersie = within(dialog).getByRole('combobox', { name: TEXTS.berichtVersieField });

    await user.click(berichtVersie);
    await user.keyboard('{Escape}');
    await user.tab();
    await choose(user, TEXTS.discipline, 'Water');
    expect(within(dialog).queryByText(REGELS_TEXTS.berichtVersieKiezen)).not.toBeInTheDocument();
    await user.click(add);

    expect(await within(dialog).findByText(REGELS_TEXTS.berichtVersieKiezen)).toBeInTheDocument();
    expect(berichtVersie).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('combobox', { name: TEXTS.discipline })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls('POST', '/rest/waardenlijst')).toHaveLength(0);
  });

  it('a super-role user must choose the netbeheerder it acts for, and it is sent (decision 0029)', async () => {
    const { user, api, dialog, add } = await openDialog({}, { roles: SUPER, deelnemer: 'Knooppunt_Beheer' });
    await choose(user, TEXTS.berichtVersieField, '1.36');
    await choose(user, TEXTS.discipline, 'Water');
    await user.click(add);
    expect(await within(dialog).findByText(REGELS_TEXTS.namensVerplicht)).toBeInTheDocument();
    expect(api.calls('POST', '/rest/waardenlijst')).toHaveLength(0);

    await choose(user, LABELS.namens.label, OTHER);
    await user.click(add);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.waardenlijstCreated);
    expect(await api.bodies('POST', '/rest/waardenlijst')).toEqual([
      { berichtVersie: '1.36', discipline: 'Water', netbeheerder: OTHER },
    ]);
  });

  it('a netbeheerder’s editor chooses no netbeheerder: the list is its own', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).queryByRole('combobox', { name: LABELS.namens.label })).not.toBeInTheDocument();
  });

  it('creates the list, says so, closes and fetches the overview again', async () => {
    const { user, api, add } = await openDialog();
    await choose(user, TEXTS.berichtVersieField, '1.36');
    await choose(user, TEXTS.discipline, 'Water');
    await waitFor(() => expect(add).toBeEnabled());

    await user.click(add);

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.waardenlijstCreated);
    expect(await api.bodies('POST', '/rest/waardenlijst')).toEqual([{ berichtVersie: '1.36', discipline: 'Water' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listQueries(api)).toHaveLength(2));
  });

  it('keeps the dialog open and shows why when the server refuses', async () => {
    const { user, dialog, add } = await openDialog({
      overrides: {
        'POST /rest/waardenlijst': () =>
          Response.json(
            { message: 'Er is al een waardenlijst voor berichtversie 2.0 en discipline Gas.' },
            { status: 409 },
          ),
      },
    });
    await choose(user, TEXTS.berichtVersieField, '2.0');
    await choose(user, TEXTS.discipline, 'Gas');
    await waitFor(() => expect(add).toBeEnabled());

    await user.click(add);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.createWaardenlijst);
    expect(alert).toHaveTextContent('Er is al een waardenlijst voor berichtversie 2.0 en discipline Gas.');
    expect(dialog).toBeInTheDocument();
  });
});
