import type { OpdrachtHistoryBericht } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';

const T = LABELS.opdrachten.historie;

interface HistoryBerichtenProps {
  berichten: readonly OpdrachtHistoryBericht[];
  /** Opens the message's own panel, as Berichten does. */
  onOpen: (bericht: OpdrachtHistoryBericht) => void;
}

/**
 * The order's messages in the order Knooppunt accepted them: each with who sent it to whom, when
 * it was accepted and delivered (or its failed attempts and last error) and the status it brought.
 * Each is a button that opens the message's panel.
 */
export function HistoryBerichten({ berichten, onOpen }: HistoryBerichtenProps) {
  if (berichten.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {T.geenBerichten}
      </Typography>
    );
  }
  return (
    <List component="ol" disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {berichten.map((bericht, index) => (
        <ListItem key={bericht.id} disablePadding divider={index < berichten.length - 1}>
          <ListItemButton onClick={() => onOpen(bericht)} sx={{ alignItems: 'flex-start', gap: 1.5, py: 1 }}>
            <DeliveryIcon bericht={bericht} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" component="span">
                  {bericht.type}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={bericht.statusText ?? T.statusOnbekend}
                  sx={{ maxWidth: '100%' }}
                />
                {bericht.planStatusText && (
                  <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
                    {LABELS.opdrachten.planStatus(bericht.planStatusText)}
                  </Typography>
                )}
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {T.route(bericht.sender, bericht.receiver)}
              </Typography>
              <Delivery bericht={bericht} />
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

function DeliveryIcon({ bericht }: { bericht: OpdrachtHistoryBericht }) {
  const sx = { mt: 0.25 };
  if (bericht.deliveredAt) return <CheckCircleOutlineIcon color="success" fontSize="small" sx={sx} aria-hidden />;
  if (bericht.failedAttempts > 0) return <ErrorOutlineIcon color="error" fontSize="small" sx={sx} aria-hidden />;
  return <ScheduleIcon color="action" fontSize="small" sx={sx} aria-hidden />;
}

/** Accepted, then delivered — or its failed attempts, the last error and when it is tried next. */
function Delivery({ bericht }: { bericht: OpdrachtHistoryBericht }) {
  const line = (text: string, color = 'text.secondary') => (
    <Typography variant="body2" sx={{ color, overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
  const failed = bericht.failedAttempts > 0;
  const attempts = [
    T.mislukt(bericht.failedAttempts),
    bericht.lastAttempt && `${T.laatstePoging} ${formatDateTime(bericht.lastAttempt)}`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      {line(`${T.geaccepteerd} ${formatDateTime(bericht.created)}`)}
      {bericht.deliveredAt ? (
        line(`${T.afgeleverd} ${formatDateTime(bericht.deliveredAt)}${failed ? ` (${attempts})` : ''}`, 'text.primary')
      ) : (
        <>
          {line(failed ? attempts : T.wacht, failed ? 'error.main' : 'text.primary')}
          {bericht.nextAttempt && line(`${T.volgendePoging} ${formatDateTime(bericht.nextAttempt)}`)}
        </>
      )}
      {bericht.receipt && line(T.ontvangstbewijs(bericht.receipt.claims.status, bericht.receipt.claims.attempt))}
      {!bericht.deliveredAt && bericht.err && line(bericht.err.msg, 'error.main')}
    </>
  );
}
