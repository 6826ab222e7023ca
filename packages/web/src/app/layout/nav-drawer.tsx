import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useAuth } from 'react-oidc-context';
import { NavLink } from 'react-router';
import { usePermissions } from '@/lib/auth/current-user';
import { LABELS } from '@/lib/texts';
import { APP_ROUTES, MENU_SECTIONS, mayOpen } from '../routes';

const DRAWER_WIDTH = 280;

/** The main menu: per section the links the user may open, a section only when it has any. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const auth = useAuth();
  const permissions = usePermissions();
  const sections = MENU_SECTIONS.map((section) => ({
    section,
    routes: APP_ROUTES.filter((route) => route.menu?.section === section && mayOpen(route, permissions)),
  })).filter(({ routes }) => routes.length > 0);

  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}>
      <Toolbar sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="p" sx={{ color: 'primary.main' }}>
          {LABELS.appName}
        </Typography>
      </Toolbar>
      <Box component="nav" aria-label={LABELS.shell.mainMenu} sx={{ flex: 1, overflowY: 'auto' }}>
        {sections.map(({ section, routes }) => (
          <List key={section} dense subheader={<ListSubheader>{LABELS.menu.sections[section]}</ListSubheader>}>
            {/* Each link in a list item of its own: a list holds list items only. */}
            {routes.map((route) => (
              <ListItem key={route.path} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={route.path}
                  onClick={onClose}
                  sx={{ pl: 3, '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 } }}
                >
                  <ListItemText primary={route.menu?.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ))}
        {auth.isAuthenticated && (
          <>
            <Divider />
            <List dense>
              <ListItem disablePadding>
                <ListItemButton onClick={() => void auth.signoutRedirect()}>
                  <ListItemIcon>
                    <LogoutIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={LABELS.shell.logout} />
                </ListItemButton>
              </ListItem>
            </List>
          </>
        )}
      </Box>
      <Divider />
      <Box sx={{ px: 3, py: 1.5, color: 'text.secondary' }}>
        <Typography variant="caption" component="p">
          {LABELS.shell.version(__APP_VERSION__)}
        </Typography>
        <Typography variant="caption" component="p" sx={{ fontFamily: 'monospace' }}>
          {__COMMIT_HASH__.slice(0, 8)}
        </Typography>
      </Box>
    </Drawer>
  );
}
