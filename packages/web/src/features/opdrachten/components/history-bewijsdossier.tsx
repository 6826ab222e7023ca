import { ERROR_TITLES } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useDownloadBewijsdossier, type BewijsdossierFormaat } from '../api/download-bewijsdossier';

const T = LABELS.opdrachten.historie;

/**
 * 'Bewijsdossier downloaden' (decision 0062): the order's evidence file as JSON — the evidence,
 * which `npm run knooppunt -- verify` checks — or as a readable PDF of it.
 */
export function HistoryBewijsdossier({ opdrachtId }: { opdrachtId: string }) {
  const download = useDownloadBewijsdossier();
  const { notifyError } = useNotify();
  const start = (formaat: BewijsdossierFormaat) =>
    download.mutate(
      { opdrachtId, formaat },
      { onError: (error) => notifyError(ERROR_TITLES.downloadBewijsdossier, error) },
    );
  const busy = download.isPending ? download.variables.formaat : undefined;
  return (
    <Stack sx={{ gap: 1, mb: 3 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {T.bewijsdossierUitleg}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={busy === 'json'}
          disabled={busy !== undefined}
          onClick={() => start('json')}
        >
          {T.bewijsdossier}
        </Button>
        <Button loading={busy === 'pdf'} disabled={busy !== undefined} onClick={() => start('pdf')}>
          {T.bewijsdossierPdf}
        </Button>
      </Stack>
    </Stack>
  );
}
