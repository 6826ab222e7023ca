import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AuthContext } from 'react-oidc-context';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppTheme } from '@/app/providers/app-theme';
import { QueryProvider } from '@/app/providers/query-provider';
import { NotificationProvider } from '@/components/notifications/notification-provider';
import { PortalConfigProvider, type PortalConfig } from '@/lib/portal-config';
import { fakeAuth, TEST_CONFIG, type FakeAuthOptions } from './fake-auth';

interface RenderOptions extends FakeAuthOptions {
  /** The URL the test starts on. */
  url?: string;
  /** The portal's configuration, when a test needs another than TEST_CONFIG's. */
  config?: PortalConfig;
}

/** Renders `ui` on any URL, with the portal's providers around it. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

/** Mounts routes in a memory router with the portal's providers: theme, config, a fake session, alerts and queries. */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const { url = '/', config = TEST_CONFIG, ...authOptions } = options;
  const auth = fakeAuth(authOptions);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <AppTheme>
      <PortalConfigProvider config={config}>
        <AuthContext value={auth}>
          <NotificationProvider>
            <QueryProvider>
              <RouterProvider router={router} />
            </QueryProvider>
          </NotificationProvider>
        </AuthContext>
      </PortalConfigProvider>
    </AppTheme>,
  );
  return { ...view, auth, router, user };
}
