import { ERROR_TITLES, TITLES, type Organisation, type Paged } from '@knooppunt/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderWithProviders } from '@/testing/render';
import { OrganisatiesScreen } from './organisaties-screen';

const VIEWER = ['Beheer User Viewers'];

const organisations: Organisation[] = [
  { organisatie: 'Aannemer_Alpha', type: 'Aannemer', metadata: { delegerenden: [] }, actief: true },
  {
    organisatie: 'Gedelegeerd_Oost',
    type: 'Gedelegeerd netbeheerder',
    metadata: { delegerenden: ['Netbeheer_Noord', 'Netbeheer_Zuid'] },
    actief: true,
  },
];

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(
    Response.json({ items: organisations, count: 42, skip: 0, limit: 10 } satisfies Paged<Organisation>),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function lastSearchBody(): Promise<unknown> {
  const request = fetchMock.mock.lastCall?.[0];
  return request?.clone().json();
}

describe('Organisaties', () => {
  it('lists the organisations with the paging label', async () => {
    renderWithProviders(<OrganisatiesScreen />, { roles: VIEWER, url: '/organisaties' });

    expect(screen.getByRole('heading', { name: TITLES.organisaties })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: TITLES.organisaties });
    expect(await within(table).findByText('Aannemer_Alpha')).toBeInTheDocument();
    expect(within(table).getByText('Netbeheer_Noord, Netbeheer_Zuid')).toBeInTheDocument();
    expect(screen.getByText('1-2 van 42')).toBeInTheDocument();
    expect(await lastSearchBody()).toEqual({
      filters: [],
      skip: 0,
      limit: 10,
      sortBy: 'organisatie',
      sortDirection: 'asc',
    });
  });

  it('searches with the filters on Enter and keeps them in the URL', async () => {
    const { user, router } = renderWithProviders(<OrganisatiesScreen />, { roles: VIEWER, url: '/organisaties' });
    await screen.findByText('Aannemer_Alpha');

    await user.type(screen.getByRole('textbox', { name: LABELS.organisaties.organisatie }), 'alpha{Enter}');

    await vi.waitFor(async () =>
      expect(await lastSearchBody()).toMatchObject({ filters: [{ name: 'organisatie', value: 'alpha' }], skip: 0 }),
    );
    expect(router.state.location.search).toBe('?organisatie=alpha');
  });

  it('starts from the filters in the URL and resets them', async () => {
    const { user, router } = renderWithProviders(<OrganisatiesScreen />, {
      roles: VIEWER,
      url: '/organisaties?organisatie=alpha&type=Aannemer&page=2',
    });
    const name = screen.getByRole('textbox', { name: LABELS.organisaties.organisatie });
    expect(name).toHaveValue('alpha');
    await vi.waitFor(async () =>
      expect(await lastSearchBody()).toMatchObject({
        filters: [
          { name: 'organisatie', value: 'alpha' },
          { name: 'type', value: 'Aannemer' },
        ],
        skip: 10,
      }),
    );

    await user.click(screen.getByRole('button', { name: LABELS.common.reset }));

    expect(name).toHaveValue('');
    expect(router.state.location.search).toBe('');
    await vi.waitFor(async () => expect(await lastSearchBody()).toMatchObject({ filters: [], skip: 0 }));
  });

  it('shows a failing search as an error alert', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Database niet bereikbaar' }, { status: 503 }));
    renderWithProviders(<OrganisatiesScreen />, { roles: VIEWER, url: '/organisaties' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchOrganisations);
    expect(alert).toHaveTextContent('Database niet bereikbaar');
  });

  it("offers 'Nieuwe organisatie' only to users who may create users", async () => {
    renderWithProviders(<OrganisatiesScreen />, { roles: VIEWER, url: '/organisaties' });
    await screen.findByText('Aannemer_Alpha');

    expect(screen.queryByRole('button', { name: LABELS.organisaties.newOrganisation })).not.toBeInTheDocument();
  });

  describe('for user managers (decision 0014)', () => {
    const MANAGER = ['Beheer User Viewers', 'Beheer User Beheer'];
    const withOperator: Organisation[] = [
      ...organisations,
      {
        organisatie: 'Knooppunt_Beheer',
        type: 'Beheerder',
        metadata: { deelnemer: 'Knooppunt_Beheer', delegerenden: [] },
        actief: true,
      },
    ];
    beforeEach(() => {
      fetchMock.mockImplementation(async () =>
        Response.json({ items: withOperator, count: 3, skip: 0, limit: 0 } satisfies Paged<Organisation>),
      );
    });

    it("offers 'Nieuwe organisatie' to the operator's own staff", async () => {
      renderWithProviders(<OrganisatiesScreen />, {
        roles: MANAGER,
        deelnemer: 'Knooppunt_Beheer',
        url: '/organisaties',
      });
      expect(await screen.findByRole('button', { name: LABELS.organisaties.newOrganisation })).toBeInTheDocument();
    });

    it("does not offer it to a participant's user manager", async () => {
      renderWithProviders(<OrganisatiesScreen />, {
        roles: MANAGER,
        deelnemer: 'Netbeheer_Noord',
        url: '/organisaties',
      });
      await screen.findByText('Knooppunt_Beheer');
      // Both searches answered: the page's and every organisation's (to know the caller's type).
      await vi.waitFor(() =>
        expect(
          fetchMock.mock.calls.filter(([request]) => request.url.endsWith('/rest/organisations/search')),
        ).toHaveLength(2),
      );
      expect(screen.queryByRole('button', { name: LABELS.organisaties.newOrganisation })).not.toBeInTheDocument();
    });
  });
});

describe("row action 'Systeemclients' (decision 0019)", () => {
  const withTypes: Organisation[] = [
    { organisatie: 'Aannemer_Alpha', type: 'Aannemer', metadata: { delegerenden: [] }, actief: true },
    { organisatie: 'Implementatie_BV', type: 'Implementatie partner', metadata: { delegerenden: [] }, actief: true },
    { organisatie: 'Knooppunt_Beheer', type: 'Beheerder', metadata: { delegerenden: [] }, actief: true },
    { organisatie: 'Netbeheer_Noord', type: 'Netbeheerder', metadata: { delegerenden: [] }, actief: true },
  ];
  beforeEach(() => {
    fetchMock.mockImplementation(async () =>
      Response.json({ items: withTypes, count: withTypes.length, skip: 0, limit: 10 } satisfies Paged<Organisation>),
    );
  });
  const linkIn = (name: string) =>
    within(screen.getByRole('row', { name: new RegExp(name) })).queryByRole('link', {
      name: LABELS.organisaties.systemClients,
    });

  it('leads the super role with Connectiviteit Beheren to the clients of organisations that exchange messages', async () => {
    renderWithProviders(<OrganisatiesScreen />, {
      roles: ['Beheer ziet alles', 'Connectiviteit Beheren'],
      deelnemer: 'Knooppunt_Beheer',
      url: '/organisaties',
    });
    await screen.findByText('Aannemer_Alpha');

    expect(screen.getByRole('columnheader', { name: LABELS.organisaties.actions })).toBeInTheDocument();
    expect(linkIn('Aannemer_Alpha')).toHaveAttribute('href', '/clients?organisatie=Aannemer_Alpha');
    expect(linkIn('Netbeheer_Noord')).toHaveAttribute('href', '/clients?organisatie=Netbeheer_Noord');
    expect(linkIn('Implementatie_BV')).toBeNull();
    expect(linkIn('Knooppunt_Beheer')).toBeNull();
  });

  it("leads a participant's connectivity manager to its own organisation only", async () => {
    renderWithProviders(<OrganisatiesScreen />, {
      roles: ['Netbeheerder', 'Beheer User Viewers', 'Beheer connectiviteit'],
      deelnemer: 'Netbeheer_Noord',
      url: '/organisaties',
    });
    await screen.findByText('Aannemer_Alpha');

    expect(linkIn('Netbeheer_Noord')).toHaveAttribute('href', '/clients?organisatie=Netbeheer_Noord');
    expect(linkIn('Aannemer_Alpha')).toBeNull();
  });

  it('is not there without the right', async () => {
    renderWithProviders(<OrganisatiesScreen />, { roles: ['Beheer ziet alles'], url: '/organisaties' });
    await screen.findByText('Aannemer_Alpha');

    expect(screen.queryByRole('columnheader', { name: LABELS.organisaties.actions })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: LABELS.organisaties.systemClients })).not.toBeInTheDocument();
  });
});
