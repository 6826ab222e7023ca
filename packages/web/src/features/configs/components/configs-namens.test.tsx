import { CONFIG_TEXTS, SUCCESS_MESSAGES, TITLES, type ConfigListItem } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTING_FOR_HEADER } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { actingCalls, LINKS_PATH, NO_LINKS, partnerWith } from '@/testing/implementation-links';
import { renderWithProviders } from '@/testing/render';
import { rowAction } from '@/testing/row-action';
import { CONFIG_VIEW, EIGEN_BEHEER, ROWS, stubConfigApi, TEST_PREFIX } from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';

afterEach(() => vi.unstubAllGlobals());

/** partner@integra.example of the demo: it manages the configurations of the aannemers it implements for. */
const PARTNER = partnerWith('Configuraties Beheren', 'Uitval Beheren', 'Testtool Verzenden');
const NAMENS = LABELS.actingFor;
const TEST = (path: string) => `${TEST_PREFIX}${path}`;

/** Per participant acted for, its own test configurations: the server answers only those. */
const ROWS_OF: Record<string, ConfigListItem[]> = {
  Aannemer_Alfa: [ROWS.newest, { ...ROWS.newest, version: 4, draft: true, sender: undefined }],
  Combi_Gamma: [{ ...ROWS.paused, deelnemer: 'Combi_Gamma' }],
};

function stubPartnerApi() {
  return stubConfigApi({
    search: (request) => {
      const items = ROWS_OF[request.headers.get(ACTING_FOR_HEADER) ?? ''] ?? [];
      return Response.json({ items, count: items.length, skip: 0, limit: 10 });
    },
  });
}

const namensSelect = () => screen.getByRole('combobox', { name: new RegExp(`^${NAMENS.label}`) });
const table = () => screen.getByRole('table', { name: TITLES.configs });
const rowOf = async (deelnemer: string, draft = false) => {
  const list = await screen.findByRole('table', { name: TITLES.configs });
  const rows = await within(list).findAllByRole('row', { name: new RegExp(deelnemer) });
  const row = rows.find((candidate) => draft === candidate.textContent?.includes(CONFIG_TEXTS.draftCaption));
  if (!row) throw new Error(`no row ${deelnemer}`);
  return row;
};
type User = ReturnType<typeof renderWithProviders>['user'];
const confirm = async (user: User, title: string) => {
  const dialog = screen.getByRole('dialog', { name: LABELS.configs.inTest(title) });
  await user.click(within(dialog).getByRole('button', { name: LABELS.common.yes }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
};

describe("Configuraties for an implementation partner's user", () => {
  it('works on the test configurations of the participant chosen under Namens, every call acting for it', async () => {
    const api = stubPartnerApi();
    const { user } = renderWithProviders(<ConfigsScreen flow="aansluiting" />, {
      ...PARTNER,
      url: '/configs?omgeving=test',
    });

    // The first participant it implements for, until it chooses another.
    await waitFor(() => expect(namensSelect()).toHaveTextContent('Aannemer_Alfa'));
    await user.click(await rowOf('Aannemer_Alfa'));
    // Its configuration as its own: editable, saved for it.
    const panel = screen.getByRole('dialog', { name: LABELS.configs.inTest('Aannemer_Alfa 2.0') });
    await within(panel).findByDisplayValue(CONFIG_VIEW.config.clientId);
    expect(within(panel).queryByText(LABELS.configForm.readOnlyOtherParticipant)).not.toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: LABELS.configForm.scope }), 'test');
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText(SUCCESS_MESSAGES.configUpdated)).toBeInTheDocument();
    await waitFor(() => expect(panel).not.toBeInTheDocument());

    // Puts it live in the test environment, runs its sender on it, checks it and reads its log.
    await user.click(
      within(await rowOf('Aannemer_Alfa', true)).getByRole('button', {
        name: rowAction(LABELS.configs.activateDraft),
      }),
    );
    await confirm(user, LABELS.configs.activateDraft);
    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('switch', { name: rowAction(CONFIG_TEXTS.senderActive) }),
    );
    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('button', { name: rowAction(LABELS.configs.checkConnection) }),
    );
    const check = screen.getByRole('dialog', { name: LABELS.configs.inTest(LABELS.connectionCheck.title) });
    await within(check).findByRole('list', { name: LABELS.connectionCheck.title });
    await user.click(within(check).getByRole('button', { name: LABELS.common.close }));
    await waitFor(() => expect(check).not.toBeInTheDocument());
    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('button', { name: rowAction(LABELS.configs.senderLog) }),
    );
    expect(await screen.findByText(LABELS.senderLog.empty)).toBeInTheDocument();

    const calls = actingCalls(api.fetchMock.mock.calls.map(([request]) => request));
    expect(calls.map(({ call }) => call)).toEqual(
      expect.arrayContaining([
        `POST ${TEST('/rest/management/config/search')}`,
        `GET ${TEST('/rest/management/config')}`,
        `PUT ${TEST('/rest/management/config')}`,
        `PATCH ${TEST('/rest/management/config')}`,
        `PATCH ${TEST('/rest/management/message-sender')}`,
        `POST ${TEST('/rest/management/connection-check')}`,
        `GET ${TEST('/rest/management/message-sender/log')}`,
      ]),
    );
    expect(calls.filter(({ namens }) => namens !== 'Aannemer_Alfa')).toEqual([]);
  });

  it("shows another participant's configurations once chosen, from calls of their own", async () => {
    const api = stubPartnerApi();
    const { user, router } = renderWithProviders(<ConfigsScreen flow="aansluiting" />, {
      ...PARTNER,
      url: '/configs?omgeving=test&page=2',
    });
    await waitFor(() => expect(namensSelect()).toHaveTextContent('Aannemer_Alfa'));
    await user.click(namensSelect());
    // Not the netbeheerder its roles do not reach, nor another partner's participant.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Aannemer_Alfa', 'Combi_Gamma']);
    await user.click(screen.getByRole('option', { name: 'Combi_Gamma' }));

    // The choice is in the URL, back on the first page of its list.
    expect(router.state.location.search).toBe('?omgeving=test&namens=Combi_Gamma');
    expect(await rowOf('Combi_Gamma')).toBeInTheDocument();
    expect(within(table()).queryByText('Aannemer_Alfa')).not.toBeInTheDocument();
    const searches = api.calls('POST', TEST('/rest/management/config/search'));
    expect(searches.map((request) => request.headers.get(ACTING_FOR_HEADER))).toEqual(['Aannemer_Alfa', 'Combi_Gamma']);
  });

  it('creates a configuration for the participant acted for only', async () => {
    const api = stubPartnerApi();
    const { user } = renderWithProviders(<ConfigsScreen flow="aansluiting" />, {
      ...PARTNER,
      url: '/configs?omgeving=test&namens=Combi_Gamma',
    });
    await rowOf('Combi_Gamma');

    await user.click(screen.getByRole('button', { name: LABELS.configs.newConfig }));
    const dialog = screen.getByRole('dialog', { name: LABELS.configs.inTest(LABELS.configs.createTitle) });
    const deelnemer = within(dialog).getByRole('textbox', { name: new RegExp(`^${LABELS.configForm.deelnemer}`) });
    expect(deelnemer).toBeDisabled();
    expect(deelnemer).toHaveValue('Combi_Gamma');
    const field = (name: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${name}( \\*)?$`) });
    await user.type(field(LABELS.configForm.clientId), 'gamma-test');
    await user.type(within(dialog).getByLabelText(/^Client Secret/), 'geheim');
    await user.type(field(LABELS.configForm.tokenUrl), 'https://auth.gamma.example/test-token');
    const create = within(dialog).getByRole('button', { name: LABELS.common.create });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    expect(await screen.findByText(SUCCESS_MESSAGES.configCreated)).toBeInTheDocument();
    expect(await api.bodies('POST', TEST('/rest/management/config'))).toMatchObject([{ deelnemer: 'Combi_Gamma' }]);
    expect(actingCalls(api.fetchMock.mock.calls.map(([request]) => request))).toContainEqual({
      call: `POST ${TEST('/rest/management/config')}`,
      namens: 'Combi_Gamma',
    });
  });

  it('says why there is nothing when its organisation is linked to no one it implements for', async () => {
    const api = stubConfigApi({ links: () => Response.json(NO_LINKS) });
    renderWithProviders(<ConfigsScreen flow="aansluiting" />, { ...PARTNER, url: '/configs' });

    expect(await screen.findByText(NAMENS.configs.none)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: TITLES.configs })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.configs.newConfig })).not.toBeInTheDocument();
    expect(actingCalls(api.fetchMock.mock.calls.map(([request]) => request))).toEqual([]);
  });

  it('is no choice for a user who implements for no one: its calls act for no one', async () => {
    const api = stubConfigApi();
    renderWithProviders(<ConfigsScreen flow="aansluiting" />, {
      roles: EIGEN_BEHEER,
      deelnemer: 'Aannemer_Alfa',
      url: '/configs?omgeving=test&namens=Combi_Gamma',
    });

    expect(await rowOf('Aannemer_Alfa')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: new RegExp(`^${NAMENS.label}`) })).not.toBeInTheDocument();
    expect(api.calls('GET', LINKS_PATH)).toHaveLength(0);
    const calls = actingCalls(api.fetchMock.mock.calls.map(([request]) => request));
    expect(calls).toEqual([{ call: `POST ${TEST('/rest/management/config/search')}`, namens: null }]);
  });
});
