import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { LINKS_PATH, NO_LINKS } from '@/testing/implementation-links';
import { renderWithProviders } from '@/testing/render';
import {
  CHECK_PATH,
  PARTICIPANT,
  PARTNER,
  PROBE_PATH,
  RUNS,
  RUNS_PATH,
  SEND_PATH,
  stubTesttoolApi,
} from '../testing/testtool-api-stub';
import { TesttoolScreen } from './testtool-screen';

const T = LABELS.testtool;
const NAMENS = LABELS.actingFor;

afterEach(() => {
  vi.unstubAllGlobals();
});

const queries = (calls: Request[]) => calls.map((request) => new URL(request.url).search);
/** The select's name is its label and the participant chosen. */
const namensSelect = () => screen.getByRole('combobox', { name: new RegExp(`^${NAMENS.label}`) });

describe("'Namens' for an implementation partner's user", () => {
  it('offers the participants its organisation implements for, and lists the runs of the one chosen', async () => {
    const api = stubTesttoolApi();
    const { user, router } = renderWithProviders(<TesttoolScreen />, { ...PARTNER, url: '/testtool' });

    // The first of them until the user chooses; no list of everyone's runs meanwhile.
    await waitFor(() => expect(namensSelect()).toHaveTextContent('Aannemer_Alfa'));
    await waitFor(() => expect(queries(api.calls('GET', RUNS_PATH))).toEqual(['?deelnemer=Aannemer_Alfa']));
    expect(queries(api.calls('GET', LINKS_PATH))).toEqual(['']);
    await user.click(namensSelect());
    // Not the netbeheerder its roles do not reach, nor another partner's participant.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Aannemer_Alfa', 'Combi_Gamma']);
    await user.click(screen.getByRole('option', { name: 'Combi_Gamma' }));

    expect(router.state.location.search).toBe('?namens=Combi_Gamma');
    await waitFor(() =>
      expect(queries(api.calls('GET', RUNS_PATH))).toEqual(['?deelnemer=Aannemer_Alfa', '?deelnemer=Combi_Gamma']),
    );
  });

  it('starts a run, checks, sends and probes for the participant chosen', async () => {
    const api = stubTesttoolApi({
      [`POST ${RUNS_PATH}`]: () => Response.json({ ...RUNS.passed, deelnemer: 'Combi_Gamma' }, { status: 201 }),
      [`POST ${CHECK_PATH}`]: () => Response.json({ geldig: true, status: 202, message: 'Geldig.', details: [] }),
      [`POST ${SEND_PATH}`]: () => Response.json({ id: 'msg-1', duplicate: false }, { status: 202 }),
      [`POST ${PROBE_PATH}`]: () => Response.json({ fout: 'ECONNREFUSED' }),
    });
    const { user } = renderWithProviders(<TesttoolScreen />, { ...PARTNER, url: '/testtool?namens=Combi_Gamma' });
    await waitFor(() => expect(namensSelect()).toHaveTextContent('Combi_Gamma'));

    const newRun = screen.getByRole('button', { name: T.newRun });
    await waitFor(() => expect(newRun).toBeEnabled());
    await user.click(newRun);
    const dialog = screen.getByRole('dialog', { name: T.newRun });
    expect(dialog).toHaveTextContent(T.namens.startFor('Combi_Gamma'));
    await user.click(within(dialog).getByRole('combobox', { name: T.scenario }));
    await user.click(await screen.findByRole('option', { name: 'Aansluiting: Met Annulering (2 stappen)' }));
    await user.click(within(dialog).getByRole('button', { name: T.start }));
    await waitFor(async () =>
      expect(await api.bodies('POST', RUNS_PATH)).toEqual([
        { scenario: 'aansluiting-annulering', deelnemer: 'Combi_Gamma' },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: LABELS.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: T.tabs.compose }));
    const composer = screen.getByRole('region', { name: T.compose.title });
    await user.click(within(composer).getByRole('button', { name: T.compose.check }));
    await user.click(within(composer).getByRole('button', { name: T.compose.send }));
    await user.click(within(composer).getByRole('button', { name: T.compose.probe }));

    await waitFor(async () => expect(await api.bodies('POST', PROBE_PATH)).toHaveLength(1));
    const deelnemers = async (path: string) =>
      ((await api.bodies('POST', path)) as { deelnemer?: string }[]).map((body) => body.deelnemer);
    expect(await deelnemers(CHECK_PATH)).toEqual(['Combi_Gamma']);
    expect(await deelnemers(SEND_PATH)).toEqual(['Combi_Gamma']);
    expect(await api.bodies('POST', PROBE_PATH)).toEqual([{ type: 'Opdracht', deelnemer: 'Combi_Gamma' }]);
  });

  it('says so when its organisation is linked to no participant it implements for', async () => {
    stubTesttoolApi({ [`GET ${LINKS_PATH}`]: () => Response.json(NO_LINKS) });
    renderWithProviders(<TesttoolScreen />, { ...PARTNER, url: '/testtool' });

    expect(await screen.findByText(NAMENS.testtool.none)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${NAMENS.label}`) })).not.toBeInTheDocument();
  });

  it('is no choice for a user who implements for no one', async () => {
    const api = stubTesttoolApi();
    renderWithProviders(<TesttoolScreen />, { ...PARTICIPANT, url: '/testtool?namens=Combi_Gamma' });

    await waitFor(() => expect(queries(api.calls('GET', RUNS_PATH))).toEqual(['']));
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${NAMENS.label}`) })).not.toBeInTheDocument();
    expect(api.calls('GET', LINKS_PATH)).toHaveLength(0);
  });
});
