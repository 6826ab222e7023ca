import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import LogoutIcon from '@mui/icons-material/Logout';
import { lazy, Suspense, useId, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { useCurrentUser } from '@/lib/auth/current-user';
import { usePortalConfig } from '@/lib/portal-config';
import { LABELS } from '@/lib/texts';

/** The dialog and its form library load only when a user opens it: not part of every first page load. */
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('@/features/account/components/change-password-dialog')).ChangePasswordDialog,
}));
const SecondFactorDialog = lazy(async () => ({
  default: (await import('@/features/account/components/second-factor-dialog')).SecondFactorDialog,
}));

/**
 * The signed-in user's participant and e-mail, 'Wachtwoord wijzigen' and 'Tweede stap' for the
 * embedded provider's users, and the way out.
 */
export function AccountMenu() {
  const { signoutRedirect } = useAuth();
  const { passwordChange } = usePortalConfig();
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const [managingSecondFactor, setManagingSecondFactor] = useState(false);
  const popoverId = useId();

  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={LABELS.shell.account}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': LABELS.shell.account } }}
      >
        <Stack sx={{ p: 2.5, gap: 2, width: 320 }}>
          <Box>
            <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
              {LABELS.shell.deelnemer}
            </Typography>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {user?.deelnemer}
            </Typography>
          </Box>
          <TextField
            label={LABELS.shell.email}
            value={user?.email ?? ''}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
          {passwordChange && (
            <Button
              variant="outlined"
              startIcon={<KeyIcon />}
              onClick={() => {
                setAnchor(null);
                setChangingPassword(true);
              }}
            >
              {LABELS.shell.changePassword}
            </Button>
          )}
          {passwordChange && (
            <Button
              variant="outlined"
              startIcon={<PhonelinkLockIcon />}
              onClick={() => {
                setAnchor(null);
                setManagingSecondFactor(true);
              }}
            >
              {LABELS.shell.secondFactor}
            </Button>
          )}
          <Button variant="contained" startIcon={<LogoutIcon />} onClick={() => void signoutRedirect()}>
            {LABELS.shell.logout}
          </Button>
        </Stack>
      </Popover>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            onClose={() => setChangingPassword(false)}
            // The server ended this session with the others; the logout clears what the portal
            // keeps of it and leads to the login page.
            onLoginAgain={() => void signoutRedirect()}
          />
        </Suspense>
      )}
      {managingSecondFactor && (
        <Suspense fallback={null}>
          <SecondFactorDialog onClose={() => setManagingSecondFactor(false)} />
        </Suspense>
      )}
    </>
  );
}
