import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LABELS } from '@/lib/texts';

/** The outcome of creating a user or synchronising, with what the administrator has to act on. */
export interface Result {
  title: string;
  /** A one-time set-password link to pass on to the new user. */
  link?: string | undefined;
  lines?: readonly string[];
}

/**
 * Stays until closed, unlike the success toast: the administrator has to copy the link or read
 * the synchronisation's messages.
 */
export function ResultAlert({ result, onClose }: { result: Result; onClose: () => void }) {
  return (
    <Alert severity="success" onClose={onClose} closeText={LABELS.common.close} role="status" sx={{ mb: 2 }}>
      <AlertTitle>{result.title}</AlertTitle>
      {result.lines?.map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
      {result.link && (
        <Typography variant="body2">
          {LABELS.gebruikers.setPasswordLink}{' '}
          <Link href={result.link} target="_blank" rel="noopener" sx={{ wordBreak: 'break-all' }}>
            {result.link}
          </Link>
        </Typography>
      )}
    </Alert>
  );
}
