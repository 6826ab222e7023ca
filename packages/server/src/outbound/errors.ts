/** Dutch texts of failed outbound calls: what the connection check (and later delivery) shows. */
export const OUTBOUND_TEXTS = {
  invalidUrl: 'Ongeldige URL (verwacht een http- of https-adres)',
  httpsOnly: 'Adres niet toegestaan: alleen https-adressen zijn toegestaan',
  refusedTarget: 'Adres niet toegestaan: het wijst naar een intern, lokaal of privé-netwerkadres',
  noClientCertificate: 'mTLS is gevraagd, maar op het platform is geen clientcertificaat ingesteld',
  timeout: (timeoutMs: number) => `Geen reactie binnen ${String(timeoutMs / 1000).replace('.', ',')} seconden`,
  unreachable: 'Adres niet bereikbaar',
  hostNotFound: 'Adres niet bereikbaar: hostnaam niet gevonden',
  connectionLost: 'Verbinding onverwacht verbroken door de andere kant',
  connectionLostWithoutCertificate:
    'Verbinding onverwacht verbroken door de andere kant (vereist de server misschien een clientcertificaat?)',
  aborted: 'Verzoek afgebroken',
  failed: 'Fout bij het maken van het verzoek',
  tls: (reason: string) => `TLS-fout: ${reason}`,
  tlsUntrusted: 'het certificaat van de server wordt niet vertrouwd',
  tlsHostMismatch: 'het certificaat van de server hoort niet bij dit adres',
  tlsExpired: 'het certificaat van de server is verlopen of nog niet geldig',
  tlsClientCertificate: 'de server weigert de verbinding zonder geldig clientcertificaat',
} as const;

export type OutboundErrorCode =
  | 'invalid_url'
  | 'refused_target'
  | 'no_client_certificate'
  | 'timeout'
  | 'unreachable'
  | 'connection_lost'
  | 'tls'
  | 'aborted'
  | 'failed';

/**
 * A failed outbound call. The message is Dutch and shown to users; `reason` is the low-level
 * error code (ECONNREFUSED, ERR_TLS_CERT_ALTNAME_INVALID, …) for support. Neither ever holds a
 * URL, header or body, so neither can leak a secret.
 */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EHOSTDOWN']);
const HOST_NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_FAIL']);
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
const TLS_UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/** Turns whatever undici, net or tls threw into an OutboundError. */
export function toOutboundError(error: unknown, context: { timedOut: boolean; timeoutMs: number }): OutboundError {
  if (error instanceof OutboundError) return error;
  const codes = errorCodes(error);
  // undici wraps the socket's own error: the innermost system or TLS code says the most.
  const code = codes.find((candidate) => !candidate.startsWith('UND_ERR_')) ?? codes[0];
  if (context.timedOut || codes.some((candidate) => TIMEOUTS.has(candidate))) {
    return new OutboundError('timeout', OUTBOUND_TEXTS.timeout(context.timeoutMs), code);
  }
  if (!code) {
    const aborted = error instanceof Error && error.name === 'AbortError';
    return aborted
      ? new OutboundError('aborted', OUTBOUND_TEXTS.aborted)
      : new OutboundError('failed', OUTBOUND_TEXTS.failed);
  }
  if (UNREACHABLE.has(code)) return new OutboundError('unreachable', OUTBOUND_TEXTS.unreachable, code);
  if (HOST_NOT_FOUND.has(code)) return new OutboundError('unreachable', OUTBOUND_TEXTS.hostNotFound, code);
  const tlsReason = tlsReasonOf(code);
  if (tlsReason) return new OutboundError('tls', OUTBOUND_TEXTS.tls(tlsReason), code);
  if (CONNECTION_LOST.has(code)) return new OutboundError('connection_lost', OUTBOUND_TEXTS.connectionLost, code);
  if (code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR')
    return new OutboundError('aborted', OUTBOUND_TEXTS.aborted, code);
  return new OutboundError('failed', OUTBOUND_TEXTS.failed, code);
}

function tlsReasonOf(code: string): string | undefined {
  if (TLS_UNTRUSTED.has(code)) return OUTBOUND_TEXTS.tlsUntrusted;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return OUTBOUND_TEXTS.tlsHostMismatch;
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return OUTBOUND_TEXTS.tlsExpired;
  // The server's alert when it wants a client certificate: TLS 1.3 names it, TLS 1.2 says handshake failure.
  if (/ALERT_(CERTIFICATE_REQUIRED|HANDSHAKE_FAILURE|BAD_CERTIFICATE|UNKNOWN_CA)/.test(code)) {
    return OUTBOUND_TEXTS.tlsClientCertificate;
  }
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) return code;
  return undefined;
}

/** The `code`s along the error and its causes, outermost first. */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    current = cause;
  }
  return codes;
}
