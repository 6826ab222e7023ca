import { CONFIG_TEXTS, OMGEVING_LABELS, SUCCESS_MESSAGES, TITLES, type ConfigListItem } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { rowAction } from '@/testing/row-action';
import { BEHEER, CONFIG_VIEW, EIGEN_BEHEER, ROWS, stubConfigApi, TEST_PREFIX } from '../testing/config-api-stub';
import { ConfigsScreen } from './configs-screen';

afterEach(() => vi.unstubAllGlobals());

const SEARCH = '/rest/management/config/search';
const CONFIG = '/rest/management/config';
const SENDER = '/rest/management/message-sender';
const TEST = (path: string) => `${TEST_PREFIX}${path}`;

/** In the test environment Aannemer_Alfa has a configuration of its own; Combi_Oost has none there. */
const TEST_ROWS: ConfigListItem[] = [{ ...ROWS.newest, version: 1, sender: { ...ROWS.newest.sender, version: 1 } }];

/** The configuration API, the test environment's search answering TEST_ROWS. */
function stubBothEnvironments() {
  return stubConfigApi({
    search: (request) =>
      Response.json(
        new URL(request.url).pathname === TEST(SEARCH)
          ? { items: TEST_ROWS, count: TEST_ROWS.length, skip: 0, limit: 10 }
          : { items: Object.values(ROWS), count: 5, skip: 0, limit: 10 },
      ),
  });
}

/** The configuration calls made to production's paths. */
const productionCalls = (api: ReturnType<typeof stubConfigApi>) =>
  api.fetchMock.mock.calls
    .map(([request]) => `${request.method} ${new URL(request.url).pathname}`)
    .filter((call) => call.includes(' /rest/management/'));

function renderScreen(roles: string[], url: string) {
  return renderWithProviders(<ConfigsScreen flow="aansluiting" />, { roles, url, deelnemer: 'Aannemer_Alfa' });
}

const omgevingButton = (omgeving: 'productie' | 'test') =>
  within(screen.getByRole('group', { name: LABELS.configs.omgeving })).getByRole('button', {
    name: OMGEVING_LABELS[omgeving],
  });

const rowOf = async (deelnemer: string, draft = false) => {
  const table = screen.getByRole('table', { name: TITLES.configs });
  const rows = await within(table).findAllByRole('row', { name: new RegExp(deelnemer) });
  const row = rows.find((candidate) => draft === candidate.textContent?.includes(CONFIG_TEXTS.draftCaption));
  if (!row) throw new Error(`no row ${deelnemer}`);
  return row;
};

describe('Configuraties of the test environment', () => {
  it("switches to Test: searches the test environment's configurations, says so and keeps it in the URL", async () => {
    const api = stubBothEnvironments();
    const { user, router } = renderScreen(BEHEER, '/configs?deelnemer=al');
    await rowOf('Combi_Oost');
    expect(omgevingButton('productie')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(LABELS.configs.testEnvironment)).not.toBeInTheDocument();

    await user.click(omgevingButton('test'));

    expect(router.state.location.search).toBe('?deelnemer=al&omgeving=test');
    expect(omgevingButton('test')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(LABELS.configs.testEnvironment)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Combi_Oost')).not.toBeInTheDocument());
    expect(await rowOf('Aannemer_Alfa')).toHaveTextContent(CONFIG_TEXTS.chipActive);
    // The same search, under /test.
    expect(await api.bodies('POST', TEST(SEARCH))).toEqual(await api.bodies('POST', SEARCH));
    expect(api.calls('POST', SEARCH)).toHaveLength(1);

    await user.click(omgevingButton('productie'));

    expect(router.state.location.search).toBe('?deelnemer=al');
    expect(await rowOf('Combi_Oost')).toBeInTheDocument();
    expect(screen.queryByText(LABELS.configs.testEnvironment)).not.toBeInTheDocument();
  });

  it('starts in Test when the URL says omgeving=test, and leaves the page it was on when switching', async () => {
    const api = stubBothEnvironments();
    const { user, router } = renderScreen(BEHEER, '/configs?omgeving=test&page=2');

    expect(omgevingButton('test')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(LABELS.configs.testEnvironment)).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST', TEST(SEARCH))).toHaveLength(1));
    expect(await api.bodies('POST', TEST(SEARCH))).toMatchObject([{ skip: 10 }]);
    expect(productionCalls(api)).toEqual([]);

    await user.click(omgevingButton('productie'));

    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(api.calls('POST', SEARCH)).toHaveLength(1));
    expect(await api.bodies('POST', SEARCH)).toMatchObject([{ skip: 0 }]);
  });

  it("offers a participant's own manager the sender and 'Nieuwste configuratie gebruiken' in Test only", async () => {
    stubBothEnvironments();
    const { user } = renderScreen(EIGEN_BEHEER, '/configs');
    const production = await rowOf('Aannemer_Alfa');
    expect(within(production).queryByRole('button', { name: new RegExp(LABELS.configs.maxMessages) })).toBeNull();
    expect(within(production).queryByRole('button', { name: new RegExp(LABELS.configs.useNewest) })).toBeNull();

    await user.click(omgevingButton('test'));
    await waitFor(() => expect(screen.getByText(LABELS.configs.testEnvironment)).toBeInTheDocument());
    const test = await rowOf('Aannemer_Alfa');
    expect(within(test).getByRole('button', { name: new RegExp(LABELS.configs.maxMessages) })).toBeInTheDocument();
    expect(within(test).getByRole('button', { name: new RegExp(LABELS.configs.useNewest) })).toBeInTheDocument();
  });

  it('creates a draft in the test environment, refreshing only its list', async () => {
    const api = stubBothEnvironments();
    const { user } = renderScreen(EIGEN_BEHEER, '/configs');
    await rowOf('Combi_Oost');
    await user.click(omgevingButton('test'));
    await rowOf('Aannemer_Alfa');
    const searches = api.calls('POST', TEST(SEARCH)).length;

    await user.click(screen.getByRole('button', { name: LABELS.configs.newConfig }));
    const dialog = screen.getByRole('dialog', { name: LABELS.configs.inTest(LABELS.configs.createTitle) });
    const field = (name: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${name}( \\*)?$`) });
    await user.type(field(LABELS.configForm.clientId), 'alfa-test');
    await user.type(within(dialog).getByLabelText(/^Client Secret/), 'geheim');
    await user.type(field(LABELS.configForm.tokenUrl), 'https://auth.alfa.example/test-token');
    const create = within(dialog).getByRole('button', { name: LABELS.common.create });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    expect(await screen.findByText(SUCCESS_MESSAGES.configCreated)).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await api.bodies('POST', TEST(CONFIG))).toMatchObject([
      { deelnemer: 'Aannemer_Alfa', versienummer: '2.0', config: { clientId: 'alfa-test' } },
    ]);
    await waitFor(() => expect(api.calls('POST', TEST(SEARCH)).length).toBeGreaterThan(searches));

    // Production's list was not made stale by a test configuration: shown again, it is not fetched again.
    await user.click(omgevingButton('productie'));
    expect(await rowOf('Combi_Oost')).toBeInTheDocument();
    expect(productionCalls(api)).toEqual([`POST ${SEARCH}`]);
  });

  it('reads and saves a configuration of the test environment in its panel', async () => {
    const api = stubBothEnvironments();
    const { user } = renderScreen(EIGEN_BEHEER, '/configs?omgeving=test');

    await user.click(await rowOf('Aannemer_Alfa'));
    const panel = screen.getByRole('dialog', { name: LABELS.configs.inTest('Aannemer_Alfa 2.0') });
    await within(panel).findByDisplayValue(CONFIG_VIEW.config.clientId);
    expect(api.calls('GET', TEST(CONFIG))[0]?.url).toMatch(/deelnemer=Aannemer_Alfa&versienummer=2.0&version=1/);
    await user.type(within(panel).getByRole('textbox', { name: LABELS.configForm.scope }), 'test');
    const save = within(panel).getByRole('button', { name: LABELS.configForm.save });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByText(SUCCESS_MESSAGES.configUpdated)).toBeInTheDocument();
    expect(await api.bodies('PUT', TEST(CONFIG))).toMatchObject([
      { deelnemer: 'Aannemer_Alfa', versienummer: '2.0', config: { scope: 'test' } },
    ]);
    expect(productionCalls(api)).toEqual([]);
  });

  it("activates a draft and changes the sender of the test environment's configuration", async () => {
    const api = stubConfigApi();
    const { user } = renderScreen(BEHEER, '/configs?omgeving=test');

    await user.click(
      within(await rowOf('Netbeheer_Noord', true)).getByRole('button', {
        name: rowAction(LABELS.configs.activateDraft),
      }),
    );
    const confirm = screen.getByRole('dialog', { name: LABELS.configs.inTest(LABELS.configs.activateDraft) });
    await user.click(within(confirm).getByRole('button', { name: LABELS.common.yes }));
    expect(await screen.findByText(SUCCESS_MESSAGES.draftActivated)).toBeInTheDocument();
    expect(await api.bodies('PATCH', TEST(CONFIG))).toEqual([{ deelnemer: 'Netbeheer_Noord', versienummer: '2.0' }]);

    await user.click(
      within(await rowOf('Netbeheer_Noord')).getByRole('button', { name: rowAction(LABELS.configs.useNewest) }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: LABELS.common.yes }));
    await waitFor(async () =>
      expect(await api.bodies('PUT', TEST(SENDER))).toEqual([
        { deelnemer: 'Netbeheer_Noord', versienummer: '2.0', version: 2 },
      ]),
    );

    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('switch', { name: rowAction(CONFIG_TEXTS.senderActive) }),
    );
    await waitFor(async () =>
      expect(await api.bodies('PATCH', TEST(SENDER))).toEqual([
        { deelnemer: 'Aannemer_Alfa', versienummer: '2.0', running: false },
      ]),
    );
    expect(productionCalls(api)).toEqual([]);
  });

  it("checks the connection and reads the sending log of the test environment's configuration", async () => {
    const api = stubConfigApi();
    const { user } = renderScreen(EIGEN_BEHEER, '/configs?omgeving=test');

    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('button', { name: rowAction(LABELS.configs.checkConnection) }),
    );
    const check = screen.getByRole('dialog', { name: LABELS.configs.inTest(LABELS.connectionCheck.title) });
    expect(await within(check).findByRole('list', { name: LABELS.connectionCheck.title })).toBeInTheDocument();
    expect(await api.bodies('POST', TEST('/rest/management/connection-check'))).toEqual([
      { deelnemer: 'Aannemer_Alfa', versienummer: '2.0', version: 3, draft: false },
    ]);
    await user.click(within(check).getByRole('button', { name: LABELS.common.close }));
    await waitFor(() => expect(check).not.toBeInTheDocument());

    await user.click(
      within(await rowOf('Aannemer_Alfa')).getByRole('button', { name: rowAction(LABELS.configs.senderLog) }),
    );
    const log = screen.getByRole('dialog', {
      name: LABELS.configs.inTest(LABELS.senderLog.title('Aannemer_Alfa', '2.0')),
    });
    expect(await within(log).findByText(LABELS.senderLog.empty)).toBeInTheDocument();
    expect(api.calls('GET', TEST(`${SENDER}/log`))).toHaveLength(1);
    expect(productionCalls(api)).toEqual([]);
  });
});
