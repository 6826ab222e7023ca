import type { MessageView } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ReplayIcon from '@mui/icons-material/Replay';
import { CopyButton } from '@/components/copy-button/copy-button';
import { LABELS } from '@/lib/texts';

interface MessageActionsProps {
  message: MessageView;
  onResend: (message: MessageView) => void;
  /** The resend of this message is under way. */
  busy: boolean;
  /** Berichten offer copying the trace id too; Uitval only the resend. */
  copyTraceId: boolean;
}

/**
 * The options of a message row: offered only when its error has a trace id (spec 000 §2, spec 001
 * §2.6). A message delivered after all keeps its last error but has no next attempt: resending it
 * would only be refused, so only its trace id can be copied.
 */
export function MessageActions({ message, onResend, busy, copyTraceId }: MessageActionsProps) {
  const traceId = message.err?.traceId;
  if (!traceId) return null;
  const delivered = message.nextAttempt === null;
  // Each row's buttons say which message they act on: 'Opnieuw verzenden: Opdracht A-1'.
  const forMessage = (action: string) =>
    LABELS.common.forRow(action, LABELS.berichten.panelTitle(message.type, message.opdrachtId));
  return (
    // Clicks on the options do not open the row's panel.
    <Stack direction="row" onClick={(event) => event.stopPropagation()}>
      {delivered ? (
        // An empty slot keeps the copy buttons of all rows in line.
        <Box sx={{ width: 30 }} />
      ) : (
        <Tooltip title={LABELS.berichten.resend}>
          <span>
            <IconButton
              size="small"
              aria-label={forMessage(LABELS.berichten.resend)}
              disabled={busy}
              onClick={() => onResend(message)}
            >
              <ReplayIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {copyTraceId && (
        <CopyButton
          text={traceId}
          label={LABELS.berichten.copyTraceId}
          name={forMessage(LABELS.berichten.copyTraceId)}
          copiedLabel={LABELS.berichten.traceIdCopied}
        />
      )}
    </Stack>
  );
}
