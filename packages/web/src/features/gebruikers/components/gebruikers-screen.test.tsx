import { ERROR_TITLES, SUCCESS_MESSAGES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import type { FakeAuthOptions } from '@/testing/fake-auth';
import { renderWithProviders } from '@/testing/render';
import { GebruikersScreen } from './gebruikers-screen';
import { NOORD_MANAGER, PLATFORM_ADMIN, STAFF_MANAGER, stubUsersApi, VIEWER } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const SEARCH = ['POST', '/rest/users/search'] as const;

async function lastBody(api: ReturnType<typeof stubUsersApi>, method: string, path: string) {
  const bodies = await api.bodies(method, path);
  return bodies.at(-1);
}

describe('Overzicht van alle gebruikers', () => {
  it('lists a page of 10 users with their organisation chip, badge and roles', async () => {
    const api = stubUsersApi();
    renderWithProviders(<GebruikersScreen />, { roles: VIEWER, url: '/gebruikers' });

    expect(screen.getByRole('heading', { name: TITLES.gebruikers })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: TITLES.gebruikers });
    const row = (await within(table).findByText('jan@noord.example')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Netbeheer_Noord')).toBeInTheDocument();
    expect(within(row).getByLabelText(LABELS.gebruikers.badges.D)).toHaveTextContent('D');
    expect(within(row).getByText('Uitval Beheren')).toBeInTheDocument();
    // Combi wins over participant; a delegated grid operator is G; nothing known is O.
    const badgeOf = (email: string) =>
      within(within(table).getByText(email).closest('tr') as HTMLElement).getByText(/^[CGDO]$/).textContent;
    expect(badgeOf('piet@combi.example')).toBe('C');
    expect(badgeOf('klaas@oost.example')).toBe('G');
    expect(badgeOf('anna@partner.example')).toBe('O');
    expect(screen.getByText('1-6 van 14')).toBeInTheDocument();
    expect(await lastBody(api, ...SEARCH)).toEqual({ filters: [], skip: 0, limit: 10 });
  });

  it('filters by a role clicked in the tree and goes back to the first page', async () => {
    const api = stubUsersApi();
    const { user, router } = renderWithProviders(<GebruikersScreen />, { roles: VIEWER, url: '/gebruikers?page=2' });
    await vi.waitFor(async () => expect(await lastBody(api, ...SEARCH)).toMatchObject({ skip: 10 }));

    const tree = screen.getByRole('navigation', { name: LABELS.gebruikers.roleTree });
    await user.click(await within(tree).findByRole('button', { name: 'Netbeheerder' }));
    await user.click(within(tree).getByRole('button', { name: 'Uitval Beheren' }));

    await vi.waitFor(async () =>
      expect(await lastBody(api, ...SEARCH)).toEqual({
        filters: [{ name: 'roles', value: 'Uitval Beheren' }],
        skip: 0,
        limit: 10,
      }),
    );
    expect(router.state.location.search).toBe('?roles=Uitval+Beheren');
    expect(within(tree).getByRole('button', { name: 'Uitval Beheren' })).toHaveAttribute('aria-current', 'true');
  });

  it('filters by organisation at once, back on page 1, and Reset clears every filter', async () => {
    const api = stubUsersApi();
    const { user, router } = renderWithProviders(<GebruikersScreen />, {
      roles: VIEWER,
      url: '/gebruikers?roles=Netbeheerder&page=3',
    });
    await user.click(screen.getByRole('combobox', { name: LABELS.gebruikers.organisatie }));
    await user.click(await screen.findByRole('option', { name: 'Netbeheer_Noord' }));

    await vi.waitFor(async () =>
      expect(await lastBody(api, ...SEARCH)).toEqual({
        filters: [
          { name: 'organisatie', value: 'Netbeheer_Noord' },
          { name: 'roles', value: 'Netbeheerder' },
        ],
        skip: 0,
        limit: 10,
      }),
    );

    await user.click(screen.getByRole('button', { name: LABELS.common.reset }));
    expect(router.state.location.search).toBe('');
    await vi.waitFor(async () => expect(await lastBody(api, ...SEARCH)).toEqual({ filters: [], skip: 0, limit: 10 }));
  });

  it('suggests only for more than 3 characters, after a pause, and filters on the chosen option', async () => {
    const api = stubUsersApi();
    const { user, router } = renderWithProviders(<GebruikersScreen />, { roles: VIEWER, url: '/gebruikers' });
    const field = screen.getByRole('combobox', { name: LABELS.gebruikers.filterOverzicht });

    await user.type(field, ' noo ');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.calls('POST', '/rest/users/autosuggest')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'noord');
    await user.click(await screen.findByRole('option', { name: 'jan@noord.example' }));

    // Typing fast asks once, for the text the user stopped at.
    expect(await api.bodies('POST', '/rest/users/autosuggest')).toEqual([{ text: 'noord' }]);
    await vi.waitFor(async () =>
      expect(await lastBody(api, ...SEARCH)).toEqual({
        filters: [{ name: 'search', value: 'jan@noord.example' }],
        skip: 0,
        limit: 10,
      }),
    );
    expect(router.state.location.search).toBe('?search=jan%40noord.example');
  });

  it.each([
    ['POST /rest/users/search', ERROR_TITLES.fetchUsers],
    ['POST /rest/roles/search', ERROR_TITLES.fetchRoles],
  ])('shows a failing %s as %s', async (call, title) => {
    stubUsersApi({ [call]: () => Response.json({ message: 'Database niet bereikbaar' }, { status: 503 }) });
    renderWithProviders(<GebruikersScreen />, { roles: VIEWER, url: '/gebruikers' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent('Database niet bereikbaar');
  });

  it('shows failing suggestions as an error alert', async () => {
    stubUsersApi({ 'POST /rest/users/autosuggest': () => Response.json({ message: 'Kapot' }, { status: 500 }) });
    const { user } = renderWithProviders(<GebruikersScreen />, { roles: VIEWER, url: '/gebruikers' });
    await user.type(screen.getByRole('combobox', { name: LABELS.gebruikers.filterOverzicht }), 'noord');

    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TITLES.fetchSuggestions);
  });

  it('offers synchronising, creating and changing roles only to user administrators', async () => {
    stubUsersApi();
    renderWithProviders(<GebruikersScreen />, { roles: VIEWER, url: '/gebruikers' });
    await screen.findByText('jan@noord.example');

    expect(screen.queryByRole('button', { name: LABELS.gebruikers.synchronize })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.gebruikers.newUser })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: LABELS.gebruikers.changeRolesTitle('jan@noord.example') }),
    ).not.toBeInTheDocument();
  });

  it('says what synchronising does and that it deletes nothing, and synchronises only when confirmed', async () => {
    const api = stubUsersApi({
      'POST /rest/admin/synchronize': () =>
        Response.json({ verwijderd: 1, bijgewerkt: 2, meldingen: ['nieuw@x.example heeft nog geen wachtwoord'] }),
    });
    const { user } = renderWithProviders(<GebruikersScreen />, { ...STAFF_MANAGER, url: '/gebruikers' });
    await screen.findByText('jan@noord.example');
    const searches = api.calls(...SEARCH).length;

    await user.click(screen.getByRole('button', { name: LABELS.gebruikers.synchronize }));
    const dialog = screen.getByRole('dialog', { name: LABELS.gebruikers.syncTitle });
    expect(dialog).toHaveTextContent('Er worden geen gebruikers verwijderd of gewijzigd.');
    await user.click(within(dialog).getByRole('button', { name: LABELS.common.cancel }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.calls('POST', '/rest/admin/synchronize')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: LABELS.gebruikers.synchronize }));
    await user.click(
      within(screen.getByRole('dialog', { name: LABELS.gebruikers.syncTitle })).getByRole('button', {
        name: LABELS.gebruikers.synchronize,
      }),
    );

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(SUCCESS_MESSAGES.synchronized);
    // What was cleared up are sessions and tokens, never users.
    expect(status).toHaveTextContent(
      'Opgeruimd: 1 sessie(s) en token(s) van accounts die niet meer bestaan. Bijgewerkt: 2 account(s).',
    );
    expect(status).not.toHaveTextContent('verwijderd');
    expect(status).toHaveTextContent('nieuw@x.example heeft nog geen wachtwoord');
    expect(api.calls('POST', '/rest/admin/synchronize')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls(...SEARCH).length).toBeGreaterThan(searches));
  });

  it('shows a failing synchronisation as an error alert', async () => {
    stubUsersApi({ 'POST /rest/admin/synchronize': () => Response.json({ message: 'Stuk' }, { status: 500 }) });
    const { user } = renderWithProviders(<GebruikersScreen />, { ...STAFF_MANAGER, url: '/gebruikers' });
    await user.click(await screen.findByRole('button', { name: LABELS.gebruikers.synchronize }));
    await user.click(
      within(screen.getByRole('dialog', { name: LABELS.gebruikers.syncTitle })).getByRole('button', {
        name: LABELS.gebruikers.synchronize,
      }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_TITLES.synchronize);
  });

  describe('who may change whose roles (decision 0014)', () => {
    const changeButton = (email: string) =>
      screen.queryByRole('button', { name: LABELS.gebruikers.changeRolesTitle(email) });
    const offered = async (session: FakeAuthOptions) => {
      stubUsersApi();
      renderWithProviders(<GebruikersScreen />, { ...session, url: '/gebruikers' });
      // The organisations decide whether the session is the operator's: wait for them to count.
      await screen.findByText('jan@noord.example');
      await waitFor(() => expect(changeButton('jan@noord.example')).toBeInTheDocument());
      return [
        'jan@noord.example',
        'piet@combi.example',
        'klaas@oost.example',
        'anna@partner.example',
        'monitor@knooppunt.example',
        'users@knooppunt.example',
      ].filter((email) => changeButton(email));
    };

    it("offers the operator's staff the participants' users, not its own row nor Knooppunt_Beheer's", async () => {
      // Anna holds a user-management role, which only a platform administrator may remove.
      expect(await offered(STAFF_MANAGER)).toEqual(['jan@noord.example', 'piet@combi.example', 'klaas@oost.example']);
      expect(screen.getByRole('button', { name: LABELS.gebruikers.synchronize })).toBeInTheDocument();
    });

    it('offers a platform administrator every user but itself', async () => {
      expect(await offered({ ...PLATFORM_ADMIN, email: 'users@knooppunt.example' })).toEqual([
        'jan@noord.example',
        'piet@combi.example',
        'klaas@oost.example',
        'anna@partner.example',
        'monitor@knooppunt.example',
      ]);
    });

    it("offers a participant's user manager its own organisation's users, and no synchronising", async () => {
      expect(await offered(NOORD_MANAGER)).toEqual(['jan@noord.example']);
      expect(screen.queryByRole('button', { name: LABELS.gebruikers.synchronize })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: LABELS.gebruikers.newUser })).toBeInTheDocument();
    });
  });
});
