import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { LABELS } from '@/lib/texts';

/** The session or a screen is still loading. */
export function CenteredSpinner() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={LABELS.common.loading} />
    </Box>
  );
}
