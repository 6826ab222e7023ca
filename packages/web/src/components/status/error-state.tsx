import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { alertContentOf } from '@/components/notifications/notify-context';
import { LABELS } from '@/lib/texts';

interface ErrorStateProps {
  title: string;
  message?: ReactNode;
  action?: { label: string; onClick: () => void; disabled?: boolean };
  /** Inside a table or panel: less room around it than on a page of its own. */
  inline?: boolean;
  /**
   * Read out when it appears (role 'alert'). By default on a page of its own; inline only where no
   * error alert over the page says the failure already.
   */
  announce?: boolean;
}

/** A failure that stops the page, a list or a panel from showing anything else. */
export function ErrorState({ title, message, action, inline = false, announce = !inline }: ErrorStateProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: inline ? 0 : 2, py: inline ? 3 : 8 }}>
      <Alert
        severity="error"
        role={announce ? 'alert' : 'none'}
        sx={{ width: '100%', maxWidth: 640, textAlign: 'start' }}
        action={
          action && (
            <Button
              color="inherit"
              size="small"
              disabled={action.disabled}
              onClick={action.onClick}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {action.label}
            </Button>
          )
        }
      >
        <AlertTitle>{title}</AlertTitle>
        {message}
      </Alert>
    </Box>
  );
}

interface LoadErrorStateProps {
  /** What could not be loaded: 'Deze lijst kon niet worden geladen'. */
  title: string;
  /** The failed query's error: its message (and detail) says why. */
  error: unknown;
  /** Fetches again: the button 'Opnieuw proberen'. */
  onRetry: () => void;
  /** A fetch is under way: the button waits for it. */
  retrying?: boolean;
  /** No error alert over the page says the failure: this state is read out when it appears. */
  announce?: boolean;
}

/**
 * A list or panel whose data could not be fetched: what failed, why, and 'Opnieuw proberen'. In
 * place of the data, so a failed load never looks like an empty list or a spinner that never ends.
 */
export function LoadErrorState({ title, error, onRetry, retrying = false, announce = false }: LoadErrorStateProps) {
  const { message, detail } = alertContentOf(error);
  return (
    <ErrorState
      inline
      announce={announce}
      title={title}
      message={
        <>
          {message}
          {detail && (
            <Box component="span" sx={{ display: 'block' }}>
              {detail}
            </Box>
          )}
        </>
      }
      action={{ label: LABELS.common.retry, onClick: onRetry, disabled: retrying }}
    />
  );
}
