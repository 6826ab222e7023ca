import type { ApiError, CheckAnswer } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CopyButton } from '@/components/copy-button/copy-button';
import { alertContentOf } from '@/components/notifications/notify-context';
import { ApiCallError } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import type { Accepted } from '../api/send-bericht';
import { MONOSPACE } from './monospace';

const T = LABELS.testtool.compose;

type Details = NonNullable<ApiError['details']>;

/**
 * Knooppunt's refusals per field, as a list. The server's message is these joined, so where there
 * are details they stand instead of it.
 */
function FieldDetails({ details }: { details: Details }) {
  const titleId = useId();
  return (
    <>
      <Typography id={titleId} variant="body2" component="p" sx={{ mt: 0.5 }}>
        {T.perVeld}
      </Typography>
      <Box component="ul" aria-labelledby={titleId} sx={{ m: 0, pl: 2.5 }}>
        {details.map((detail, index) => (
          <Typography key={index} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="code" sx={MONOSPACE}>
              {detail.field}
            </Box>
            : {detail.message}
          </Typography>
        ))}
      </Box>
    </>
  );
}

/** 'Controleren': geldig, or the status Knooppunt would answer with its refusals. */
export function CheckResult({ answer }: { answer: CheckAnswer }) {
  if (answer.geldig) {
    return (
      <Alert severity="success">
        <AlertTitle>{T.geldig}</AlertTitle>
        {answer.message}
      </Alert>
    );
  }
  return (
    <Alert severity="error">
      <AlertTitle>{T.ongeldig(answer.status)}</AlertTitle>
      {answer.details.length > 0 ? <FieldDetails details={answer.details} /> : answer.message}
    </Alert>
  );
}

/** 'Versturen' accepted: the message's id, to find it again in the run's report. */
export function SentResult({ accepted }: { accepted: Accepted }) {
  return (
    <Alert severity="success">
      <AlertTitle>{T.sent}</AlertTitle>
      <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        {T.berichtId}:
        <Box component="span" sx={MONOSPACE}>
          {accepted.id}
        </Box>
        <CopyButton text={accepted.id} label={T.copyBerichtId} />
      </Stack>
    </Alert>
  );
}

/**
 * A call that failed, in place: what the alert would say (spec 000 §8) and the server's own reason,
 * per field where it names fields — also behind 403 and 404 (no test configuration, another's
 * participant), whose generic text alone would not say what to do.
 */
export function CallErrorAlert({ title, error }: { title: string; error: unknown }) {
  const { message, detail } = alertContentOf(error);
  const answer = error instanceof ApiCallError ? error.answer : undefined;
  const details = answer?.details ?? [];
  const reason = detail ?? answer?.message;
  return (
    <Alert severity="error">
      <AlertTitle>{title}</AlertTitle>
      {message}
      {details.length > 0 ? (
        <FieldDetails details={details} />
      ) : (
        reason && (
          <Typography variant="body2" component="p">
            {reason}
          </Typography>
        )
      )}
    </Alert>
  );
}
