import type { SystemClient } from '@knooppunt/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';

/** Actief or Ingetrokken; while a rotated-out secret still works, until when. */
export function ClientStatus({ client }: { client: SystemClient }) {
  const active = client.status === 'actief';
  return (
    <Stack sx={{ alignItems: 'flex-start', gap: 0.5, minWidth: 140 }}>
      <Chip
        size="small"
        label={LABELS.clients.statuses[client.status]}
        color={active ? 'success' : 'default'}
        variant={active ? 'filled' : 'outlined'}
      />
      {active && client.vorigGeheimGeldigTot && (
        <Typography variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
          {LABELS.clients.previousSecretUntil}
          <br />
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(client.vorigGeheimGeldigTot)}</span>
        </Typography>
      )}
    </Stack>
  );
}
