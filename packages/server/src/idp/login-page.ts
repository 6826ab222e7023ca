import { escapeHtml } from '../lib/html';
import { renderPage } from './html';
import { FORGOT_PASSWORD_PATH } from './password-links';

export const LOGIN_TEXTS = {
  title: 'Inloggen',
  email: 'E-mailadres',
  password: 'Wachtwoord',
  submit: 'Inloggen',
  forgot: 'Wachtwoord vergeten?',
  failed: 'Onbekend e-mailadres of onjuist wachtwoord.',
  locked: (minutes: number) =>
    `Te veel mislukte pogingen. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
  blocked: 'Uw account is geblokkeerd. Neem contact op met de beheerder van uw organisatie.',
  deactivated: 'Uw organisatie is gedeactiveerd in Knooppunt. Neem contact op met de beheerder van Knooppunt.',
  demoHint: (password: string) => `Demo-accounts, allemaal met wachtwoord <code>${escapeHtml(password)}</code>:`,
  demoPasswordOnly:
    'In de demo loggen zij in met alleen hun wachtwoord; zonder demo-modus stellen beheerders bij hun eerste login ook een tweede stap in (een authenticator-app).',
} as const;

export interface LoginPage {
  /** Where the form posts to: the interaction's own address. */
  action: string;
  email?: string | undefined;
  failed?: boolean;
  /** Too many failures: how many seconds the lock still lasts (shown in whole minutes). */
  lockedSeconds?: number | undefined;
  /** The right password of an account that may not log in: why not. */
  refused?: 'blocked' | 'deactivated' | undefined;
  /**
   * Demo mode only: the accounts to try, and their password; `passwordOnly` when no second
   * factor is required of them (MFA_REQUIRED none, demo mode's default).
   */
  demo?: { emails: string[]; password: string; passwordOnly?: boolean } | undefined;
}

export function renderLoginPage({
  action,
  email = '',
  failed = false,
  lockedSeconds,
  refused,
  demo,
}: LoginPage): string {
  const problem =
    lockedSeconds !== undefined
      ? LOGIN_TEXTS.locked(Math.ceil(lockedSeconds / 60))
      : refused
        ? LOGIN_TEXTS[refused]
        : failed
          ? LOGIN_TEXTS.failed
          : undefined;
  const alert = problem ? `<div class="alert" role="alert">${escapeHtml(problem)}</div>` : '';
  const hint = demo
    ? `<div class="hint">${LOGIN_TEXTS.demoHint(demo.password)}<ul>${demo.emails
        .map((address) => `<li><code>${escapeHtml(address)}</code></li>`)
        .join('')}</ul>${demo.passwordOnly ? `<p>${escapeHtml(LOGIN_TEXTS.demoPasswordOnly)}</p>` : ''}</div>`
    : '';
  // With an e-mail address already typed, the password is what needs fixing.
  const focusEmail = email ? '' : ' autofocus';
  const focusPassword = email ? ' autofocus' : '';
  return renderPage(
    LOGIN_TEXTS.title,
    `${alert}<form method="post" action="${escapeHtml(action)}">
<label for="email">${escapeHtml(LOGIN_TEXTS.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${escapeHtml(email)}"${focusEmail}>
<label for="password">${escapeHtml(LOGIN_TEXTS.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${focusPassword}>
<button type="submit">${escapeHtml(LOGIN_TEXTS.submit)}</button>
</form>
<p class="links"><a href="${FORGOT_PASSWORD_PATH}">${escapeHtml(LOGIN_TEXTS.forgot)}</a></p>${hint}`,
  );
}
