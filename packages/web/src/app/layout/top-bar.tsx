import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { useAuth } from 'react-oidc-context';
import { Link } from 'react-router';
import { useLogin } from '@/lib/auth/use-login';
import { LABELS } from '@/lib/texts';
import { AccountMenu } from './account-menu';

export function TopBar({ onMenuClick }: { onMenuClick: () => void }) {
  const auth = useAuth();
  const login = useLogin();

  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 1 }}>
        {/* Logged out, the menu would hold nothing but the version: no button to open it. */}
        {auth.isAuthenticated && (
          <IconButton color="inherit" edge="start" aria-label={LABELS.shell.openMenu} onClick={onMenuClick}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          variant="h6"
          component={Link}
          to="/"
          sx={{ color: 'inherit', textDecoration: 'none', flex: 1, whiteSpace: 'nowrap' }}
        >
          {LABELS.appName}
        </Typography>
        {auth.isAuthenticated ? (
          <AccountMenu />
        ) : (
          !auth.isLoading && (
            <Button color="inherit" variant="outlined" onClick={() => void login()}>
              {LABELS.shell.login}
            </Button>
          )
        )}
      </Toolbar>
    </AppBar>
  );
}
