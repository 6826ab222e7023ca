import { TITLES } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useDocumentTitle } from '@/components/page/document-title';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { opensAnyScreen } from '../routes';

/** The Overzicht and its charts load only for the users who get it as their home page. */
const OverzichtScreen = lazy(async () => ({
  default: (await import('@/features/overzicht/components/overzicht-screen')).OverzichtScreen,
}));

/**
 * '/' and '/home': the Overzicht for the monitoring rights (Berichten or Uitval, decision 0036),
 * the welcome page for everyone else.
 */
export function HomePage() {
  const permissions = usePermissions();
  if (permissions.canViewMonitoring || permissions.canViewUitval) {
    return (
      <Suspense fallback={<CenteredSpinner />}>
        <OverzichtScreen />
      </Suspense>
    );
  }
  return <WelcomePage />;
}

function WelcomePage() {
  const permissions = usePermissions();
  useDocumentTitle(TITLES.welcome);

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        minHeight: '60vh',
        px: 2,
      }}
    >
      <Typography variant="h3" component="h1" sx={{ color: 'primary.main', fontWeight: 600, textAlign: 'center' }}>
        {TITLES.welcome}
      </Typography>
      {/* Roles that open nothing leave the menu empty: say so, and whom to ask. */}
      {!opensAnyScreen(permissions) && (
        <Alert severity="info" sx={{ maxWidth: 640 }}>
          <AlertTitle>{LABELS.home.noAccessTitle}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {LABELS.home.noAccess}
          </Typography>
          <Typography variant="body2">{LABELS.home.whomToAsk}</Typography>
        </Alert>
      )}
    </Box>
  );
}
