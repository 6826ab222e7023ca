import { KOPPELEN_PATH, SIMULATOR, type RunView, type StartRun } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { MANAGER, PARTICIPANT, RUNS, RUNS_PATH, runPath, stubTesttoolApi } from '../testing/testtool-api-stub';
import { TesttoolScreen } from './testtool-screen';

const T = LABELS.testtool;

afterEach(() => {
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: T.title });
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
const queries = (calls: Request[]) => calls.map((request) => new URL(request.url).search);

describe('Testtool', () => {
  it('says what a conformance test is, with the guide and the test configurations', async () => {
    stubTesttoolApi();
    renderWithProviders(<TesttoolScreen />, {
      roles: [...PARTICIPANT.roles, 'Configuraties Beheren'],
      url: '/testtool',
    });

    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(screen.getByText(T.intro(SIMULATOR.opdrachtgever, SIMULATOR.opdrachtnemer))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.koppelen })).toHaveAttribute('href', KOPPELEN_PATH);
    expect(screen.getByRole('link', { name: T.testConfigs })).toHaveAttribute('href', '/configs?omgeving=test');
  });

  it("lists the organisation's runs newest first, with their status and step in words", async () => {
    const api = stubTesttoolApi();
    renderWithProviders(<TesttoolScreen />, { ...PARTICIPANT, url: '/testtool' });

    await within(table()).findByRole('row', { name: /Met Annulering/ });
    const rows = within(table()).getAllByRole('row');
    expect(headers()).toEqual([T.gestart, T.scenario, T.kant, T.status, T.stap]);
    expect(rows.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      [
        formatDateTime(RUNS.waiting.started),
        'Van opdracht tot gereed (Aansluiting)',
        'Opdrachtnemer',
        'Lopend',
        '2 van 4',
      ],
      [
        formatDateTime(RUNS.undelivered.started),
        'Van opdracht tot gereed (Aansluiting)',
        'Opdrachtnemer',
        'Mislukt',
        '1 van 4',
      ],
      [
        formatDateTime(RUNS.wrongAnswer.started),
        'Van opdracht tot gereed (Hoofdnet)',
        'Opdrachtnemer',
        'Mislukt',
        '2 van 3',
      ],
      [formatDateTime(RUNS.passed.started), 'Met Annulering (Aansluiting)', 'Opdrachtnemer', 'Geslaagd', '2 van 2'],
    ]);
    expect(queries(api.calls('GET', RUNS_PATH))).toEqual(['']);
    // A participant tests its own organisation: no column and no filter for the participant.
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it("shows every participant's runs to the Testtool's managers, and filters on one", async () => {
    const api = stubTesttoolApi();
    const { user } = renderWithProviders(<TesttoolScreen />, { ...MANAGER, url: '/testtool' });
    await within(table()).findAllByRole('cell', { name: 'Aannemer_Alfa' });
    expect(headers()).toEqual([T.gestart, T.deelnemer, T.scenario, T.kant, T.status, T.stap]);

    await user.type(within(screen.getByRole('search')).getByRole('textbox', { name: T.deelnemer }), 'Aannemer_Beta');
    await user.click(screen.getByRole('button', { name: LABELS.common.search }));

    await waitFor(() => expect(queries(api.calls('GET', RUNS_PATH))).toEqual(['', '?deelnemer=Aannemer_Beta']));
  });

  it('starts the chosen scenario and opens the new run', async () => {
    const started: RunView = { ...RUNS.passed, id: 'new-run', status: 'lopend', step: 0, ended: null, steps: [] };
    const api = stubTesttoolApi({
      [`POST ${RUNS_PATH}`]: () => Response.json(started, { status: 201 }),
      [`GET ${runPath(started.id)}`]: () => Response.json(started),
    });
    const { user, router } = renderWithProviders(<TesttoolScreen />, { ...PARTICIPANT, url: '/testtool' });

    const newRun = screen.getByRole('button', { name: T.newRun });
    await waitFor(() => expect(newRun).toBeEnabled());
    await user.click(newRun);
    const dialog = screen.getByRole('dialog', { name: T.newRun });
    // Only who may test every participant chooses one, or the wait.
    expect(within(dialog).queryByRole('textbox', { name: T.deelnemer })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: T.scenario }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Aansluiting: Van opdracht tot gereed (4 stappen)',
      'Aansluiting: Met Annulering (2 stappen)',
      'Hoofdnet: Van opdracht tot gereed (3 stappen)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Aansluiting: Met Annulering (2 stappen)' }));
    const start = within(dialog).getByRole('button', { name: T.start });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);

    // The dialog closes once the list shows the new run (decision 0022), and the run opens.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.newRun })).not.toBeInTheDocument());
    const panel = await screen.findByRole('dialog', { name: 'Met Annulering (Aansluiting)' });
    expect(within(panel).getByText('CONF-3A4B5C6D')).toBeInTheDocument();
    expect(await api.bodies('POST', RUNS_PATH)).toEqual([{ scenario: 'aansluiting-annulering' } satisfies StartRun]);
    expect(router.state.location.search).toBe('?run=new-run');
  });

  it('lets a manager start a run for another participant with a wait of its own', async () => {
    const api = stubTesttoolApi({
      [`POST ${RUNS_PATH}`]: () => Response.json({ ...RUNS.passed, deelnemer: 'Netbeheer_Noord' }, { status: 201 }),
    });
    const { user } = renderWithProviders(<TesttoolScreen />, { ...MANAGER, url: '/testtool' });
    const newRun = screen.getByRole('button', { name: T.newRun });
    await waitFor(() => expect(newRun).toBeEnabled());
    await user.click(newRun);
    const dialog = screen.getByRole('dialog', { name: T.newRun });

    await user.click(within(dialog).getByRole('combobox', { name: T.scenario }));
    await user.click(await screen.findByRole('option', { name: 'Hoofdnet: Van opdracht tot gereed (3 stappen)' }));
    await user.type(within(dialog).getByRole('textbox', { name: T.deelnemer }), 'Netbeheer_Noord');
    await user.type(within(dialog).getByRole('spinbutton', { name: T.stapTimeout }), '30');
    await user.click(within(dialog).getByRole('button', { name: T.start }));

    await waitFor(async () =>
      expect(await api.bodies('POST', RUNS_PATH)).toEqual([
        { scenario: 'hoofdnet-gereed', deelnemer: 'Netbeheer_Noord', stapTimeoutSeconden: 30 },
      ]),
    );
  });

  it("says why a run could not be started, as 'Fout bij starten testrun'", async () => {
    stubTesttoolApi({
      [`POST ${RUNS_PATH}`]: () =>
        Response.json(
          { message: 'Organisatie Knooppunt (Beheerder) speelt geen kant van een opdracht.' },
          { status: 422 },
        ),
    });
    const { user } = renderWithProviders(<TesttoolScreen />, { ...PARTICIPANT, url: '/testtool' });
    const newRun = screen.getByRole('button', { name: T.newRun });
    await waitFor(() => expect(newRun).toBeEnabled());
    await user.click(newRun);
    await user.click(screen.getByRole('combobox', { name: T.scenario }));
    await user.click(await screen.findByRole('option', { name: 'Aansluiting: Met Annulering (2 stappen)' }));
    await user.click(screen.getByRole('button', { name: T.start }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.startFailed);
    expect(alert).toHaveTextContent('speelt geen kant van een opdracht');
    expect(screen.getByRole('dialog', { name: T.newRun })).toBeInTheDocument();
  });

  it('opens a run from the list, its id in the URL', async () => {
    stubTesttoolApi();
    const { user, router } = renderWithProviders(<TesttoolScreen />, { ...PARTICIPANT, url: '/testtool' });

    await user.click(
      await within(table()).findByRole('button', {
        name: `Met Annulering (Aansluiting), ${formatDateTime(RUNS.passed.started)}`,
      }),
    );

    expect(await screen.findByRole('dialog', { name: 'Met Annulering (Aansluiting)' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?run=${RUNS.passed.id}`);
  });
});
