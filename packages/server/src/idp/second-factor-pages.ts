import { PASSKEY_TEXTS, SECOND_FACTOR_TEXTS } from '@knooppunt/domain';
import { escapeHtml } from '../lib/html';
import { renderPage } from './html';
import { LOGIN_TEXTS } from './login-page';
import { orDivider, passkeySection, type PasskeyPrompt } from './passkey-pages';

/*
 * The second factor's pages at the embedded provider's login (decision 0054). Each form carries
 * the sealed ticket of the login so far (second-factor-login.ts); the interaction's cookie binds
 * it to the browser that started the login.
 */

const hidden = (ticket: string) => `<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">`;

const alertOf = (
  failed: boolean,
  lockedSeconds: number | undefined,
  failedText: string = SECOND_FACTOR_TEXTS.failed,
) => {
  const problem =
    lockedSeconds !== undefined ? LOGIN_TEXTS.locked(Math.ceil(lockedSeconds / 60)) : failed ? failedText : undefined;
  return problem ? `<div class="alert" role="alert">${escapeHtml(problem)}</div>` : '';
};

const codeField = (hint?: string, label: string = SECOND_FACTOR_TEXTS.codeLabel) =>
  `<label for="code">${escapeHtml(label)}</label>
<input id="code" name="code" type="text" inputmode="text" autocomplete="one-time-code" required maxlength="32" autofocus${
    hint ? ' aria-describedby="code-hint"' : ''
  }>${hint ? `<p id="code-hint" class="field-hint">${escapeHtml(hint)}</p>` : ''}`;

/** What went wrong with the last try: a wrong code, a passkey not recognised, or a lock. */
interface Shown {
  failed?: boolean;
  passkeyFailed?: boolean;
  lockedSeconds?: number | undefined;
}

const problemOf = (page: Shown, passkeyFailed: string = PASSKEY_TEXTS.failed) =>
  alertOf(
    (page.failed ?? false) || (page.passkeyFailed ?? false),
    page.lockedSeconds,
    page.passkeyFailed ? passkeyFailed : SECOND_FACTOR_TEXTS.failed,
  );

/**
 * The second step of an enrolled user: its passkey (when it has one; a button, shown by script),
 * the app's code (when it has the app) or else a recovery code.
 */
export function renderSecondFactorPage(
  page: { action: string; ticket: string; app?: boolean; passkey?: PasskeyPrompt | undefined } & Shown,
): string {
  const app = page.app ?? true;
  const passkey = page.passkey
    ? `${passkeySection(page.passkey, PASSKEY_TEXTS.use, { after: orDivider })}
<noscript><p class="info">${escapeHtml(PASSKEY_TEXTS.needsScript)}</p></noscript>
`
    : '';
  const field = app
    ? codeField(SECOND_FACTOR_TEXTS.codeHint)
    : codeField(PASSKEY_TEXTS.recoveryHint, PASSKEY_TEXTS.recoveryLabel);
  return renderPage(
    SECOND_FACTOR_TEXTS.title,
    `${problemOf(page)}${passkey}<form method="post" action="${escapeHtml(page.action)}">
${hidden(page.ticket)}
${field}
<button type="submit">${escapeHtml(SECOND_FACTOR_TEXTS.submit)}</button>
</form>`,
  );
}

/**
 * Enrolment: the QR code (an inline SVG), the key by hand, the first code; or, below, a passkey
 * registered instead (a button, shown by script).
 */
export function renderEnrolPage(
  page: { action: string; ticket: string; qrSvg: string; secret: string; passkey?: PasskeyPrompt | undefined } & Shown,
): string {
  const grouped = page.secret.match(/.{1,4}/g)?.join(' ') ?? page.secret;
  return renderPage(
    SECOND_FACTOR_TEXTS.enrolTitle,
    `${problemOf(page, PASSKEY_TEXTS.enrolFailed)}<p>${escapeHtml(SECOND_FACTOR_TEXTS.enrolIntro)}</p>
<div class="qr" role="img" aria-label="QR-code voor uw authenticator-app">${page.qrSvg}</div>
<p>${escapeHtml(SECOND_FACTOR_TEXTS.enrolManual)}</p>
<p class="secret" id="secret">${escapeHtml(grouped)}</p>
<form method="post" action="${escapeHtml(page.action)}">
${hidden(page.ticket)}
${codeField()}
<button type="submit">${escapeHtml(SECOND_FACTOR_TEXTS.enrolSubmit)}</button>
</form>${
      page.passkey
        ? `\n${passkeySection(page.passkey, PASSKEY_TEXTS.enrol, {
            before: `${orDivider}\n<p>${escapeHtml(PASSKEY_TEXTS.enrolIntro)}</p>\n`,
          })}`
        : ''
    }`,
  );
}

/** The recovery codes, shown once, right after enrolment (`intro`: what they stand in for). */
export function renderRecoveryCodesPage(page: {
  action: string;
  ticket: string;
  codes: string[];
  intro?: string;
}): string {
  return renderPage(
    SECOND_FACTOR_TEXTS.recoveryTitle,
    `<p>${escapeHtml(page.intro ?? SECOND_FACTOR_TEXTS.recoveryIntro)}</p>
<ul class="codes">${page.codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('')}</ul>
<form method="post" action="${escapeHtml(page.action)}">
${hidden(page.ticket)}
<button type="submit">${escapeHtml(SECOND_FACTOR_TEXTS.recoveryContinue)}</button>
</form>`,
  );
}
