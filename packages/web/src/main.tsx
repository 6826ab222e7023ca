// The portal's own font (Roboto, as MUI is drawn for), served with it: the lists are fitted to a
// laptop's 1280 px, which must not depend on the fonts of the machine that shows them.
import '@fontsource-variable/roboto';
import { setDutchMessages } from '@knooppunt/domain';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { AppTheme } from '@/app/providers/app-theme';
import { createAppRouter } from '@/app/router';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { ErrorState } from '@/components/status/error-state';
import { configureApiClient } from '@/lib/api-client';
import { recentLogin } from '@/lib/auth/recent-login';
import { sessionEnded } from '@/lib/auth/session-ended';
import { createUserManager } from '@/lib/auth/user-manager';
import { loadPortalConfig } from '@/lib/portal-config';
import { LABELS } from '@/lib/texts';

// zod's own messages in Dutch, as on the server: called here, or the build drops it (domain locale.ts).
setDutchMessages();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

render(
  <AppTheme>
    <CenteredSpinner />
  </AppTheme>,
);

// The identity provider and claim names differ per installation, so they are read from the server first.
loadPortalConfig().then(
  (config) => {
    const userManager = createUserManager(config);
    configureApiClient({
      getAccessToken: async () => (await userManager.getUser())?.access_token,
      renewSession: async () => (await userManager.signinSilent())?.access_token,
      onSessionEnded: sessionEnded.report,
      onRecentLoginRequired: recentLogin.request,
    });
    render(<App config={config} userManager={userManager} router={createAppRouter()} />);
  },
  (error: unknown) =>
    render(
      <AppTheme>
        <ErrorState
          title={LABELS.shell.configLoadFailed}
          message={error instanceof Error ? error.message : String(error)}
          action={{ label: LABELS.common.retry, onClick: () => window.location.reload() }}
        />
      </AppTheme>,
    ),
);
