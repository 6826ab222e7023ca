import { CALL_FAILURE, ERROR_TITLES, TITLES } from '@knooppunt/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { sessionEnded } from '@/lib/auth/session-ended';
import { LABELS } from '@/lib/texts';
import { renderRoutes } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';
import { appRouteObjects } from '../router';
import { SessionEndedDialog } from './session-ended-dialog';

const VIEWER = ['Beheer User Viewers'];
const SEARCH = '/rest/organisations/search';

/** The portal's routes with the dialog beside them, as app.tsx mounts it. */
const routes = () => [
  {
    element: (
      <>
        <SessionEndedDialog />
        <Outlet />
      </>
    ),
    children: appRouteObjects(),
  },
];

beforeEach(() => {
  // The dialog sends the user back to the browser's own address, as the browser router keeps it.
  window.history.replaceState(null, '', '/organisaties?type=Aannemer');
});

afterEach(() => {
  sessionEnded.dismiss();
  configureApiClient({ getAccessToken: async () => undefined });
  window.history.replaceState(null, '', '/');
});

describe('an ended session on a screen', () => {
  it('tells the user (no rights alert), and logs in again to come back to the same page', async () => {
    const api = stubApi({ [`POST ${SEARCH}`]: () => Response.json({ message: 'Verlopen' }, { status: 401 }) });
    let renewals = 0;
    configureApiClient({
      getAccessToken: async () => 'token-expired',
      renewSession: async () => {
        renewals += 1;
        throw new Error('invalid_grant');
      },
      onSessionEnded: sessionEnded.report,
    });
    const { auth, user } = renderRoutes(routes(), { roles: VIEWER, url: '/organisaties?type=Aannemer' });

    const dialog = await screen.findByRole('dialog', { name: LABELS.session.title });
    expect(dialog).toHaveTextContent(LABELS.session.ended);
    expect(dialog).toHaveTextContent(LABELS.session.unsavedLost);
    expect(renewals).toBe(1);
    expect(api.calls('POST', SEARCH)).toHaveLength(1);
    // The screen stays behind the dialog (hidden from assistive technology while it is open).
    expect(screen.getByRole('heading', { name: TITLES.organisaties, hidden: true })).toBeInTheDocument();
    expect(screen.queryByText(ERROR_TITLES.fetchOrganisations)).not.toBeInTheDocument();
    expect(screen.queryByText(CALL_FAILURE.forbidden)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: LABELS.shell.loginAgain }));

    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/organisaties?type=Aannemer' } });
  });

  it("leaves the page as it is on 'Later'", async () => {
    stubApi({ [`POST ${SEARCH}`]: () => Response.json({ message: 'Verlopen' }, { status: 401 }) });
    configureApiClient({
      getAccessToken: async () => 'token-expired',
      renewSession: async () => null,
      onSessionEnded: sessionEnded.report,
    });
    const { auth, user } = renderRoutes(routes(), { roles: VIEWER, url: '/organisaties?type=Aannemer' });

    const dialog = await screen.findByRole('dialog', { name: LABELS.session.title });
    await user.click(within(dialog).getByRole('button', { name: LABELS.session.later }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: TITLES.organisaties })).toBeInTheDocument();
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it("still says 'Onvoldoende rechten' for 403, and no session dialog", async () => {
    stubApi({ [`POST ${SEARCH}`]: () => Response.json({ message: 'Geen recht' }, { status: 403 }) });
    configureApiClient({
      getAccessToken: async () => 'token-valid',
      renewSession: async () => 'token-new',
      onSessionEnded: sessionEnded.report,
    });
    renderRoutes(routes(), { roles: VIEWER, url: '/organisaties?type=Aannemer' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_TITLES.fetchOrganisations);
    expect(alert).toHaveTextContent(CALL_FAILURE.forbidden);
    expect(screen.queryByRole('dialog', { name: LABELS.session.title })).not.toBeInTheDocument();
  });
});
