import type { OutboundError } from './errors';
import type { OutboundResponse } from './client';
import type { CheckResult } from '@knooppunt/domain';
import { CHECK_TEXTS } from './response-texts';

/** Long enough to show an error page or JSON answer, short enough for a dialog. */
const MAX_EXCERPT_CHARS = 2000;

/** Keys whose values are credentials; a participant's answer may carry them (refresh_token, id_token). */
const SECRET_KEY = /token|secret|password|assertion/i;

export function statusLine(response: OutboundResponse): string {
  return CHECK_TEXTS.statusLine(response.status, response.statusText);
}

/**
 * The body as the dialog shows it: JSON pretty-printed with credential fields hidden, anything else
 * (XML, HTML, text) as it came, so the portal can recognise and show it as code. Undefined when empty.
 */
export function bodyExcerpt(response: OutboundResponse): string | undefined {
  const text = response.text.trim();
  if (!text) return undefined;
  const parsed = parseJson(text);
  const shown = typeof parsed === 'object' && parsed !== null ? JSON.stringify(hideSecrets(parsed), null, 2) : text;
  if (shown.length > MAX_EXCERPT_CHARS) return shown.slice(0, MAX_EXCERPT_CHARS) + CHECK_TEXTS.truncated;
  return response.truncated ? shown + CHECK_TEXTS.truncated : shown;
}

/** The status line and the body excerpt: the lines a failed HTTP answer is explained by. */
export function responseDetails(response: OutboundResponse): string[] {
  return [statusLine(response), bodyExcerpt(response)].filter((line) => line !== undefined);
}

export function failedCall(error: OutboundError): CheckResult {
  return { success: false, message: error.message, details: error.reason ? [CHECK_TEXTS.errorCode(error.reason)] : [] };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function hideSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) && typeof inner === 'string' ? CHECK_TEXTS.hidden : hideSecrets(inner),
    ]),
  );
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The secret as a value: not where its characters are part of a longer word ('sec' in
 * 'seconden'). A side that is a letter, digit or `_` must border on something else, or on a JSON
 * escape such as `\n`; a side that is punctuation delimits itself.
 */
function asValue(secret: string): RegExp {
  const before = WORD_CHAR.test(secret.at(0) ?? '') ? '(?:(?<![\\p{L}\\p{N}_])|(?<=\\\\[bfnrt]))' : '';
  const after = WORD_CHAR.test(secret.at(-1) ?? '') ? '(?![\\p{L}\\p{N}_])' : '';
  return new RegExp(`${before}${escapeRegExp(secret)}${after}`, 'gu');
}

/**
 * Last line of defence: whatever a participant echoes back (its error page quoting our request,
 * say), the client secret and the access token never reach the portal, in any common encoding —
 * masked where they stand as a value (a form field, a header, a JSON string), never inside other
 * words (decision 0057).
 */
export function redact(result: CheckResult, secrets: string[]): CheckResult {
  const patterns = secrets
    .filter((secret) => secret.length > 0)
    .flatMap((secret) => [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)])
    .sort((a, b) => b.length - a.length)
    .map(asValue);
  const clean = (text: string) => patterns.reduce((line, pattern) => line.replace(pattern, CHECK_TEXTS.hidden), text);
  return { success: result.success, message: clean(result.message), details: result.details.map(clean) };
}
