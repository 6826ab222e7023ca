import { createHash } from 'node:crypto';
import { escapeHtml } from '../lib/html';
import { renderPage } from './html';

export const STATUS_TEXTS = {
  errorTitle: 'Inloggen lukt niet',
  retry: 'Ga terug naar het portaal en probeer het opnieuw.',
  toPortal: 'Naar Knooppunt beheer',
  errorCode: 'Foutcode',
  logoutTitle: 'Uitloggen',
  logoutQuestion: 'Wilt u uitloggen bij Knooppunt beheer?',
  logoutYes: 'Ja, uitloggen',
  logoutNo: 'Nee, ingelogd blijven',
  loggingOut: 'U wordt uitgelogd…',
  loggedOutTitle: 'Uitgelogd',
  loggedOut: 'U bent uitgelogd.',
  expired: 'Deze inlogpoging is verlopen of niet meer geldig.',
} as const;

/** Dutch for the OAuth error codes a person can run into; anything else gets the general sentence. */
const ERROR_TEXTS: Record<string, string> = {
  invalid_request: 'Het verzoek aan de inlogdienst is ongeldig.',
  invalid_client: 'Deze toepassing is niet bekend bij de inlogdienst.',
  invalid_redirect_uri: 'Het terugkeeradres van deze toepassing is niet toegestaan.',
  unauthorized_client: 'Deze toepassing mag op deze manier niet inloggen.',
  access_denied: 'De toegang is geweigerd.',
  login_required: STATUS_TEXTS.expired,
  interaction_required: STATUS_TEXTS.expired,
  invalid_grant: STATUS_TEXTS.expired,
  server_error: 'Er ging iets mis in de inlogdienst.',
  temporarily_unavailable:
    'De inlogdienst kan zijn database even niet bereiken. Probeer het over enkele seconden opnieuw.',
};
const GENERAL_ERROR = 'Er ging iets mis bij het inloggen.';

const portalLink = (portalUrl: string) =>
  `<a class="button" href="${escapeHtml(portalUrl)}">${escapeHtml(STATUS_TEXTS.toPortal)}</a>`;

/** An error page that names only the OAuth error code, never a description or stack. */
export function renderErrorPage(code: string | undefined, portalUrl: string): string {
  const text = (code && ERROR_TEXTS[code]) ?? GENERAL_ERROR;
  const reference = code && /^[a-z_]{1,64}$/.test(code) ? `<p class="code">${STATUS_TEXTS.errorCode}: ${code}</p>` : '';
  return renderPage(
    STATUS_TEXTS.errorTitle,
    `<p>${escapeHtml(text)}</p><p>${escapeHtml(STATUS_TEXTS.retry)}</p>${portalLink(portalUrl)}${reference}`,
  );
}

/**
 * The logout confirmation. `form` is the provider's hidden form (its action and anti-forgery
 * token); the buttons submit it, and only 'Ja' carries `logout=yes`.
 */
export function renderLogoutPage(form: string): string {
  return renderPage(
    STATUS_TEXTS.logoutTitle,
    `<p>${escapeHtml(STATUS_TEXTS.logoutQuestion)}</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(STATUS_TEXTS.logoutYes)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${escapeHtml(STATUS_TEXTS.logoutNo)}</button>`,
  );
}

/** Submits the logout form as soon as it is read; the page's only script (see below). */
const SUBMIT_LOGOUT = "document.getElementById('op.logoutForm').submit();";

/**
 * The content security policy source that allows exactly that script and nothing else: the
 * provider's pages otherwise run no script at all (html.ts PAGE_HEADERS).
 */
export const SUBMIT_LOGOUT_SCRIPT_SRC = `'sha256-${createHash('sha256').update(SUBMIT_LOGOUT).digest('base64')}'`;

/**
 * A logout the portal asked for with a valid ID token hint of this very session (decision 0028):
 * not asked again, the provider's form is sent at once with `logout=yes`. Without scripts the
 * user sees the one button that sends it.
 */
export function renderLoggingOutPage(form: string): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return renderPage(
    STATUS_TEXTS.logoutTitle,
    `<p>${escapeHtml(STATUS_TEXTS.loggingOut)}</p>${confirmed}
<noscript><button type="submit" form="op.logoutForm" autofocus>${escapeHtml(STATUS_TEXTS.logoutYes)}</button></noscript>
<script>${SUBMIT_LOGOUT}</script>`,
  );
}

/** After a logout without a known place to return to. */
export function renderLoggedOutPage(portalUrl: string): string {
  return renderPage(
    STATUS_TEXTS.loggedOutTitle,
    `<p>${escapeHtml(STATUS_TEXTS.loggedOut)}</p>${portalLink(portalUrl)}`,
  );
}
