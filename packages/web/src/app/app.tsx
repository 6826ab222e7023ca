import type { UserManager } from 'oidc-client-ts';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider } from 'react-router';
import { NotificationProvider } from '@/components/notifications/notification-provider';
import { PortalConfigProvider, type PortalConfig } from '@/lib/portal-config';
import { AppTheme } from './providers/app-theme';
import { QueryProvider } from './providers/query-provider';
import { RecentLoginDialog } from './providers/recent-login-dialog';
import { SessionEndedDialog } from './providers/session-ended-dialog';
import { SessionErrorNotifier } from './providers/session-error-notifier';
import type { AppRouter } from './router';

interface AppProps {
  config: PortalConfig;
  userManager: UserManager;
  router: AppRouter;
}

export function App({ config, userManager, router }: AppProps) {
  return (
    <AppTheme>
      <PortalConfigProvider config={config}>
        <AuthProvider userManager={userManager}>
          <NotificationProvider>
            <QueryProvider>
              <SessionErrorNotifier />
              <SessionEndedDialog />
              <RecentLoginDialog />
              <RouterProvider router={router} />
            </QueryProvider>
          </NotificationProvider>
        </AuthProvider>
      </PortalConfigProvider>
    </AppTheme>
  );
}
