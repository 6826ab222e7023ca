import { ERROR_ALERT_MS, SUCCESS_ALERT_MS } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useReducer, useState, type ReactNode } from 'react';
import { SessionEndedError } from '@/lib/api-client';
import { LABELS } from '@/lib/texts';
import { alertContentOf, NotifyContext, TOAST_ROOM, type AlertContent, type Notify } from './notify-context';

interface Notification extends Partial<AlertContent> {
  id: number;
  severity: 'error' | 'success';
  title: string;
}

interface State {
  queue: Notification[];
  /**
   * The alert on screen has started to appear. One closed before that would never run its exit
   * transition, and the queue would wait for it forever.
   */
  shown: boolean;
  /** The alert on screen should leave: it timed out, was closed, or a newer one waits. */
  leaving: boolean;
  nextId: number;
}

type Action =
  { type: 'push'; notification: Omit<Notification, 'id'> } | { type: 'close' } | { type: 'shown' } | { type: 'exited' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'push':
      return {
        ...state,
        queue: [...state.queue, { ...action.notification, id: state.nextId }],
        // A newer alert makes the current one give way at once rather than wait out its time.
        leaving: state.leaving || state.queue.length > 0,
        nextId: state.nextId + 1,
      };
    case 'close':
      return { ...state, leaving: true };
    case 'shown':
      return { ...state, shown: true };
    case 'exited':
      return { ...state, queue: state.queue.slice(1), shown: false, leaving: state.queue.length > 2 };
  }
}

/**
 * Shows the alerts of `useNotify()` one at a time, newest last, at the bottom left of the screen:
 * beside the right-hand panel, and with room kept free by an open dialog (decision 0058).
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, { queue: [], shown: false, leaving: false, nextId: 1 });
  const current = state.queue[0];
  const [room, setRoom] = useState(0);
  // The alert's height changes with its text and the window's width: measured whenever it does.
  const measureRoom = useCallback((snackbar: HTMLDivElement | null) => {
    if (!snackbar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setRoom(snackbar.offsetHeight + Number.parseFloat(getComputedStyle(snackbar).bottom)),
    );
    observer.observe(snackbar);
    return () => {
      observer.disconnect();
      setRoom(0);
    };
  }, []);

  const notify = useMemo<Notify>(
    () => ({
      notifyError: (title, error) => {
        // The session-ended dialog says it once, instead of an alert for every call it refused.
        if (error instanceof SessionEndedError) return;
        dispatch({ type: 'push', notification: { severity: 'error', title, ...alertContentOf(error) } });
      },
      notifySuccess: (title, message) =>
        dispatch({ type: 'push', notification: { severity: 'success', title, ...(message && { message }) } }),
    }),
    [],
  );

  const close = () => dispatch({ type: 'close' });

  return (
    <NotifyContext value={notify}>
      {children}
      {room > 0 && <GlobalStyles styles={{ ':root': { [TOAST_ROOM]: `${room}px` } }} />}
      {current && (
        // Outside the app's root, so a dialog that is open (and hides the rest of the page from
        // assistive technology) does not hide the alert about what it just did.
        <Portal>
          <Snackbar
            key={current.id}
            ref={measureRoom}
            open={!(state.leaving && state.shown)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
            autoHideDuration={current.severity === 'error' ? ERROR_ALERT_MS : SUCCESS_ALERT_MS}
            // An error must be read: a click elsewhere on the page does not dismiss it.
            onClose={(_event, reason) => reason !== 'clickaway' && close()}
            slotProps={{
              transition: {
                onEnter: () => dispatch({ type: 'shown' }),
                onExited: () => dispatch({ type: 'exited' }),
              },
            }}
          >
            <Alert
              severity={current.severity}
              variant="filled"
              onClose={close}
              closeText={LABELS.common.close}
              sx={{ width: '100%', minWidth: 360, maxWidth: 640 }}
            >
              <AlertTitle>{current.title}</AlertTitle>
              {current.message}
              {current.detail && (
                <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
                  {current.detail}
                </Typography>
              )}
            </Alert>
          </Snackbar>
        </Portal>
      )}
    </NotifyContext>
  );
}
