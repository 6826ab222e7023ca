import { isLoopback, type Config } from '../config';

export const STARTUP_WARNING_TEXTS = {
  privateTargets:
    'ALLOW_PRIVATE_TARGETS=1 zonder demo-modus: callback- en token-URL’s mogen naar loopback, privé-netwerken en ' +
    'onversleuteld http wijzen. Alleen voor tests; zet het uit (ALLOW_PRIVATE_TARGETS=0) voor echt gebruik.',
  httpPublicUrl: (publicUrl: string) =>
    `PUBLIC_URL is ${publicUrl}, zonder https, en de demo-modus staat uit: wachtwoorden, tokens en links gaan ` +
    'onversleuteld over het netwerk. Zet PUBLIC_URL op het https-adres waarop gebruikers en systemen Knooppunt bereiken.',
  untrustedProxy: (host: string) =>
    `TRUST_PROXY is niet gezet: zonder demo-modus gelooft Knooppunt X-Forwarded-For alleen van deze machine ` +
    `(loopback), maar het luistert op HOST=${host}. Staat de reverse proxy op een andere machine, zet TRUST_PROXY ` +
    'dan op zijn adres (bijvoorbeeld TRUST_PROXY=10.0.0.5): anders lijkt elk verzoek van de proxy te komen en kan ' +
    'één aanvaller met mislukte inlogpogingen iedereen buitensluiten. Zonder proxy: TRUST_PROXY=false.',
} as const;

/**
 * What a real service (DEMO=0) should not run with, said at start-up (issue 29 item 6, decision
 * 0046): a test setting left on is easy to miss, and starting anyway keeps tests and trials simple.
 */
export function startupWarnings(
  config: Pick<Config, 'demo' | 'publicUrl' | 'outbound' | 'host' | 'trustProxyByDefault'>,
): string[] {
  if (config.demo) return [];
  const warnings: string[] = [];
  // A real service listening beyond loopback has a proxy elsewhere (it speaks no TLS itself), which the default does not believe.
  if (config.trustProxyByDefault && !isLoopback(config.host))
    warnings.push(STARTUP_WARNING_TEXTS.untrustedProxy(config.host));
  if (config.outbound.allowPrivateTargets) warnings.push(STARTUP_WARNING_TEXTS.privateTargets);
  if (new URL(config.publicUrl).protocol === 'http:')
    warnings.push(STARTUP_WARNING_TEXTS.httpPublicUrl(config.publicUrl));
  return warnings;
}
