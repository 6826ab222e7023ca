import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { isDatabaseUnavailable } from '../db/errors';
import { OUTAGE_RETRY_AFTER_SECONDS, OUTAGE_TEXT } from '../errors';
import { renderErrorPage } from './status-pages';

/**
 * The provider answers an error it did not expect with 500 `server_error`; when the cause is the
 * database out of reach, the answer becomes 503 with Retry-After (decision 0048), as the rest of the
 * server answers: `temporarily_unavailable` (RFC 6749 §4.1.2.1) for a client, a page for a browser.
 * The provider emits `server_error` after it set the answer and before it is sent.
 */
export function answerOutagesAsUnavailable(provider: Provider, portalUrl: string): void {
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (!isDatabaseUnavailable(error)) return;
    ctx.status = 503;
    ctx.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    ctx.body =
      typeof ctx.body === 'string'
        ? renderErrorPage('temporarily_unavailable', portalUrl)
        : { error: 'temporarily_unavailable', error_description: OUTAGE_TEXT };
  });
}
