import { TITLES, USER_TEXTS, type User } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalConfigProvider } from '@/lib/portal-config';
import { LABELS } from '@/lib/texts';
import { TEST_CONFIG } from '@/testing/fake-auth';
import { renderWithProviders } from '@/testing/render';
import { GebruikersScreen } from './gebruikers-screen';
import { NOORD_MANAGER, PLATFORM_ADMIN, STAFF_MANAGER, stubUsersApi, users } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const T = LABELS.gebruikers.userActions;
const M = LABELS.gebruikers.markers;
const SEARCH = ['POST', '/rest/users/search'] as const;

const row = (email: string) =>
  within(screen.getByRole('table', { name: TITLES.gebruikers }))
    .getByText(email)
    .closest('tr') as HTMLElement;
const menuButton = (email: string) => screen.queryByRole('button', { name: LABELS.common.forRow(T.menu, email) });
const userOf = (email: string) => users.find((candidate) => candidate.email === email) as User;

async function renderScreen(handlers: Parameters<typeof stubUsersApi>[0] = {}, session = STAFF_MANAGER) {
  const api = stubUsersApi(handlers);
  const view = renderWithProviders(<GebruikersScreen />, { ...session, url: '/gebruikers' });
  // The organisations decide whether the session is the operator's: wait for the rights to count.
  await waitFor(() => expect(menuButton('jan@noord.example')).toBeInTheDocument());
  return { ...view, api };
}

/** Opens the user's menu and answers the names of its items. */
async function openMenu(view: Awaited<ReturnType<typeof renderScreen>>, email: string) {
  await view.user.click(menuButton(email) as HTMLElement);
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('markers beside the e-mail', () => {
  it('marks blocked, locked and password-less users, each with an explanation', async () => {
    await renderScreen();

    expect(within(row('piet@combi.example')).getByText(M.geblokkeerd)).toBeInTheDocument();
    expect(within(row('klaas@oost.example')).getByText(M.geenWachtwoord)).toBeInTheDocument();
    expect(within(row('anna@partner.example')).getByText(M.vergrendeld)).toBeInTheDocument();
    // A screen reader hears the explanation with the marker; the eye gets it on hover.
    expect(within(row('piet@combi.example')).getByText(`: ${M.geblokkeerdUitleg}`)).toBeInTheDocument();
    expect(row('jan@noord.example')).not.toHaveTextContent(
      new RegExp(`${M.geblokkeerd}|${M.vergrendeld}|${M.geenWachtwoord}`),
    );
  });

  it('does not mark a missing password with an external identity provider, nor offer an invitation', async () => {
    stubUsersApi();
    const { user } = renderWithProviders(
      <PortalConfigProvider config={{ ...TEST_CONFIG, passwordChange: false }}>
        <GebruikersScreen />
      </PortalConfigProvider>,
      { ...STAFF_MANAGER, url: '/gebruikers' },
    );
    await waitFor(() => expect(menuButton('klaas@oost.example')).toBeInTheDocument());

    expect(row('klaas@oost.example')).not.toHaveTextContent(M.geenWachtwoord);
    await user.click(menuButton('klaas@oost.example') as HTMLElement);
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: T.reinvite.label })).toBeNull();
  });
});

describe("a user's actions menu", () => {
  it('offers each user the actions that fit its state', async () => {
    const view = await renderScreen();

    expect(await openMenu(view, 'jan@noord.example')).toEqual([T.block.label, T.remove.label]);
    await view.user.keyboard('{Escape}');
    expect(await openMenu(view, 'piet@combi.example')).toEqual([T.unblock.label, T.remove.label]);
    await view.user.keyboard('{Escape}');
    expect(await openMenu(view, 'klaas@oost.example')).toEqual([T.block.label, T.reinvite.label, T.remove.label]);
  });

  it('is offered only where changing roles is: not for oneself, nor users one may not manage', async () => {
    stubUsersApi();
    renderWithProviders(<GebruikersScreen />, { ...NOORD_MANAGER, url: '/gebruikers' });
    await waitFor(() => expect(menuButton('jan@noord.example')).toBeInTheDocument());

    expect(menuButton('piet@combi.example')).not.toBeInTheDocument();
    expect(menuButton('users@knooppunt.example')).not.toBeInTheDocument();
  });

  it('blocks only after saying what it does, confirms it and refreshes the list', async () => {
    const jan = userOf('jan@noord.example');
    const view = await renderScreen({ 'POST /rest/users/block': () => Response.json({ ...jan, geblokkeerd: true }) });
    await openMenu(view, jan.email);
    await view.user.click(screen.getByRole('menuitem', { name: T.block.label }));

    const dialog = screen.getByRole('dialog', { name: T.block.title });
    expect(dialog).toHaveTextContent(
      'jan@noord.example kan dan niet meer inloggen; lopende sessies worden direct beëindigd.',
    );
    expect(view.api.calls('POST', '/rest/users/block')).toHaveLength(0);
    const searches = view.api.calls(...SEARCH).length;
    await view.user.click(within(dialog).getByRole('button', { name: T.block.label }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.block.done);
    expect(alert).toHaveTextContent(T.block.doneText(jan.email));
    expect(await view.api.bodies('POST', '/rest/users/block')).toEqual([{ user: 'u1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(view.api.calls(...SEARCH).length).toBeGreaterThan(searches));
  });

  it('does nothing when cancelled', async () => {
    const view = await renderScreen();
    await openMenu(view, 'jan@noord.example');
    await view.user.click(screen.getByRole('menuitem', { name: T.remove.label }));
    await view.user.click(screen.getByRole('button', { name: LABELS.common.cancel }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.api.calls('POST', '/rest/users/delete')).toHaveLength(0);
  });

  it.each([
    ['unblock', 'piet@combi.example', 'u2', 'piet@combi.example kan dan weer inloggen'],
    ['unlock', 'anna@partner.example', 'u4', 'is vergrendeld na te veel mislukte inlogpogingen'],
    [
      'resetSecondFactor',
      'anna@partner.example',
      'u4',
      'De authenticator-app, passkeys en herstelcodes van anna@partner.example',
    ],
    ['remove', 'jan@noord.example', 'u1', 'Het auditlog bewaart het e-mailadres.'],
  ] as const)('%s %s after saying what it does', async (action, email, userid, says) => {
    const answer = () =>
      action === 'remove'
        ? new Response(null, { status: 204 })
        : Response.json({ ...userOf(email), geblokkeerd: false, vergrendeld: false });
    const path = {
      unblock: '/rest/users/unblock',
      unlock: '/rest/users/unlock',
      resetSecondFactor: '/rest/users/reset-second-factor',
      remove: '/rest/users/delete',
    }[action];
    // Anna holds a user-management role: only a platform administrator acts on her.
    const { user, api } = await renderScreen({ [`POST ${path}`]: answer }, PLATFORM_ADMIN);
    await user.click(menuButton(email) as HTMLElement);
    await user.click(await screen.findByRole('menuitem', { name: T[action].label }));

    const dialog = screen.getByRole('dialog', { name: T[action].title });
    expect(dialog).toHaveTextContent(says);
    await user.click(within(dialog).getByRole('button', { name: T[action].label }));

    expect(await screen.findByRole('alert')).toHaveTextContent(T[action].done);
    expect(await api.bodies('POST', path)).toEqual([{ user: userid }]);
  });

  it('sends the invitation again and keeps the demo link on screen', async () => {
    const klaas = userOf('klaas@oost.example');
    const link = 'http://localhost:8080/account/wachtwoord/nieuw-token-123';
    const view = await renderScreen({
      'POST /rest/users/invite': () => Response.json({ ...klaas, setPasswordUrl: link }),
    });
    await openMenu(view, klaas.email);
    await view.user.click(screen.getByRole('menuitem', { name: T.reinvite.label }));

    const dialog = screen.getByRole('dialog', { name: T.reinvite.title });
    expect(dialog).toHaveTextContent('Eerdere links werken dan niet meer.');
    await view.user.click(within(dialog).getByRole('button', { name: T.reinvite.label }));

    expect(await screen.findByRole('alert')).toHaveTextContent(T.reinvite.done);
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent(LABELS.gebruikers.invitationFor(klaas.email));
    expect(within(result).getByRole('link', { name: link })).toHaveAttribute('href', link);
  });

  it("shows the server's refusal in Dutch", async () => {
    const view = await renderScreen({
      'POST /rest/users/block': () => Response.json({ message: USER_TEXTS.alGeblokkeerd }, { status: 409 }),
    });
    await openMenu(view, 'jan@noord.example');
    await view.user.click(screen.getByRole('menuitem', { name: T.block.label }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: T.block.label }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.block.failed);
    expect(alert).toHaveTextContent(USER_TEXTS.alGeblokkeerd);
  });
});
