import { ERROR_TITLES, SUCCESS_MESSAGES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderRoutes } from '@/testing/render';
import { EDITOR, OTHER, OWN, VIEWER, gasList, stubWaardenlijstApi } from '../testing/waardenlijst-api-stub';
import { WaardenlijstScreen } from './waardenlijst-screen';

const TEXTS = LABELS.waardenlijsten;
const PATH = '/rest/waardenlijst/wl-1';

afterEach(() => vi.unstubAllGlobals());

function renderScreen(roles: string[]) {
  return renderRoutes([{ path: '/waardenlijst/:id', element: <WaardenlijstScreen /> }], {
    roles,
    deelnemer: OWN,
    url: '/waardenlijst/wl-1',
  });
}

async function closeDialog(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: LABELS.common.close }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** A node of the tree: its label, its chip and its button. */
const nodeOf = (label: string) => screen.getByRole('group', { name: label });

describe('Waardenlijst', () => {
  it('shows the omschrijving and both trees fully expanded', async () => {
    stubWaardenlijstApi();
    const { user } = renderScreen(VIEWER);

    expect(await screen.findByRole('heading', { name: gasList(OWN).omschrijving })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: TEXTS.tabs.tg })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    for (const label of ['Meter', 'Fabrikant', 'Kabel of leiding', 'Type', 'Drukklasse']) {
      expect(within(panel).getByRole('group', { name: label })).toBeVisible();
    }

    await user.click(screen.getByRole('tab', { name: TEXTS.tabs.aga }));

    expect(within(screen.getByRole('tabpanel')).getByRole('group', { name: 'Materiaal' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Drukklasse' })).not.toBeInTheDocument();
  });

  it("marks only the nodes with a value that is not allowed with 'Beperkte waarden toegestaan'", async () => {
    const list = gasList(OTHER);
    const type = list.tgWaardenlijsten[1]!.waardenlijsten[0]!;
    type.waarden[0]!.toegestaan = false;
    stubWaardenlijstApi({ list });
    renderScreen(EDITOR);

    await screen.findByRole('heading', { name: list.omschrijving });
    expect(within(nodeOf('Type')).getByText(TEXTS.beperkt)).toBeInTheDocument();
    expect(screen.getAllByText(TEXTS.beperkt)).toHaveLength(1);
  });

  it("lets a user who may only look see the values, in 'Toegestane waarden', without changing them", async () => {
    const api = stubWaardenlijstApi();
    const { user } = renderScreen(VIEWER);
    await screen.findByRole('heading', { name: gasList(OWN).omschrijving });
    expect(screen.queryByRole('button', { name: TEXTS.edit })).not.toBeInTheDocument();

    await user.click(within(nodeOf('Type')).getByRole('button', { name: TEXTS.show }));

    const dialog = screen.getByRole('dialog', { name: TEXTS.showTitle });
    expect(dialog).toHaveTextContent('kabelOfLeiding > type');
    const checkbox = within(dialog).getByRole('checkbox', { name: 'PE 32' });
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeDisabled();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(6);

    await closeDialog(user);
    expect(api.calls('PATCH', PATH)).toHaveLength(0);
  });

  it("is read-only for an editor of another netbeheerder's list", async () => {
    stubWaardenlijstApi({ list: gasList(OTHER) });
    renderScreen(EDITOR);
    await screen.findByRole('heading', { name: gasList(OTHER).omschrijving });

    expect(within(nodeOf('Drukklasse')).getByRole('button', { name: TEXTS.show })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTS.edit })).not.toBeInTheDocument();
  });

  it("lets an editor of the list's netbeheerder disallow a value in 'Wijzigen waarden'", async () => {
    const api = stubWaardenlijstApi();
    const { user } = renderScreen(EDITOR);
    await screen.findByRole('heading', { name: gasList(OWN).omschrijving });
    expect(screen.queryByRole('button', { name: TEXTS.show })).not.toBeInTheDocument();

    await user.click(within(nodeOf('Drukklasse')).getByRole('button', { name: TEXTS.edit }));
    const dialog = screen.getByRole('dialog', { name: TEXTS.editTitle });
    expect(dialog).toHaveTextContent('drukklasse');
    await user.click(within(dialog).getByRole('checkbox', { name: '8 bar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUCCESS_MESSAGES.saved);
    expect(await api.bodies('PATCH', PATH)).toEqual([{ id: 'gas-tg-drukklasse', waarde: '8 bar', toegestaan: false }]);
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: '8 bar' })).not.toBeChecked());
    await closeDialog(user);
    expect(within(nodeOf('Drukklasse')).getByText(TEXTS.beperkt)).toBeInTheDocument();

    // Allowing it again sends the inverse once more and the chip goes.
    await user.click(within(nodeOf('Drukklasse')).getByRole('button', { name: TEXTS.edit }));
    await user.click(screen.getByRole('checkbox', { name: '8 bar' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '8 bar' })).toBeChecked());
    expect((await api.bodies('PATCH', PATH)).at(-1)).toEqual({
      id: 'gas-tg-drukklasse',
      waarde: '8 bar',
      toegestaan: true,
    });
    await closeDialog(user);
    expect(screen.queryByText(TEXTS.beperkt)).not.toBeInTheDocument();
  });

  it('shows a failed save as its error alert and keeps the value', async () => {
    stubWaardenlijstApi({
      overrides: { [`PATCH ${PATH}`]: () => Response.json({ message: 'Bezet' }, { status: 500 }) },
    });
    const { user } = renderScreen(EDITOR);
    await screen.findByRole('heading', { name: gasList(OWN).omschrijving });

    await user.click(within(nodeOf('Drukklasse')).getByRole('button', { name: TEXTS.edit }));
    await user.click(screen.getByRole('checkbox', { name: '8 bar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.saveWaarde);
    expect(alert).toHaveTextContent('Bezet');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '8 bar' })).toBeEnabled());
    expect(screen.getByRole('checkbox', { name: '8 bar' })).toBeChecked();
  });

  it('says when a node has no values of its own', async () => {
    stubWaardenlijstApi();
    const { user } = renderScreen(EDITOR);
    await screen.findByRole('heading', { name: gasList(OWN).omschrijving });

    await user.click(within(nodeOf('Meter')).getByRole('button', { name: TEXTS.edit }));

    const dialog = screen.getByRole('dialog', { name: TEXTS.editTitle });
    expect(dialog).toHaveTextContent('meter');
    expect(dialog).toHaveTextContent(TEXTS.noWaarden);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows a failing fetch as its error alert', async () => {
    stubWaardenlijstApi({ overrides: { [`GET ${PATH}`]: () => new Response(null, { status: 404 }) } });
    renderScreen(VIEWER);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchWaardenlijst);
    expect(alert).toHaveTextContent('Niets gevonden');
    expect(screen.getByRole('heading', { name: LABELS.screens.waardenlijst })).toBeInTheDocument();
  });
});
