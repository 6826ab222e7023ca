import { useSyncExternalStore } from 'react';

/*
 * A dangerous action refused for want of a recent login (decision 0055). The API client asks here
 * and waits: the recent-login dialog shows the request, the user logs in again (a popup keeps the
 * page as it is), and the client repeats the call with the new token. Kept outside React because
 * the client is plain code, configured once in main.tsx.
 */

export interface RecentLoginRequest {
  /** The window the server named (`max_age`), for the dialog's text. */
  maxAgeSeconds: number;
}

interface Pending extends RecentLoginRequest {
  resolve: (accessToken: string | undefined) => void;
}

let pending: Pending | undefined;
const listeners = new Set<() => void>();

function set(next: Pending | undefined): void {
  pending = next;
  for (const listener of listeners) listener();
}

export const recentLogin = {
  /**
   * Asks for a new login; answers the new access token, or undefined when the user declined.
   * Calls refused together share one question.
   */
  request(maxAgeSeconds: number): Promise<string | undefined> {
    return new Promise((resolve) => {
      const earlier = pending;
      set({
        maxAgeSeconds,
        resolve: (token) => {
          earlier?.resolve(token);
          resolve(token);
        },
      });
    });
  },
  /** The user logged in again: every waiting call goes on with this token. */
  done(accessToken: string): void {
    const current = pending;
    set(undefined);
    current?.resolve(accessToken);
  },
  /** The user declined: every waiting call fails with the server's reason. */
  cancel(): void {
    const current = pending;
    set(undefined);
    current?.resolve(undefined);
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The question open now, if any. */
export function useRecentLoginRequest(): RecentLoginRequest | undefined {
  return useSyncExternalStore(subscribe, () => pending);
}
