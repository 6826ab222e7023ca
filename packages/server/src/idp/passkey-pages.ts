import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PASSKEY_TEXTS } from '@knooppunt/domain';
import { escapeHtml } from '../lib/html';
import { PAGE_HEADERS } from './html';
import { MOUNT_PATH } from './provider';

/*
 * The passkey part of the login's second step (decision 0054, 'Passkeys'). The provider's pages
 * run no script but here: @simplewebauthn/browser, served from our own origin, and one constant
 * inline script, each allowed by name in the page's content security policy — its exact address
 * and the inline script's hash — and nothing else. Without script (or WebAuthn) the passkey part
 * stays hidden and the page works as before: the app's code, a recovery code.
 */

const require = createRequire(import.meta.url);

/** @simplewebauthn/browser's UMD bundle (the global `SimpleWebAuthnBrowser`), read once. */
function readLibrary(): { path: string; body: string } {
  // The package exports its entry points only: the bundle lies beside the CommonJS one.
  const entry = require.resolve('@simplewebauthn/browser');
  const body = readFileSync(path.join(path.dirname(entry), '..', 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
  // The address names the content: cached for ever, and a new version is a new address.
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return { path: `${MOUNT_PATH}/webauthn-${version}.js`, body };
}
let library: ReturnType<typeof readLibrary> | undefined;
const passkeyLibrary = () => (library ??= readLibrary());

/** Serves the library to the provider's pages. */
export function registerPasskeyLibrary(app: FastifyInstance, routeOptions: object): void {
  const { path: libraryPath, body } = passkeyLibrary();
  app.get(libraryPath, routeOptions, async (_request, reply) =>
    reply
      .headers({
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      })
      .send(body),
  );
}

/**
 * The page's script: runs the ceremony the button names with the options of the page's data block,
 * then posts the browser's answer in the button's form. The same text on every page, so one hash.
 */
const PAGE_SCRIPT = `(function () {
  var lib = window.SimpleWebAuthnBrowser;
  var section = document.getElementById('passkey-section');
  var button = document.getElementById('passkey');
  var problem = document.getElementById('passkey-problem');
  if (!lib || !section || !button || !lib.browserSupportsWebAuthn()) return;
  var options = JSON.parse(document.getElementById('passkey-options').textContent);
  section.hidden = false;
  button.addEventListener('click', function () {
    var ceremony = button.getAttribute('data-ceremony') === 'registration' ? lib.startRegistration : lib.startAuthentication;
    button.disabled = true;
    problem.hidden = true;
    ceremony({ optionsJSON: options }).then(
      function (answer) {
        button.form.elements.namedItem('response').value = JSON.stringify(answer);
        button.form.submit();
      },
      function () {
        problem.hidden = false;
        button.disabled = false;
      },
    );
  });
})();`;

const PAGE_SCRIPT_SRC = `'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`;

/**
 * The headers of a page with the passkey part: the provider's pages' own, with exactly the library
 * (at `origin`, PUBLIC_URL's) and the page's script allowed.
 */
export function passkeyPageHeaders(origin: string): Record<string, string> {
  return {
    ...PAGE_HEADERS,
    'content-security-policy': `${PAGE_HEADERS['content-security-policy']}; script-src ${PAGE_SCRIPT_SRC} ${origin}${passkeyLibrary().path}`,
  };
}

/** What the page needs for a ceremony: where to post, with which ticket, the browser's options. */
export interface PasskeyPrompt {
  action: string;
  ticket: string;
  ceremony: 'registration' | 'authentication';
  options: object;
}

/** JSON inside a script element: nothing in it may close the element. */
const jsonInScript = (value: object) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The passkey's button with its form, hidden until the page's script shows it, a message for a
 * ceremony that failed or was cancelled, `after` (a divider) below it; then the scripts.
 */
export function passkeySection(prompt: PasskeyPrompt, label: string, { before = '', after = '' } = {}): string {
  const primary = prompt.ceremony === 'authentication';
  return `<div id="passkey-section" hidden>
${before}<div id="passkey-problem" hidden><div class="alert" role="alert">${escapeHtml(PASSKEY_TEXTS.notUsed)}</div></div>
<form method="post" action="${escapeHtml(prompt.action)}">
<input type="hidden" name="ticket" value="${escapeHtml(prompt.ticket)}">
<input type="hidden" name="response" value="">
<button type="button" id="passkey" data-ceremony="${prompt.ceremony}"${primary ? '' : ' class="secondary"'}>${escapeHtml(label)}</button>
</form>
${after}</div>
<script type="application/json" id="passkey-options">${jsonInScript(prompt.options)}</script>
<script src="${escapeHtml(passkeyLibrary().path)}"></script>
<script>${PAGE_SCRIPT}</script>`;
}

/** A divider between two ways: '— of —'. */
export const orDivider = `<p class="or">${escapeHtml(PASSKEY_TEXTS.or)}</p>`;
