import { ERROR_TITLES, OVERZICHT_TEXTS, TITLES, UNAUTHORIZED_TEXT } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LABELS } from '@/lib/texts';
import { renderRoutes } from '@/testing/render';
import { appRouteObjects } from './router';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    // The lists' empty page, and an empty Overzicht (the monitoring rights' home page).
    vi.fn(async () =>
      Response.json({
        items: [],
        count: 0,
        skip: 0,
        limit: 10,
        entries: [],
        from: '2026-01-01T00:00:00Z',
        slotMinutes: 5,
      }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderApp = (options: Parameters<typeof renderRoutes>[1]) => renderRoutes(appRouteObjects(), options);

describe('routes and guards', () => {
  it('welcomes a signed-in user on /', async () => {
    renderApp({ url: '/' });

    expect(await screen.findByRole('heading', { name: TITLES.welcome })).toBeInTheDocument();
  });

  it('sends an unknown path to /', async () => {
    const { router } = renderApp({ url: '/bestaat-niet' });

    expect(await screen.findByRole('heading', { name: TITLES.welcome })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a visitor without a session to the login, to come back to the same page', async () => {
    const { auth } = renderApp({ url: '/organisaties?type=Aannemer', roles: null });

    await waitFor(() =>
      expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/organisaties?type=Aannemer' } }),
    );
    expect(screen.queryByRole('heading', { name: TITLES.organisaties })).not.toBeInTheDocument();
  });

  it('shows a spinner while the session loads', async () => {
    const { router } = renderApp({ url: '/organisaties', isLoading: true });

    // The router first loads the matched route's lazy screen module, behind a spinner of its own;
    // once it has, the spinner left is the session's, and the screen waits behind it.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByRole('progressbar', { name: LABELS.common.loading })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: TITLES.organisaties })).not.toBeInTheDocument();
  });

  it('shows the unauthorized page to a user without the right', async () => {
    const { router } = renderApp({ url: '/organisaties', roles: ['Beheer Monitoring'] });

    expect(await screen.findByRole('heading', { name: TITLES.unauthorized })).toBeInTheDocument();
    expect(screen.getByText(UNAUTHORIZED_TEXT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('sends every user but the super role from /auditlog to the unauthorized page', async () => {
    const { router } = renderApp({ url: '/auditlog', roles: ['Beheer User Viewers', 'Beheer Monitoring'] });

    expect(await screen.findByRole('heading', { name: TITLES.unauthorized })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('opens a screen for a user with the right', async () => {
    renderApp({ url: '/organisaties', roles: ['Beheer User Viewers'] });

    expect(await screen.findByRole('heading', { name: TITLES.organisaties })).toBeInTheDocument();
  });

  it('lets only who may manage system clients open /clients', async () => {
    const refused = renderApp({ url: '/clients', roles: ['Beheer ziet alles', 'Gebruikers Beheren'] });
    expect(await screen.findByRole('heading', { name: TITLES.unauthorized })).toBeInTheDocument();
    expect(refused.router.state.location.pathname).toBe('/unauthorized');
    refused.unmount();

    renderApp({ url: '/clients', roles: ['Netbeheerder', 'Beheer connectiviteit'] });
    expect(await screen.findByRole('heading', { name: TITLES.systemClients })).toBeInTheDocument();
  });

  it("lets only who has 'Testtool Verzenden' open /testtool", async () => {
    const refused = renderApp({ url: '/testtool', roles: ['Beheer ziet alles', 'Testtool Beheren'] });
    expect(await screen.findByRole('heading', { name: TITLES.unauthorized })).toBeInTheDocument();
    expect(refused.router.state.location.pathname).toBe('/unauthorized');
    refused.unmount();

    renderApp({ url: '/testtool', roles: ['Coordinerende Aannemer', 'Testtool Verzenden'] });
    expect(await screen.findByRole('heading', { level: 1, name: LABELS.testtool.title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${LABELS.testtool.title} – ${LABELS.appName}`));
  });

  it('reports a failed login on the callback page', async () => {
    const error = Object.assign(new Error('No matching state found in storage'), { source: 'signinCallback' as const });
    renderApp({ url: '/callback?code=x&state=y', roles: null, error });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.login);
    // The library's English is explained in Dutch, never shown.
    expect(alert).toHaveTextContent(LABELS.loginErrors.staleLink);
    expect(alert).not.toHaveTextContent('No matching state');
    expect(within(alert).getByRole('button', { name: LABELS.shell.loginAgain })).toBeInTheDocument();
  });

  it('tells a user whose roles open no screen, on the start page, whom to ask', async () => {
    renderApp({ url: '/', roles: ['Gedelegeerd Netbeheerder', 'Geblokkeerde weken Beheren'] });

    expect(await screen.findByRole('heading', { name: TITLES.welcome })).toBeInTheDocument();
    const note = screen.getByRole('alert');
    expect(note).toHaveTextContent(LABELS.home.noAccess);
    expect(note).toHaveTextContent(LABELS.home.whomToAsk);
    expect(screen.queryByRole('navigation', { name: LABELS.home.screensLabel })).not.toBeInTheDocument();
  });

  it('says nothing of the kind to a user whose roles open a screen', async () => {
    renderApp({ url: '/', roles: ['Configuraties Beheren'] });

    expect(await screen.findByRole('heading', { name: TITLES.welcome })).toBeInTheDocument();
    expect(screen.queryByText(LABELS.home.noAccess)).not.toBeInTheDocument();
  });

  it('lists, on the start page of a user without a monitoring right, the screens its roles open and what each is for', async () => {
    // A contractor's user with the configuration and Testtool rights only (issue 29).
    const { router, user } = renderApp({
      url: '/',
      roles: ['Coordinerende Aannemer', 'Configuraties Beheren', 'Testtool Verzenden'],
    });

    expect(await screen.findByRole('heading', { level: 1, name: TITLES.welcome })).toBeInTheDocument();
    const screens = screen.getByRole('navigation', { name: LABELS.home.screensLabel });
    expect(screens).toHaveTextContent(LABELS.home.screensIntro);
    const links = within(screens).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/configs', '/hoofdnet/configs', '/testtool']);
    expect(
      within(screens)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([LABELS.menu.sections.aansluiting, LABELS.menu.sections.hoofdnet, LABELS.menu.sections.users]);
    expect(screens).toHaveTextContent(LABELS.menu.descriptions.configs);
    expect(screens).toHaveTextContent(LABELS.menu.descriptions.hoofdnetConfigs);
    expect(screens).toHaveTextContent(LABELS.menu.descriptions.testtool);

    await user.click(links[2]!);
    expect(await screen.findByRole('heading', { level: 1, name: LABELS.testtool.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/testtool');
  });

  it('opens the Overzicht on / for the monitoring rights (Berichten or Uitval), the welcome for others', async () => {
    for (const roles of [['Beheer Monitoring'], ['Uitval Beheren'], ['Beheer ziet alles']]) {
      const { unmount } = renderApp({ url: '/', roles });
      expect(await screen.findByRole('heading', { level: 1, name: OVERZICHT_TEXTS.title })).toBeInTheDocument();
      unmount();
    }
    renderApp({ url: '/home', roles: ['Configuraties Beheren'] });
    expect(await screen.findByRole('heading', { level: 1, name: TITLES.welcome })).toBeInTheDocument();
  });
});

describe('titles', () => {
  it('heads each Hoofdnet screen with its flow, and names the browser tab after the heading', async () => {
    const screens: [url: string, heading: string][] = [
      ['/berichten', TITLES.berichten],
      ['/hoofdnet/berichten', 'Overzicht van berichten (Hoofdnet)'],
      ['/hoofdnet/opdrachten', 'Overzicht van opdrachten (Hoofdnet)'],
      ['/hoofdnet/leveringen', 'Overzicht van leveringen (Hoofdnet)'],
      ['/hoofdnet/uitval', 'Uitval (Hoofdnet)'],
      ['/hoofdnet/configs', 'Overzicht van configuraties (Hoofdnet)'],
      ['/auditlog', 'Auditlog'],
      ['/', OVERZICHT_TEXTS.title],
    ];
    for (const [url, heading] of screens) {
      const { unmount } = renderApp({ url, roles: ['Beheer ziet alles'] });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${heading} – ${LABELS.appName}`));
      unmount();
    }
  });
});
