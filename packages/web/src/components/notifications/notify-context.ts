import { createContext, use } from 'react';

/** What an alert says under its title. An `ApiCallError` already has this shape. */
export interface AlertContent {
  message: string;
  detail?: string | undefined;
}

export interface Notify {
  /** An error alert (auto-hides after ERROR_ALERT_MS); `error` is any thrown value or an explicit message. */
  notifyError: (title: string, error: unknown) => void;
  /** A success alert (auto-hides after SUCCESS_ALERT_MS); `message`, when given, says what comes next. */
  notifySuccess: (title: string, message?: string) => void;
}

export const NotifyContext = createContext<Notify | null>(null);

/**
 * The height an alert takes at the bottom of the window, with its distance to the edge, while one
 * is shown (unset otherwise): a dialog keeps clear of it (the theme's MuiDialog, decision 0058).
 */
export const TOAST_ROOM = '--knooppunt-toast-room';

export function useNotify(): Notify {
  const notify = use(NotifyContext);
  if (!notify) throw new Error('useNotify needs a NotificationProvider');
  return notify;
}

export function alertContentOf(error: unknown): AlertContent {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    const detail = 'detail' in error && typeof error.detail === 'string' ? error.detail : undefined;
    return { message: error.message, detail };
  }
  return { message: String(error) };
}
