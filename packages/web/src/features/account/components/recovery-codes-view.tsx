import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useId } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { useCurrentUser } from '@/lib/auth/current-user';
import { downloadText } from '@/lib/download-text';
import { LABELS } from '@/lib/texts';

const T = LABELS.secondFactor;
const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

interface RecoveryCodesViewProps {
  codes: string[];
  /** 'Ik heb de codes bewaard': the codes are gone from the screen for good. */
  onSaved: () => void;
}

/** The recovery codes, the one time they are shown: to copy or download as a text file. */
export function RecoveryCodesView({ codes, onSaved }: RecoveryCodesViewProps) {
  const listId = useId();
  const { notifySuccess, notifyError } = useNotify();
  const email = useCurrentUser()?.email ?? '';
  const text = [T.fileHeading(email), '', ...codes, ''].join('\n');
  const copy = async () => {
    try {
      // Outside a secure context there is no clipboard at all.
      await navigator.clipboard.writeText(text);
      notifySuccess(LABELS.common.copied);
    } catch (error) {
      notifyError(LABELS.common.copyFailed, error);
    }
  };
  return (
    <>
      <DialogContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <Typography>{T.codesIntro}</Typography>
          <Alert severity="warning">{T.codesOnce}</Alert>
          <Typography id={listId} variant="caption" sx={{ color: 'text.secondary', mb: -1.5 }}>
            {T.codesLabel}
          </Typography>
          <Box
            component="ul"
            aria-labelledby={listId}
            sx={{
              m: 0,
              px: 2,
              py: 1.5,
              listStyle: 'none',
              bgcolor: 'grey.100',
              borderRadius: 1,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              gap: 1,
              fontFamily: MONOSPACE,
              fontSize: '1rem',
            }}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {T.copy}
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => downloadText(T.fileName, text)}>
              {T.download}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onSaved}>
          {T.saved}
        </Button>
      </DialogActions>
    </>
  );
}
