import { SECOND_FACTOR_TEXTS } from '@knooppunt/domain';
import { escapeHtml } from '../lib/html';
import { renderPage } from './html';
import { LOGIN_TEXTS } from './login-page';

/*
 * The second factor's pages at the embedded provider's login (decision 0054). Each form carries
 * the sealed ticket of the login so far (second-factor-login.ts); the interaction's cookie binds
 * it to the browser that started the login.
 */

const hidden = (ticket: string) => `<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">`;

const alertOf = (failed: boolean, lockedSeconds: number | undefined) => {
  const problem =
    lockedSeconds !== undefined
      ? LOGIN_TEXTS.locked(Math.ceil(lockedSeconds / 60))
      : failed
        ? SECOND_FACTOR_TEXTS.failed
        : undefined;
  return problem ? `<div class="alert" role="alert">${escapeHtml(problem)}</div>` : '';
};

const codeField = (hint?: string) =>
  `<label for="code">${escapeHtml(SECOND_FACTOR_TEXTS.codeLabel)}</label>
<input id="code" name="code" type="text" inputmode="text" autocomplete="one-time-code" required maxlength="32" autofocus${
    hint ? ' aria-describedby="code-hint"' : ''
  }>${hint ? `<p id="code-hint" class="field-hint">${escapeHtml(hint)}</p>` : ''}`;

/** The code of an enrolled user's app (or a recovery code). */
export function renderSecondFactorPage(page: {
  action: string;
  ticket: string;
  failed?: boolean;
  lockedSeconds?: number | undefined;
}): string {
  return renderPage(
    SECOND_FACTOR_TEXTS.title,
    `${alertOf(page.failed ?? false, page.lockedSeconds)}<form method="post" action="${escapeHtml(page.action)}">
${hidden(page.ticket)}
${codeField(SECOND_FACTOR_TEXTS.codeHint)}
<button type="submit">${escapeHtml(SECOND_FACTOR_TEXTS.submit)}</button>
</form>`,
  );
}

/** Enrolment: the QR code (an inline SVG: the pages load nothing), the key by hand, the first code. */
export function renderEnrolPage(page: {
  action: string;
  ticket: string;
  qrSvg: string;
  secret: string;
  failed?: boolean;
  lockedSeconds?: number | undefined;
}): string {
  const grouped = page.secret.match(/.{1,4}/g)?.join(' ') ?? page.secret;
  return renderPage(
    SECOND_FACTOR_TEXTS.enrolTitle,
    `${alertOf(page.failed ?? false, page.lockedSeconds)}<p>${escapeHtml(SECOND_FACTOR_TEXTS.enrolIntro)}</p>
<div class="qr" role="img" aria-label="QR-code voor uw authenticator-app">${page.qrSvg}</div>
<p>${escapeHtml(SECOND_FACTOR_TEXTS.enrolManual)}</p>
<p class="secret" id="secret">${escapeHtml(grouped)}</p>
<form method="post" action="${escapeHtml(page.action)}">
${hidden(page.ticket)}
${codeField()}
<button type="submit">${escapeHtml(SECOND_FACTOR_TEXTS.enrolSubmit)}</button>
</form>`,
  );
}

/** The recovery codes, shown once, right after enrolment. */
export function renderRecoveryCodesPage(page: { action: string; ticket: string; codes: string[] }): string {
  return renderPage(
    SECOND_FACTOR_TEXTS.recoveryTitle,
    `<p>${escapeHtml(SECOND_FACTOR_TEXTS.recoveryIntro)}</p>
<ul class="codes">${page.codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('')}</ul>
<form method="post" action="${escapeHtml(page.action)}">
${hidden(page.ticket)}
<button type="submit">${escapeHtml(SECOND_FACTOR_TEXTS.recoveryContinue)}</button>
</form>`,
  );
}
