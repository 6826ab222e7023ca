import { TITLES } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '@/components/page/document-title';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { MENU_SECTIONS, menuRoutesFor, type AppRoute } from '../routes';

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
  const routes = menuRoutesFor(permissions);
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
      {routes.length > 0 ? (
        <OpenableScreens routes={routes} />
      ) : (
        // Roles that open nothing leave the menu empty: say so, and whom to ask.
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

/**
 * What a user without a monitoring right can do here (issue 29: a contractor's user saw only the
 * welcome): the screens its roles open, per menu section, each a link with what it is for.
 */
function OpenableScreens({ routes }: { routes: (AppRoute & { menu: NonNullable<AppRoute['menu']> })[] }) {
  const sections = MENU_SECTIONS.map((section) => ({
    section,
    routes: routes.filter((route) => route.menu.section === section),
  })).filter((group) => group.routes.length > 0);
  return (
    <Paper
      component="nav"
      variant="outlined"
      aria-label={LABELS.home.screensLabel}
      sx={{ width: '100%', maxWidth: 720, px: 3, py: 2 }}
    >
      <Typography variant="body1" sx={{ mb: 1 }}>
        {LABELS.home.screensIntro}
      </Typography>
      {sections.map(({ section, routes: inSection }) => (
        <Box key={section} sx={{ mt: 1.5 }}>
          <Typography variant="subtitle2" component="h2" sx={{ color: 'text.secondary' }}>
            {LABELS.menu.sections[section]}
          </Typography>
          <List dense disablePadding>
            {inSection.map((route) => (
              <ListItem key={route.path} disableGutters sx={{ display: 'block', py: 0.5 }}>
                <Link component={RouterLink} to={route.path} sx={{ fontWeight: 600 }}>
                  {route.menu.label}
                </Link>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {route.menu.description}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
    </Paper>
  );
}
