import type { MessageView } from '@knooppunt/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FactList, type Fact } from '@/components/fact-list/fact-list';
import { formatDateTime } from '@/lib/dates';
import { LABELS } from '@/lib/texts';

const T = LABELS.berichten.delivery;

/**
 * Whether and when a message was delivered, and its attempts, with the times as the list shows
 * them (issue 29): what a reader of the message panel asks first, above the message itself.
 */
export function MessageDelivery({ message }: { message: MessageView }) {
  const headingId = useId();
  const delivered = message.deliveredAt !== null;
  const facts: (Fact | false)[] = [
    delivered && [T.deliveredAt, formatDateTime(message.deliveredAt)],
    [LABELS.monitoring.created, formatDateTime(message.created)],
    [LABELS.berichten.failedAttempts, message.failedAttempts],
    message.failedAttempts > 0 &&
      message.lastAttempt !== null && [T.lastFailedAttempt, formatDateTime(message.lastAttempt)],
    !delivered && message.nextAttempt !== null && [LABELS.berichten.nextAttempt, formatDateTime(message.nextAttempt)],
    message.err !== null && [T.lastError, message.err.msg],
    message.err !== null && [T.traceId, message.err.traceId],
  ];
  return (
    <Stack component="section" aria-labelledby={headingId} sx={{ gap: 1, mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h3">
          {T.title}
        </Typography>
        <Chip
          size="small"
          label={delivered ? T.delivered : T.notDelivered}
          color={delivered ? 'success' : message.failedAttempts > 0 ? 'error' : 'default'}
          variant={delivered ? 'filled' : 'outlined'}
        />
      </Stack>
      <FactList facts={facts.filter((fact) => fact !== false)} />
    </Stack>
  );
}
