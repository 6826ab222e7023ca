import { LABELS } from '../texts';

/** What react-oidc-context reports: the library's error, normalised, with the original inside. */
interface LoginError {
  name: string;
  message: string;
  innerError?: unknown;
}

/** The library's own texts for a return from the provider that belongs to no login of this browser. */
const STALE_RETURN = new Set([
  'No matching state found in storage',
  'No state in response',
  'State does not match',
  'Expected code in response',
]);

/** The provider's error codes (OAuth 2.0 / OpenID Connect) that say the user must simply log in again. */
const LOGIN_REQUIRED = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
]);

function providerErrorCode(error: LoginError): string | undefined {
  const inner = error.innerError as { name?: unknown; error?: unknown } | undefined;
  return inner?.name === 'ErrorResponse' && typeof inner.error === 'string' ? inner.error : undefined;
}

/**
 * The Dutch explanation of a failed login (decision 0028). The library's texts are English and
 * meant for developers, so they are never shown: the known ones are explained, anything else gets
 * a general text, and the original goes to the console for whoever helps the user.
 */
export function loginErrorText(error: LoginError): string {
  const texts = LABELS.loginErrors;
  const code = providerErrorCode(error);
  // invalid_grant: the code in the link was already redeemed or has expired.
  if (STALE_RETURN.has(error.message) || code === 'invalid_grant') return texts.staleLink;
  if (code === 'access_denied') return texts.cancelled;
  if (code && LOGIN_REQUIRED.has(code)) return texts.loginRequired;
  // A fetch that never got an answer (TypeError), the library's timeout, or the provider's 5xx.
  if (error.innerError instanceof TypeError || error.name === 'ErrorTimeout' || /\(5\d\d\)/.test(error.message)) {
    return texts.unreachable;
  }
  // eslint-disable-next-line no-console -- the one trace of an unknown login error for support (decision 0028)
  console.error('Inloggen mislukt:', error.innerError ?? error);
  return texts.general;
}
