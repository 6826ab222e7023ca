import { ERROR_TITLES, SUCCESS_MESSAGES, type Flow, type MessageView } from '@knooppunt/domain';
import { useNotify } from '@/components/notifications/notify-context';
import { useRetryMessage } from '../api/retry-message';

/** The alerts of a resend, per flow (spec 000 §8). */
const TEXTS: Record<Flow, { success: string; error: string }> = {
  aansluiting: { success: SUCCESS_MESSAGES.messageRetried, error: ERROR_TITLES.retryMessage },
  hoofdnet: { success: SUCCESS_MESSAGES.hoofdnetMessageRetried, error: ERROR_TITLES.retryHoofdnetMessage },
};

/** 'Opnieuw verzenden' of a flow's message, with its success or error alert; the lists are fetched again. */
export function useResend(flow: Flow) {
  const { notifyError, notifySuccess } = useNotify();
  const retry = useRetryMessage();
  return {
    resend: (message: MessageView) =>
      retry.mutate(
        { flow, id: message._id },
        {
          onSuccess: () => notifySuccess(TEXTS[flow].success),
          onError: (error) => notifyError(TEXTS[flow].error, error),
        },
      ),
    /** This message's resend is under way. */
    busy: (message: MessageView) => retry.isPending && retry.variables.id === message._id,
  };
}
