import { ERROR_TITLES, SUCCESS_MESSAGES, type Flow, type MessageView } from '@knooppunt/domain';
import { useRef, useState } from 'react';
import { useNotify } from '@/components/notifications/notify-context';
import { useRetryMessage } from '../api/retry-message';

/** The alerts of a resend, per flow (spec 000 §8). */
const TEXTS: Record<Flow, { success: string; error: string }> = {
  aansluiting: { success: SUCCESS_MESSAGES.messageRetried, error: ERROR_TITLES.retryMessage },
  hoofdnet: { success: SUCCESS_MESSAGES.hoofdnetMessageRetried, error: ERROR_TITLES.retryHoofdnetMessage },
};

/**
 * 'Opnieuw verzenden' of a flow's message, with its success or error alert; the lists are fetched
 * again. A message's resend is sent once however often it is clicked while under way: the
 * disabled button shows only after a render, and a double click lands before it (decision 0025).
 * Resends of different messages run side by side.
 */
export function useResend(flow: Flow) {
  const { notifyError, notifySuccess } = useNotify();
  const retry = useRetryMessage();
  const pending = useRef(new Set<string>());
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const settle = (id: string) => {
    pending.current.delete(id);
    setBusyIds(new Set(pending.current));
  };
  return {
    resend: (message: MessageView) => {
      const id = message._id;
      if (pending.current.has(id)) return;
      pending.current.add(id);
      setBusyIds(new Set(pending.current));
      // mutateAsync: mutate's own callbacks fire for the latest call only, and two messages may be under way.
      retry
        .mutateAsync({ flow, id })
        .then(
          () => notifySuccess(TEXTS[flow].success),
          (error: unknown) => notifyError(TEXTS[flow].error, error),
        )
        .finally(() => settle(id));
    },
    /** This message's resend is under way. */
    busy: (message: MessageView) => busyIds.has(message._id),
  };
}
