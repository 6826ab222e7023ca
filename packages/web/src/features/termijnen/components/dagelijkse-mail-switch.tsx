import { TERMIJN_TEXTS, type Termijnen } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useSetDagelijkseMail } from '../api/set-dagelijkse-mail';

const T = LABELS.termijnen;

/** Opt-in: a mail each working day about the netbeheerder's orders past a deadline. Shown to all, changed by its editors. */
export function DagelijkseMailSwitch({ termijnen, mayChange }: { termijnen: Termijnen; mayChange: boolean }) {
  const { notifyError, notifySuccess } = useNotify();
  const mutation = useSetDagelijkseMail(termijnen.netbeheerder);
  const helperId = useId();
  const change = (on: boolean) =>
    mutation.mutate(on, {
      onSuccess: () => notifySuccess(on ? TERMIJN_TEXTS.mailOn : TERMIJN_TEXTS.mailOff),
      onError: (error) => notifyError(T.mailFailed, error),
    });
  return (
    <Box sx={{ maxWidth: 560 }}>
      <FormControlLabel
        control={
          <Switch
            checked={termijnen.dagelijkseMail}
            disabled={!mayChange || mutation.isPending}
            onChange={(_event, checked) => change(checked)}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
        label={T.mail}
      />
      <FormHelperText id={helperId} sx={{ mt: 0 }}>
        {T.mailHelper}
      </FormHelperText>
    </Box>
  );
}
