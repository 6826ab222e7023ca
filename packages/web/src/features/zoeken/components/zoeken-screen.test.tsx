import { ERROR_TITLES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { inUrl, stubZoekenApi, VERSIONS, ZOEKER, type ZoekenApi } from '../testing/zoeken-api-stub';
import { ZoekenScreen } from './zoeken-screen';

afterEach(() => vi.unstubAllGlobals());

function renderScreen(url = '/zoeken', overrides: ZoekenApi = {}) {
  const api = stubZoekenApi(overrides);
  return { ...renderWithProviders(<ZoekenScreen />, { roles: ZOEKER, deelnemer: 'Aannemer_Alfa', url }), api };
}

const results = () => screen.findByRole('table', { name: TITLES.zoeken });
const COMPARE_URL = `/zoeken?versie=${encodeURIComponent(inUrl(VERSIONS.najaar))}&vergelijk=${encodeURIComponent(inUrl(VERSIONS.voorjaar))}`;

describe("Overzicht van alle scenario's", () => {
  it('asks for nothing until a version is chosen', async () => {
    const { api } = renderScreen();

    expect(screen.getByRole('heading', { name: TITLES.zoeken })).toBeInTheDocument();
    expect(screen.getByText(LABELS.zoeken.nothingSelected)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.zoeken.compareVersion })).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/rest/lookup')).toHaveLength(1));
    expect(api.calls('GET', '/rest/rules')).toHaveLength(0);
    expect(api.calls('GET', '/rest/version')).toHaveLength(0);
  });

  it("chooses a version in 'Versie selecteren' and lists its scenarios", async () => {
    const { user, api, router } = renderScreen();
    await user.click(screen.getByRole('button', { name: LABELS.zoeken.selectVersion }));

    const dialog = screen.getByRole('dialog', { name: LABELS.zoeken.dialogTitle });
    const versions = within(dialog).getByRole('table', { name: LABELS.zoeken.dialogTitle });
    await within(versions).findByText(VERSIONS.najaar.omschrijving);
    expect(
      within(versions)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'Omschrijving', 'Netbeheerder', 'Versie', 'Berichtversie', 'Publicatiedatum', 'Ingangsdatum']);
    expect(within(versions).getByRole('row', { name: /najaar/ })).toHaveTextContent(
      'Bedrijfsregels 2025 najaarNetbeheer_Noord22.001-04-202501-09-2025',
    );
    expect(api.queries('/rest/version')).toEqual([
      { skip: '0', limit: '25', sortBy: 'omschrijving', sortDirection: 'asc' },
    ]);
    const select = within(dialog).getByRole('button', { name: LABELS.zoeken.select });
    expect(select).toBeDisabled();

    await user.click(within(versions).getByRole('row', { name: /najaar/ }));
    expect(within(dialog).getByRole('radio', { name: `Kies ${VERSIONS.najaar.omschrijving}` })).toBeChecked();
    await user.click(select);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Netbeheer_Noord 2.0 versie 2' })).toBeInTheDocument();
    await within(await results()).findByText('Gas wijzigen');
    expect(api.queries('/rest/rules')).toEqual([
      {
        versie: '2',
        netbeheerder: 'Netbeheer_Noord',
        berichtVersie: '2.0',
        skip: '0',
        limit: '25',
        sortBy: 'omschrijving',
        sortDirection: 'asc',
      },
    ]);
    expect(new URLSearchParams(router.state.location.search).get('versie')).toBe(inUrl(VERSIONS.najaar));
    expect(screen.getByRole('button', { name: LABELS.zoeken.compareVersion })).toBeInTheDocument();
  });

  it('filters and sorts the versions in the dialog', async () => {
    const { user, api } = renderScreen();
    await user.click(screen.getByRole('button', { name: LABELS.zoeken.selectVersion }));
    const dialog = screen.getByRole('dialog', { name: LABELS.zoeken.dialogTitle });
    await within(dialog).findByText(VERSIONS.najaar.omschrijving);

    await user.click(within(dialog).getByRole('combobox', { name: LABELS.zoeken.berichtVersie }));
    await user.click(screen.getByRole('option', { name: '1.36' }));
    await user.click(within(dialog).getByRole('combobox', { name: LABELS.zoeken.netbeheerder }));
    await user.click(screen.getByRole('option', { name: 'Netbeheer_Zuid' }));
    await user.click(within(dialog).getByRole('button', { name: LABELS.zoeken.publicatiedatum }));

    await waitFor(() =>
      expect(api.queries('/rest/version').at(-1)).toEqual({
        berichtVersie: '1.36',
        netbeheerder: 'Netbeheer_Zuid',
        skip: '0',
        limit: '25',
        sortBy: 'created',
        sortDirection: 'asc',
      }),
    );
  });

  it('compares two versions: markers, a renamed omschrijving and rows that open in compare mode', async () => {
    const { user, api, router } = renderScreen(COMPARE_URL);

    const table = await results();
    await within(table).findByText('Glasvezel huisaansluiting');
    expect(api.queries('/rest/version/v2/compare/v1')).toEqual([
      { skip: '0', limit: '25', sortBy: 'omschrijving', sortDirection: 'asc' },
    ]);
    expect(api.calls('GET', '/rest/rules')).toHaveLength(0);
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent(LABELS.zoeken.verschil);
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(within(row('Glasvezel')).getByRole('img', { name: 'Toegevoegd' })).toHaveClass('MuiSvgIcon-colorSuccess');
    expect(within(row('Gasaansluiting')).getByRole('img', { name: 'Gewijzigd' })).toHaveClass(
      'MuiSvgIcon-colorWarning',
    );
    expect(within(row('Wateraansluiting')).getByRole('img', { name: 'Verwijderd' })).toHaveClass(
      'MuiSvgIcon-colorError',
    );
    expect(within(row('slimme meter')).queryByRole('img')).not.toBeInTheDocument();

    const renamed = within(row('slimme meter')).getByText('Nieuwe elektra-aansluiting (met slimme meter)');
    expect(renamed.tagName).toBe('MARK');
    await user.hover(renamed);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Vergeleken omschrijving: Nieuwe elektra-aansluiting met meter',
    );
    expect(within(row('Gasaansluiting')).getByText('Gasaansluiting wijzigen').tagName).not.toBe('MARK');

    await user.click(row('Gasaansluiting'));
    expect(router.state.location.pathname).toBe('/scenario/c2/compare/p2');
  });

  it('compares the older version against the newer whichever was chosen first, and says which is which', async () => {
    const olderFirst = `/zoeken?versie=${encodeURIComponent(inUrl(VERSIONS.voorjaar))}&vergelijk=${encodeURIComponent(inUrl(VERSIONS.najaar))}`;
    const { api } = renderScreen(olderFirst);
    await within(await results()).findByText('Glasvezel huisaansluiting');
    // The newer version is the current one: GET /rest/version/{newer}/compare/{older}.
    expect(api.queries('/rest/version/v2/compare/v1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Oud: Netbeheer_Noord 2.0 versie 1' })).toHaveAccessibleDescription(
      LABELS.zoeken.selected,
    );
    expect(screen.getByRole('button', { name: 'Nieuw: Netbeheer_Noord 2.0 versie 2' })).toHaveAccessibleDescription(
      LABELS.zoeken.compared,
    );
  });

  it('opens an added or removed scenario on its own', async () => {
    const { user, router } = renderScreen(COMPARE_URL);
    const table = await results();
    await user.click(await within(table).findByRole('row', { name: /Wateraansluiting/ }));
    expect(router.state.location.pathname).toBe('/scenario/p3');
  });

  it('removing the selected version removes the comparison and the results', async () => {
    const { user, router } = renderScreen(COMPARE_URL);
    await results();
    expect(screen.getByRole('button', { name: 'Oud: Netbeheer_Noord 2.0 versie 1' })).toBeInTheDocument();

    const chip = screen.getByRole('button', { name: 'Nieuw: Netbeheer_Noord 2.0 versie 2' });
    await user.click(within(chip).getByTestId('CancelIcon'));
    expect(router.state.location.search).toBe('');
    expect(screen.getByText(LABELS.zoeken.nothingSelected)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Netbeheer_Noord 2.0 versie 1/ })).not.toBeInTheDocument();
  });

  it('applies the discipline on Zoeken', async () => {
    const { user, api } = renderScreen(`/zoeken?versie=${encodeURIComponent(inUrl(VERSIONS.najaar))}`);
    await within(await results()).findByText('Gas wijzigen');

    await user.click(screen.getByRole('combobox', { name: LABELS.zoeken.discipline }));
    await user.click(screen.getByRole('option', { name: 'Gas' }));
    expect(api.queries('/rest/rules')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: LABELS.common.search }));
    await waitFor(() => expect(api.queries('/rest/rules').at(-1)).toMatchObject({ discipline: 'Gas', versie: '2' }));
  });

  it("says a failing version list once, in the dialog's table with 'Opnieuw proberen'", async () => {
    const { user } = renderScreen('/zoeken', {
      versions: () => Response.json({ message: 'Database niet bereikbaar' }, { status: 503 }),
    });
    await user.click(screen.getByRole('button', { name: LABELS.zoeken.selectVersion }));

    const table = screen.getByRole('table', { name: LABELS.zoeken.dialogTitle });
    const alert = await within(table).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchVersions);
    expect(alert).toHaveTextContent('Database niet bereikbaar');
    expect(within(alert).getByRole('button', { name: LABELS.common.retry })).toBeInTheDocument();
    expect(screen.getAllByText('Database niet bereikbaar')).toHaveLength(1);
    expect(screen.queryByText(LABELS.common.noResults)).not.toBeInTheDocument();
  });
});
