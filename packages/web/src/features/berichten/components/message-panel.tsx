import { MESSAGE_INDENT, type MessageView } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { SidePanel } from '@/components/side-panel/side-panel';
import { LABELS } from '@/lib/texts';

interface MessagePanelProps {
  message: MessageView | undefined;
  onClose: () => void;
}

/**
 * The right-hand panel of a message row: the message as JSON text, indented 2 spaces (spec 000 §2,
 * §9). A message whose payload retention removed says so above it (decision 0032).
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
      {shown?.dataRemoved && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {LABELS.berichten.dataRemoved(shown.dataRemoved.afterDays)}
        </Alert>
      )}
      {shown && (
        <Box
          component="pre"
          sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {JSON.stringify(shown, null, MESSAGE_INDENT)}
        </Box>
      )}
    </SidePanel>
  );
}
