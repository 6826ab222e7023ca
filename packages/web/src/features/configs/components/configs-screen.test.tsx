import {
  CONFIG_TEXTS,
  ERROR_TITLES,
  SEARCH_DEBOUNCE_MS,
  SUCCESS_MESSAGES,
  TITLES,
  FLOW_SCREEN_TITLES,
} from '@knooppunt/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { BEHEER, EIGEN_BEHEER, stubConfigApi } from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';
import { rowAction } from '@/testing/row-action';

const SEARCH = '/rest/management/config/search';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderScreen(roles: string[], flow: 'aansluiting' | 'hoofdnet' = 'aansluiting', url = '/configs') {
  return renderWithProviders(<ConfigsScreen flow={flow} />, { roles, url });
}

const rowOf = async (deelnemer: string, draft = false) => {
  const table = screen.getByRole('table', { name: TITLES.configs });
  const rows = await within(table).findAllByRole('row', { name: new RegExp(deelnemer) });
  const row = rows.find((candidate) => draft === candidate.textContent?.includes(CONFIG_TEXTS.draftCaption));
  if (!row) throw new Error(`no row ${deelnemer}`);
  return row;
};

describe('Overzicht van configuraties', () => {
  it("lists the flow's configurations sorted by creation, ten per page", async () => {
    const api = stubConfigApi();
    renderScreen(BEHEER, 'hoofdnet', '/hoofdnet/configs');

    expect(screen.getByRole('heading', { name: FLOW_SCREEN_TITLES.configs.hoofdnet })).toBeInTheDocument();
    await rowOf('Aannemer_Alfa');
    expect(await api.bodies('POST', SEARCH)).toEqual([
      {
        filters: [{ name: 'versienummer', value: 'h1.0' }],
        skip: 0,
        limit: 10,
        sortBy: 'created',
        sortDirection: 'asc',
      },
    ]);
    expect(screen.getByText('1-5 van 5')).toBeInTheDocument();
  });

  it('applies the search only after typing has paused for 500 ms', async () => {
    const api = stubConfigApi();
    const { router } = renderScreen(BEHEER);
    await rowOf('Aannemer_Alfa');
    vi.useFakeTimers();

    const search = screen.getByRole('searchbox', { name: LABELS.common.search });
    fireEvent.change(search, { target: { value: 'noo' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(search, { target: { value: 'noord' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(router.state.location.search).toBe('');

    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.search).toBe('?deelnemer=noord');
    vi.useRealTimers();
    await waitFor(async () =>
      expect((await api.bodies('POST', SEARCH)).at(-1)).toMatchObject({
        filters: [
          { name: 'deelnemer', value: 'noord' },
          { name: 'versienummer', value: '2.0' },
        ],
        skip: 0,
      }),
    );
    expect(await api.bodies('POST', SEARCH)).toHaveLength(2);
  });

  it('marks a draft and, without the create-configuration right, says whom to ask to activate it', async () => {
    stubConfigApi();
    renderScreen(EIGEN_BEHEER);

    const draft = await rowOf('Netbeheer_Noord', true);
    expect(draft).toHaveTextContent(CONFIG_TEXTS.draftCaption);
    expect(draft).toHaveTextContent(CONFIG_TEXTS.draftContactNote);
    expect(
      within(draft).queryByRole('button', { name: rowAction(LABELS.configs.activateDraft) }),
    ).not.toBeInTheDocument();
  });

  it('leaves the note out for users who may activate drafts themselves', async () => {
    stubConfigApi();
    renderScreen(BEHEER);

    const draft = await rowOf('Netbeheer_Noord', true);
    expect(draft).toHaveTextContent(CONFIG_TEXTS.draftCaption);
    expect(draft).not.toHaveTextContent(CONFIG_TEXTS.draftContactNote);
    expect(within(draft).getByRole('button', { name: rowAction(LABELS.configs.activateDraft) })).toBeEnabled();
  });

  it.each([
    ['Aannemer_Alfa', CONFIG_TEXTS.chipActive, 'success'],
    ['Netbeheer_Noord', CONFIG_TEXTS.chipActive, 'warning'],
    ['Combi_Oost', CONFIG_TEXTS.chipPaused, 'info'],
    ['Aannemer_Beta', 'version 2.0', 'default'],
  ])('shows the sender of %s as a %s chip coloured %s', async (deelnemer, label, colour) => {
    stubConfigApi();
    renderScreen(BEHEER);

    const chip = within(await rowOf(deelnemer))
      .getByText(label)
      .closest('.MuiChip-root');
    expect(chip).toHaveClass(`MuiChip-color${colour[0]?.toUpperCase()}${colour.slice(1)}`);
  });

  it.each([
    ['Aannemer_Alfa', 'max. 4 tegelijk · 10/s'],
    ['Combi_Oost', 'max. 5 tegelijk · geen grens per seconde'],
  ])("shows the limits of %s's sender under its state", async (deelnemer, limits) => {
    stubConfigApi();
    renderScreen(EIGEN_BEHEER);

    expect(await rowOf(deelnemer)).toHaveTextContent(limits);
  });

  it('shows no limits on a row without a sender', async () => {
    stubConfigApi();
    renderScreen(BEHEER);

    expect(await rowOf('Aannemer_Beta')).not.toHaveTextContent('tegelijk');
    expect(await rowOf('Netbeheer_Noord', true)).not.toHaveTextContent('tegelijk');
  });

  it('offers only viewing actions without the create-configuration right', async () => {
    stubConfigApi();
    renderScreen(EIGEN_BEHEER);

    const row = await rowOf('Aannemer_Alfa');
    expect(within(row).getByRole('button', { name: rowAction(LABELS.configs.checkConnection) })).toBeEnabled();
    expect(within(row).getByRole('button', { name: rowAction(LABELS.configs.senderLog) })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: rowAction(LABELS.configs.useNewest) })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: rowAction(LABELS.configs.maxMessages) })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: rowAction(LABELS.configs.maxPerSecond) })).not.toBeInTheDocument();
    expect(within(row).queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: LABELS.configs.newConfig })).toBeInTheDocument();
  });

  it("says in words whether 'Actief' runs the newest configuration, and names each row's actions with it", async () => {
    stubConfigApi();
    renderScreen(BEHEER);

    // Not by colour and a hover alone: the chip's text says it to a screen reader.
    const newest = await rowOf('Aannemer_Alfa');
    const behind = await rowOf('Netbeheer_Noord');
    expect(newest).toHaveTextContent(`${CONFIG_TEXTS.chipActive}: ${CONFIG_TEXTS.tooltipNewest}`);
    expect(behind).toHaveTextContent(`${CONFIG_TEXTS.chipActive}: ${CONFIG_TEXTS.tooltipBehind}`);

    const { forRow } = LABELS.common;
    expect(within(newest).getByRole('button', { name: 'Aannemer_Alfa' })).toBeInTheDocument();
    expect(
      within(newest).getByRole('button', { name: forRow(LABELS.configs.checkConnection, 'Aannemer_Alfa') }),
    ).toBeInTheDocument();
    expect(
      within(behind).getByRole('button', { name: forRow(LABELS.configs.checkConnection, 'Netbeheer_Noord') }),
    ).toBeInTheDocument();
    expect(
      within(newest).getByRole('switch', { name: forRow(CONFIG_TEXTS.senderActive, 'Aannemer_Alfa') }),
    ).toBeChecked();
  });

  it('offers the newest configuration only to a sender that lags behind or is missing', async () => {
    stubConfigApi();
    renderScreen(BEHEER);

    const useNewest = async (deelnemer: string) =>
      within(await rowOf(deelnemer)).getByRole('button', { name: rowAction(LABELS.configs.useNewest) });
    expect(await useNewest('Aannemer_Alfa')).toBeDisabled();
    expect(await useNewest('Netbeheer_Noord')).toBeEnabled();
    expect(await useNewest('Aannemer_Beta')).toBeEnabled();
    expect(
      within(await rowOf('Netbeheer_Noord', true)).queryByRole('button', { name: rowAction(LABELS.configs.senderLog) }),
    ).toBeNull();
  });

  it("says in the disabled 'Nieuwste configuratie gebruiken' tooltip that the newest is already in use", async () => {
    stubConfigApi();
    const { user } = renderScreen(BEHEER);

    const button = within(await rowOf('Aannemer_Alfa')).getByRole('button', {
      name: rowAction(LABELS.configs.useNewest),
    });
    // A disabled button takes no pointer: the tooltip hangs on the span around it.
    await user.hover(button.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Nieuwste configuratie al in gebruik (versie 3)');

    await user.unhover(button.parentElement as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    const enabled = within(await rowOf('Netbeheer_Noord')).getByRole('button', {
      name: rowAction(LABELS.configs.useNewest),
    });
    await user.hover(enabled);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LABELS.configs.useNewest);
  });

  it('switches a lagging sender to the newest version after confirmation', async () => {
    const api = stubConfigApi();
    const { user } = renderScreen(BEHEER);

    await user.click(
      within(await rowOf('Netbeheer_Noord')).getByRole('button', { name: rowAction(LABELS.configs.useNewest) }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: LABELS.common.yes }));

    await waitFor(async () =>
      expect(await api.bodies('PUT', '/rest/management/message-sender')).toEqual([
        { deelnemer: 'Netbeheer_Noord', versienummer: '2.0', version: 2 },
      ]),
    );
    // It says what it did (issue 33 item 6).
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nieuwste configuratie in gebruik');
    expect(alert).toHaveTextContent('Het verzendproces van Netbeheer_Noord 2.0 werkt nu met configuratieversie 2.');
  });

  it('activates a draft after confirmation, and says so and what comes next', async () => {
    const api = stubConfigApi();
    const { user } = renderScreen(BEHEER);

    await user.click(
      within(await rowOf('Netbeheer_Noord', true)).getByRole('button', {
        name: rowAction(LABELS.configs.activateDraft),
      }),
    );
    const dialog = screen.getByRole('dialog', { name: LABELS.configs.activateDraft });
    expect(dialog).toHaveTextContent(LABELS.configs.activateDraftText('Netbeheer_Noord', '2.0'));
    await user.click(within(dialog).getByRole('button', { name: LABELS.common.yes }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SUCCESS_MESSAGES.draftActivated);
    // What comes next: the sender sends with the new version only after 'Nieuwste configuratie gebruiken'.
    expect(alert).toHaveTextContent(LABELS.configs.activatedNext);
    expect(await api.bodies('PATCH', '/rest/management/config')).toEqual([
      { deelnemer: 'Netbeheer_Noord', versienummer: '2.0' },
    ]);
  });

  it('pauses and resumes a sender with its switch, and says so', async () => {
    const api = stubConfigApi();
    const { user } = renderScreen(BEHEER);

    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('switch', { name: rowAction(CONFIG_TEXTS.senderActive) }),
    );
    const paused = await screen.findByRole('alert');
    expect(paused).toHaveTextContent('Verzenden gepauzeerd');
    expect(paused).toHaveTextContent('Verzendproces van Aannemer_Alfa 2.0');
    await user.click(within(paused).getByRole('button', { name: LABELS.common.close }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    await user.click(
      within(await rowOf('Combi_Oost')).getByRole('switch', { name: rowAction(CONFIG_TEXTS.senderPaused) }),
    );
    const resumed = await screen.findByRole('alert');
    expect(resumed).toHaveTextContent('Verzenden hervat');
    expect(resumed).toHaveTextContent('Verzendproces van Combi_Oost 2.0');
    expect(await api.bodies('PATCH', '/rest/management/message-sender')).toEqual([
      { deelnemer: 'Aannemer_Alfa', versienummer: '2.0', running: false },
      { deelnemer: 'Combi_Oost', versienummer: '2.0', running: true },
    ]);
  });

  it('pauses a running sender with its switch, and reports a refusal', async () => {
    const api = stubConfigApi({ sender: () => Response.json({ message: 'Verzender is bezet' }, { status: 409 }) });
    const { user } = renderScreen(BEHEER);

    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('switch', { name: rowAction(CONFIG_TEXTS.senderActive) }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.updateSender);
    expect(alert).toHaveTextContent('Verzender is bezet');
    expect(await api.bodies('PATCH', '/rest/management/message-sender')).toEqual([
      { deelnemer: 'Aannemer_Alfa', versienummer: '2.0', running: false },
    ]);
    expect(
      within(await rowOf('Combi_Oost')).getByRole('switch', { name: rowAction(CONFIG_TEXTS.senderPaused) }),
    ).not.toBeChecked();
  });

  it("shows a failed sending log in its panel with 'Opnieuw proberen', not a spinner that never ends", async () => {
    let fails = true;
    const api = stubConfigApi({
      log: () =>
        fails
          ? Response.json({ message: 'Database niet bereikbaar' }, { status: 503 })
          : Response.json([
              { date: '2025-02-03T09:00:00Z', running: false, version: 3, maxMessages: 2, maxPerSecond: 0 },
            ]),
    });
    const { user } = renderScreen(BEHEER);

    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('button', { name: rowAction(LABELS.configs.senderLog) }),
    );
    const panel = screen.getByRole('dialog', { name: LABELS.senderLog.title('Aannemer_Alfa', '2.0') });
    expect(await within(panel).findByText('Database niet bereikbaar')).toBeInTheDocument();
    expect(panel).toHaveTextContent(LABELS.senderLog.fetchFailed);
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    // Said once, in the panel: no alert over the page besides (decision 0058).
    expect(screen.getAllByRole('alert')).toEqual([within(panel).getByRole('alert')]);
    expect(screen.getAllByText('Database niet bereikbaar')).toHaveLength(1);

    fails = false;
    await user.click(within(panel).getByRole('button', { name: LABELS.common.retry }));
    expect(await within(panel).findByText(CONFIG_TEXTS.chipPaused)).toBeInTheDocument();
    expect(api.calls('GET', '/rest/management/message-sender/log')).toHaveLength(2);
  });

  it("shows a failing list in the table with 'Opnieuw proberen', and the rows once it loads", async () => {
    let fails = true;
    const api = stubConfigApi();
    const search = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (request) =>
      fails && new URL(request.url).pathname === SEARCH
        ? Response.json({ message: 'Database niet bereikbaar' }, { status: 503 })
        : search!(request),
    );
    const { user } = renderScreen(BEHEER);

    const table = screen.getByRole('table', { name: TITLES.configs });
    expect(await within(table).findByText(ERROR_TITLES.fetchConfigs)).toBeInTheDocument();
    expect(screen.queryByText(LABELS.common.noResults)).not.toBeInTheDocument();
    expect(screen.queryByText('0-0 van 0')).not.toBeInTheDocument();

    fails = false;
    await user.click(within(table).getByRole('button', { name: LABELS.common.retry }));
    expect(await rowOf('Aannemer_Alfa')).toBeInTheDocument();
    expect(within(table).queryByText(ERROR_TITLES.fetchConfigs)).not.toBeInTheDocument();
  });

  it('reads the sending log of a row', async () => {
    stubConfigApi({
      log: () =>
        Response.json([
          { date: '2025-02-03T09:00:00Z', running: false, version: 3, maxMessages: 2, maxPerSecond: 10 },
          { date: '2025-02-01T09:00:00Z', running: true, version: 2, maxMessages: 5, maxPerSecond: 0 },
        ]),
    });
    const { user } = renderScreen(BEHEER);

    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('button', { name: rowAction(LABELS.configs.senderLog) }),
    );

    const panel = screen.getByRole('dialog', { name: LABELS.senderLog.title('Aannemer_Alfa', '2.0') });
    const rows = await within(panel).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DatumStatusVersieMax. berichtenMax. per seconde',
      `${formatDateTime('2025-02-03T09:00:00Z')}${CONFIG_TEXTS.chipPaused}3210`,
      `${formatDateTime('2025-02-01T09:00:00Z')}${CONFIG_TEXTS.chipActive}25geen grens`,
    ]);
  });

  it('shows a failing list as an error alert', async () => {
    stubConfigApi({ search: () => Response.json({ message: 'Database niet bereikbaar' }, { status: 503 }) });
    renderScreen(BEHEER);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchConfigs);
    expect(alert).toHaveTextContent('Database niet bereikbaar');
  });
});
