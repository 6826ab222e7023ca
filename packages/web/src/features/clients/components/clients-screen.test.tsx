import {
  CALL_FAILURE,
  ERROR_TITLES,
  KOPPELEN_PATH,
  OMGEVING_LABELS,
  SYSTEM_CLIENT_TEXTS,
  TITLES,
} from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import {
  client,
  CLIENTS,
  clientList,
  NOORD_CLIENTS,
  ORGANISATIONS_SEARCH,
  stubClientsApi,
  VERBINDING,
} from '../testing/clients-api-stub';
import { ClientsScreen } from './clients-screen';

/** A grid operator's own connectivity manager (spec 001 §6). */
const PARTICIPANT = { roles: ['Netbeheerder', 'Beheer connectiviteit'], deelnemer: 'Netbeheer_Noord' };
/** The platform's administrator of every organisation's connectivity. */
const ADMIN = { roles: ['Beheer ziet alles', 'Connectiviteit Beheren'], deelnemer: 'Knooppunt_Beheer' };

afterEach(() => {
  vi.unstubAllGlobals();
});

const table = () => screen.getByRole('table', { name: TITLES.systemClients });
const row = (clientId: string) => within(table()).getByRole('row', { name: new RegExp(clientId) });
const queries = (calls: Request[]) => calls.map((request) => new URL(request.url).search);

describe('Systeemclients for a participant', () => {
  it("lists its own organisation's clients with their state, without a picker", async () => {
    const api = stubClientsApi();
    renderWithProviders(<ClientsScreen />, { ...PARTICIPANT, url: '/clients' });

    expect(screen.getByRole('heading', { name: TITLES.systemClients })).toBeInTheDocument();
    expect(await within(table()).findByText('netbeheer_noord-systeem')).toBeInTheDocument();
    expect(queries(api.calls('GET', CLIENTS))).toEqual(['']);
    expect(screen.getByText('Netbeheer_Noord')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: LABELS.clients.organisatie })).not.toBeInTheDocument();
    expect(api.calls('POST', ORGANISATIONS_SEARCH)).toHaveLength(0);

    const used = row('netbeheer_noord-systeem');
    expect(used).toHaveTextContent('Werkorderbeheer');
    expect(used).toHaveTextContent('Client secret');
    expect(used).toHaveTextContent(formatDateTime(NOORD_CLIENTS.used.laatstGebruikt));
    expect(used).toHaveTextContent('Actief');
    expect(used).toHaveTextContent(
      `${LABELS.clients.previousSecretUntil}${formatDateTime(NOORD_CLIENTS.used.vorigGeheimGeldigTot)}`,
    );
    expect(row('noord-planning-7f3a')).toHaveTextContent('nooit');
    expect(row('noord-gis-1b2c')).toHaveTextContent('private_key_jwt');
    expect(row('noord-oud-9d8e')).toHaveTextContent('Ingetrokken');
    expect(screen.getByText('1-4 van 4')).toBeInTheDocument();
  });

  it('says in its Omgeving column which clients are test clients', async () => {
    stubClientsApi({
      [`GET ${CLIENTS}`]: () =>
        Response.json(
          clientList('Netbeheer_Noord', [
            NOORD_CLIENTS.used,
            client({ clientId: 'netbeheer_noord-test-1a2b3c4d', omschrijving: 'Ketentest', omgeving: 'test' }),
          ]),
        ),
    });
    renderWithProviders(<ClientsScreen />, { ...PARTICIPANT, url: '/clients' });
    await within(table()).findByText('netbeheer_noord-systeem');

    expect(within(table()).getByRole('columnheader', { name: LABELS.clients.omgeving })).toBeInTheDocument();
    const omgevingOf = (clientId: string) => {
      const index = within(table())
        .getAllByRole('columnheader')
        .findIndex((header) => header.textContent === LABELS.clients.omgeving);
      return within(row(clientId)).getAllByRole('cell')[index];
    };
    expect(omgevingOf('netbeheer_noord-systeem')).toHaveTextContent(OMGEVING_LABELS.productie);
    expect(omgevingOf('netbeheer_noord-systeem')?.querySelector('.MuiChip-root')).toBeNull();
    const testChip = omgevingOf('netbeheer_noord-test-1a2b3c4d')?.querySelector('.MuiChip-root');
    expect(testChip).toHaveTextContent(OMGEVING_LABELS.test);
    expect(testChip).toHaveClass('MuiChip-outlined', 'MuiChip-colorInfo');
  });

  it('offers Nieuw geheim only to active clients with a secret, and Intrekken only to active ones', async () => {
    stubClientsApi();
    renderWithProviders(<ClientsScreen />, { ...PARTICIPANT, url: '/clients' });
    await within(table()).findByText('netbeheer_noord-systeem');

    const actionsOf = (clientId: string) =>
      within(row(clientId))
        .queryAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    // Each named with its client: no two rows offer buttons of one name.
    const { forRow } = LABELS.common;
    expect(actionsOf('netbeheer_noord-systeem')).toEqual([
      forRow(LABELS.clients.rotate, 'netbeheer_noord-systeem'),
      forRow(LABELS.clients.revoke, 'netbeheer_noord-systeem'),
    ]);
    expect(actionsOf('noord-gis-1b2c')).toEqual([forRow(LABELS.clients.revoke, 'noord-gis-1b2c')]);
    expect(actionsOf('noord-oud-9d8e')).toEqual([]);
  });

  it('lists the newest first and sorts on a column', async () => {
    stubClientsApi();
    const { user, router } = renderWithProviders(<ClientsScreen />, { ...PARTICIPANT, url: '/clients' });
    await within(table()).findByText('netbeheer_noord-systeem');
    const ids = () =>
      within(table())
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.querySelector('td')?.textContent);

    expect(ids()).toEqual(['noord-planning-7f3a', 'netbeheer_noord-systeem', 'noord-gis-1b2c', 'noord-oud-9d8e']);

    await user.click(within(table()).getByRole('button', { name: LABELS.clients.clientId }));

    expect(ids()).toEqual(['netbeheer_noord-systeem', 'noord-gis-1b2c', 'noord-oud-9d8e', 'noord-planning-7f3a']);
    expect(router.state.location.search).toBe('?sort=clientId&order=asc');
  });

  it('shows the connection details a developer needs', async () => {
    stubClientsApi();
    renderWithProviders(<ClientsScreen />, { ...PARTICIPANT, url: '/clients' });

    const panel = await screen.findByRole('region', { name: LABELS.clients.connection });
    expect(within(panel).getByRole('textbox', { name: LABELS.clients.tokenEndpoint })).toHaveTextContent(
      VERBINDING.tokenEndpoint,
    );
    expect(within(panel).getByRole('button', { name: LABELS.common.copy(LABELS.clients.tokenEndpoint) })).toBeVisible();
    expect(panel).toHaveTextContent(VERBINDING.audience);
    expect(panel).toHaveTextContent(`${LABELS.clients.deelnemerClaim}deelnemer`);
    expect(panel).toHaveTextContent('knooppunt_systeem: ja');
    expect(panel).toHaveTextContent(LABELS.clients.graceHours(24));
    expect(panel).toHaveTextContent(LABELS.clients.tokenLifetime(10));
    expect(within(panel).getByRole('link', { name: LABELS.clients.koppelen })).toHaveAttribute('href', KOPPELEN_PATH);
    expect(screen.getByRole('button', { name: LABELS.clients.newClient })).toBeInTheDocument();
  });

  it("shows the server's refusal of another organisation's clients in place of the list", async () => {
    const api = stubClientsApi({
      [`GET ${CLIENTS}`]: () => Response.json({ message: SYSTEM_CLIENT_TEXTS.otherOrganisation }, { status: 403 }),
    });
    renderWithProviders(<ClientsScreen />, { ...PARTICIPANT, url: '/clients?organisatie=Netbeheer_Zuid' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchSystemClients);
    expect(alert).toHaveTextContent(CALL_FAILURE.forbidden);
    expect(alert).toHaveTextContent(SYSTEM_CLIENT_TEXTS.otherOrganisation);
    expect(queries(api.calls('GET', CLIENTS))).toEqual(['?organisatie=Netbeheer_Zuid']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.clients.newClient })).not.toBeInTheDocument();
  });

  it('leads back from a refused organisation to its own', async () => {
    const api = stubClientsApi({
      [`GET ${CLIENTS}`]: (request) =>
        new URL(request.url).search
          ? Response.json({ message: SYSTEM_CLIENT_TEXTS.otherOrganisation }, { status: 403 })
          : Response.json(clientList('Netbeheer_Noord', [NOORD_CLIENTS.used])),
    });
    const { user, router } = renderWithProviders(<ClientsScreen />, {
      ...PARTICIPANT,
      url: '/clients?organisatie=Netbeheer_Zuid',
    });

    await user.click(await screen.findByRole('button', { name: LABELS.clients.ownOrganisation }));

    expect(await within(table()).findByText('netbeheer_noord-systeem')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(queries(api.calls('GET', CLIENTS))).toEqual(['?organisatie=Netbeheer_Zuid', '']);
  });

  it('says that clients are registered at an external provider, and offers no Nieuwe client', async () => {
    stubClientsApi({
      [`GET ${CLIENTS}`]: () =>
        Response.json(
          clientList('Netbeheer_Noord', [], {
            extern: true,
            deelnemerClaim: 'https://idp/deelnemer',
            tokenEndpoint: 'https://idp.example/.well-known/openid-configuration',
          }),
        ),
    });
    renderWithProviders(<ClientsScreen />, { ...PARTICIPANT, url: '/clients' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${SYSTEM_CLIENT_TEXTS.external} ${LABELS.clients.externalClaim('https://idp/deelnemer')}`,
    );
    const panel = screen.getByRole('region', { name: LABELS.clients.connection });
    expect(within(panel).getByRole('textbox', { name: LABELS.clients.discovery })).toHaveTextContent(
      'https://idp.example/.well-known/openid-configuration',
    );
    expect(screen.queryByRole('button', { name: LABELS.clients.newClient })).not.toBeInTheDocument();
  });
});

describe('Systeemclients for the super role', () => {
  it("opens on every organisation's clients, narrowed to one by the organisation filter before a client is made", async () => {
    const api = stubClientsApi({
      [`GET ${CLIENTS}`]: (request) => {
        const organisatie = new URL(request.url).searchParams.get('organisatie');
        if (organisatie) return Response.json(clientList(organisatie, [NOORD_CLIENTS.used]));
        return Response.json({
          ...clientList('', [
            NOORD_CLIENTS.used,
            client({ clientId: 'aannemer_alfa-systeem', organisatie: 'Aannemer_Alfa' }),
          ]),
          organisatie: null,
          type: null,
        });
      },
    });
    const { user, router } = renderWithProviders(<ClientsScreen />, { ...ADMIN, url: '/clients' });

    // Every organisation's clients at once, each row naming its organisation.
    const aannemer = await within(table()).findByRole('row', { name: /aannemer_alfa-systeem/ });
    expect(within(aannemer).getAllByRole('cell')[0]).toHaveTextContent('Aannemer_Alfa');
    expect(within(table()).getByRole('columnheader', { name: LABELS.clients.organisatie })).toBeInTheDocument();
    expect(queries(api.calls('GET', CLIENTS))).toEqual(['']);
    // A client is made for one organisation: chosen in the filter first.
    expect(screen.getByRole('button', { name: LABELS.clients.newClient })).toBeDisabled();
    await user.hover(screen.getByRole('button', { name: LABELS.clients.newClient }).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LABELS.clients.chooseOrganisation);

    await user.click(screen.getByRole('combobox', { name: LABELS.clients.organisatie }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Aannemer_Alfa', 'Combi_Oost', 'Netbeheer_Noord']);
    await user.click(screen.getByRole('option', { name: 'Aannemer_Alfa' }));

    expect(router.state.location.search).toBe('?organisatie=Aannemer_Alfa');
    await waitFor(() => expect(queries(api.calls('GET', CLIENTS))).toEqual(['', '?organisatie=Aannemer_Alfa']));
    await waitFor(() =>
      expect(within(table()).queryByRole('columnheader', { name: LABELS.clients.organisatie })).not.toBeInTheDocument(),
    );
    expect(within(table()).getByText('netbeheer_noord-systeem')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LABELS.clients.newClient })).toBeEnabled();
  });

  it('opens the organisation named in the URL', async () => {
    const api = stubClientsApi();
    renderWithProviders(<ClientsScreen />, { ...ADMIN, url: '/clients?organisatie=Combi_Oost' });

    expect(await within(table()).findByText('netbeheer_noord-systeem')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: LABELS.clients.organisatie })).toHaveValue('Combi_Oost');
    expect(queries(api.calls('GET', CLIENTS))).toEqual(['?organisatie=Combi_Oost']);
  });
});
