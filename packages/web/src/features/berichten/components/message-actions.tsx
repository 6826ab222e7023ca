import type { MessageView } from '@knooppunt/domain';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
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
 * §2.6). A message delivered after all keeps its last error and can be sent again too, with the
 * same Idempotency-Key: the user confirms first that it was delivered already (decision 0031).
 * One whose payload retention removed cannot: its resend is disabled, the tooltip says why.
 */
export function MessageActions({ message, onResend, busy, copyTraceId }: MessageActionsProps) {
  const [asking, setAsking] = useState(false);
  const traceId = message.err?.traceId;
  if (!traceId) return null;
  const delivered = message.nextAttempt === null;
  // Retention removed its payload (decision 0032): nothing left to send, the server refuses it.
  const removed = message.dataRemoved;
  const name = LABELS.berichten.panelTitle(message.type, message.opdrachtId);
  // Each row's buttons say which message they act on: 'Opnieuw verzenden: Opdracht A-1'.
  const forMessage = (action: string) => LABELS.common.forRow(action, name);
  return (
    // Clicks on the options (and in the dialog they open) do not open the row's panel.
    <Stack direction="row" onClick={(event) => event.stopPropagation()}>
      <Tooltip title={removed ? LABELS.berichten.resendDataRemoved(removed.afterDays) : LABELS.berichten.resend}>
        <span>
          <IconButton
            size="small"
            aria-label={forMessage(LABELS.berichten.resend)}
            disabled={busy || Boolean(removed)}
            onClick={() => (delivered ? setAsking(true) : onResend(message))}
          >
            <ReplayIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {copyTraceId && (
        <CopyButton
          text={traceId}
          label={LABELS.berichten.copyTraceId}
          name={forMessage(LABELS.berichten.copyTraceId)}
          copiedLabel={LABELS.berichten.traceIdCopied}
        />
      )}
      {asking && (
        <ConfirmDialog
          open
          title={LABELS.berichten.resend}
          text={LABELS.berichten.resendDeliveredText(name)}
          onConfirm={() => {
            setAsking(false);
            onResend(message);
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}
