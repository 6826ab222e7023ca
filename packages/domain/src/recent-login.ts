/*
 * Recent login for the dangerous actions (issue 31 item 2, decision 0055): changing roles of the
 * Beheerder group, creating or rotating a system client's secret, blocking a user, 'Alles opnieuw
 * versturen' and cancelling an order by hand need a login of the last `RECENT_LOGIN_MINUTES` (15
 * by default), read from the access token's `auth_time`. Older, the server answers 401 with the
 * challenge of RFC 9470 (OAuth 2.0 Step Up Authentication), which the portal recognises: it asks
 * the user to log in again and then repeats the action.
 */

/** The `error` of the `WWW-Authenticate: Bearer` challenge (RFC 9470 §3). */
export const RECENT_LOGIN_ERROR = 'insufficient_user_authentication';

/** The default window, in minutes. */
export const RECENT_LOGIN_DEFAULT_MINUTES = 15;

/** '15 minuten', '1 minuut', '30 seconden': a window as people read it. */
export function recentLoginWindow(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} seconden`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minuut' : `${minutes} minuten`;
}

export const RECENT_LOGIN_TEXTS = {
  /** The server's answer (and the portal's text when it cannot ask). */
  required: (seconds: number) =>
    `Voor deze actie moet u in de afgelopen ${recentLoginWindow(seconds)} zijn ingelogd. Log opnieuw in en probeer het nog eens.`,
} as const;

/**
 * The `max_age` (seconds) of a 401's `WWW-Authenticate` header when it is the recent-login
 * challenge; undefined for any other 401 (an expired or refused token).
 */
export function recentLoginChallenge(header: string | null | undefined): { maxAgeSeconds: number } | undefined {
  if (!header || !/^\s*Bearer\b/i.test(header)) return undefined;
  if (!new RegExp(`\\berror="?${RECENT_LOGIN_ERROR}"?`).test(header)) return undefined;
  const maxAge = /\bmax_age="?(\d+)"?/.exec(header)?.[1];
  return { maxAgeSeconds: maxAge === undefined ? RECENT_LOGIN_DEFAULT_MINUTES * 60 : Number(maxAge) };
}
