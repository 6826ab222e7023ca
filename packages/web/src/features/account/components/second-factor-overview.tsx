import { RECOVERY_CODE_COUNT, type AppEnrolment } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useSecondFactor } from '../api/get-second-factor';
import { useStartAppEnrolment } from '../api/start-app-enrolment';
import { PasskeysSection } from './passkeys-section';

const T = LABELS.secondFactor;

/** With this many recovery codes left or fewer, the user is told to make new ones. */
const FEW_CODES_LEFT = 3;

interface SecondFactorOverviewProps {
  onEnrol: (enrolment: AppEnrolment) => void;
  onRenew: () => void;
  onRemove: () => void;
  /** Recovery codes a first passkey brought: shown once, as after setting up the app. */
  onRecoveryCodes: (codes: string[]) => void;
  onClose: () => void;
}

/**
 * What the user has and may do: the authenticator app ('Instellen', or new recovery codes and
 * removal), the recovery codes left, and the passkeys and security keys.
 */
export function SecondFactorOverview({
  onEnrol,
  onRenew,
  onRemove,
  onRecoveryCodes,
  onClose,
}: SecondFactorOverviewProps) {
  const appTitleId = useId();
  const status = useSecondFactor();
  const start = useStartAppEnrolment();
  const { notifyError } = useNotify();
  const data = status.data;
  // The app is the last second factor where one is required: it stays until a passkey is added.
  const appRequired = data !== undefined && data.vereist && data.passkeys === 0;
  return (
    <>
      <DialogContent sx={{ pt: 1 }}>
        {!data ? (
          // A failure is the query's alert; the dialog keeps 'Sluiten'.
          status.isPending && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress aria-label={T.loading} />
            </Box>
          )
        ) : (
          <Stack sx={{ gap: 2.5 }}>
            {!data.app && data.passkeys === 0 && <Typography>{T.intro}</Typography>}
            <Stack component="section" aria-labelledby={appTitleId} sx={{ gap: 1.5 }}>
              <Typography id={appTitleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {T.appTitle}
              </Typography>
              {data.app ? (
                <>
                  <Typography>{T.enrolled}</Typography>
                  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
                    <Button variant="outlined" onClick={onRenew}>
                      {T.renew}
                    </Button>
                    {!appRequired && (
                      <Button variant="outlined" color="error" onClick={onRemove}>
                        {T.remove}
                      </Button>
                    )}
                  </Stack>
                  {appRequired && (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {T.required}
                    </Typography>
                  )}
                </>
              ) : (
                <>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {T.noApp}
                  </Typography>
                  <div>
                    <Button
                      variant="contained"
                      loading={start.isPending}
                      onClick={() =>
                        start.mutate(undefined, {
                          onSuccess: onEnrol,
                          onError: (error) => notifyError(T.failed, error),
                        })
                      }
                    >
                      {T.setUp}
                    </Button>
                  </div>
                </>
              )}
            </Stack>
            {(data.app || data.passkeys > 0) && (
              <Stack sx={{ gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {T.codesLeft(data.herstelcodesOver, RECOVERY_CODE_COUNT)}
                </Typography>
                {data.herstelcodesOver <= FEW_CODES_LEFT && <Alert severity="warning">{T.codesLow}</Alert>}
              </Stack>
            )}
            <Divider />
            <PasskeysSection onRecoveryCodes={onRecoveryCodes} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={start.isPending}>
          {LABELS.common.close}
        </Button>
      </DialogActions>
    </>
  );
}
