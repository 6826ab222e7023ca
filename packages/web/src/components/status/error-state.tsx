import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface ErrorStateProps {
  title: string;
  message?: string | undefined;
  action?: { label: string; onClick: () => void };
}

/** A failure that stops the page from showing anything else: login, start-up, a broken route. */
export function ErrorState({ title, message, action }: ErrorStateProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 8 }}>
      <Alert
        severity="error"
        sx={{ width: '100%', maxWidth: 640 }}
        action={
          action && (
            <Button color="inherit" size="small" onClick={action.onClick} sx={{ whiteSpace: 'nowrap' }}>
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
