import { MESSAGE_INDENT, type MessageView } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SidePanel } from '@/components/side-panel/side-panel';
import { LABELS } from '@/lib/texts';
import { MessageDelivery } from './message-delivery';

interface MessagePanelProps {
  message: MessageView | undefined;
  onClose: () => void;
}

/**
 * The right-hand panel of a message, opened from a row of Berichten or Uitval and from an order's
 * history on Opdrachten (decision 0059): whether and when it was delivered and its attempts
 * (issue 29), then the message as JSON text, indented 2 spaces, with the specs' fields (spec 000
 * §2, §9). A message whose payload retention removed says so above it (decision 0032).
 */
export function MessagePanel({ message, onClose }: MessagePanelProps) {
  // The last message stays on screen while the panel slides away.
  const [shown, setShown] = useState(message);
  if (message && message !== shown) setShown(message);
  return (
    <SidePanel
      open={Boolean(message)}
      title={shown ? LABELS.berichten.panelTitle(shown.type, shown.opdrachtId) : ''}
      onClose={onClose}
    >
      {shown && (
        <>
          <MessageDelivery message={shown} />
          <Divider sx={{ mb: 2 }} />
          {shown.dataRemoved && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {LABELS.berichten.dataRemoved(shown.dataRemoved.afterDays)}
            </Alert>
          )}
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {LABELS.berichten.delivery.message}
          </Typography>
          <Box
            component="pre"
            sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {JSON.stringify(specFields(shown), null, MESSAGE_INDENT)}
          </Box>
        </>
      )}
    </SidePanel>
  );
}

/** The message as the specs' Message has it: the delivery time is shown above, not in the JSON. */
function specFields(message: MessageView) {
  const { deliveredAt: _deliveredAt, ...fields } = message;
  return fields;
}
