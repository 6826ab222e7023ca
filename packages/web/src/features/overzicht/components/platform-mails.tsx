import type { PlatformState } from '@knooppunt/domain';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DateTimeCell } from '@/components/data-table/date-time-cell';
import { TRUNCATE, TruncatedText } from '@/components/data-table/truncated-text';
import { useNotify } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';
import { useResendMail } from '../api/resend-mail';

const T = LABELS.platform;

type Mail = PlatformState['mail']['oudste'][number];

/** The oldest mails of the outbox not sent yet, with why the last attempt failed; each can go now. */
export function PlatformMails({ mails }: { mails: readonly Mail[] }) {
  const { notifyError, notifySuccess } = useNotify();
  const resend = useResendMail();
  if (mails.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {T.geenWachtend}
      </Typography>
    );
  }
  const send = (mail: Mail) =>
    resend.mutate(mail.id, {
      onSuccess: () => notifySuccess(T.opnieuwVerstuurd, T.opnieuwVerstuurdTekst(mail.aan)),
      onError: (error) => notifyError(T.opnieuwMislukt, error),
    });
  return (
    <TableContainer>
      <Table size="small" aria-label={T.oudsteMails}>
        <TableHead>
          <TableRow>
            <TableCell>{T.aan}</TableCell>
            <TableCell>{T.onderwerp}</TableCell>
            <TableCell>{T.sinds}</TableCell>
            <TableCell align="right">{T.pogingen}</TableCell>
            <TableCell>{T.laatsteFout}</TableCell>
            <TableCell align="right">{T.acties}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mails.map((mail) => (
            <TableRow key={mail.id}>
              <TableCell>
                <TruncatedText maxWidth={TRUNCATE.email}>{mail.aan}</TruncatedText>
              </TableCell>
              <TableCell>
                <TruncatedText maxWidth={TRUNCATE.text}>{mail.onderwerp}</TruncatedText>
              </TableCell>
              <TableCell>
                <DateTimeCell value={mail.sinds} />
              </TableCell>
              <TableCell align="right">{mail.pogingen}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{mail.laatsteFout}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  variant="outlined"
                  sx={{ whiteSpace: 'nowrap' }}
                  disabled={resend.isPending && resend.variables === mail.id}
                  aria-label={LABELS.common.forRow(T.opnieuwVersturen, `${mail.aan}, ${mail.onderwerp}`)}
                  onClick={() => send(mail)}
                >
                  {T.opnieuwVersturen}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
