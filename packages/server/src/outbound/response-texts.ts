/**
 * Dutch texts of the connection check's results (server-only: the portal shows them as they come).
 * The spec wants a message per item and 'details' lines; these are both.
 */
export const CHECK_TEXTS = {
  tokenSuccess: (seconds: number) => `Token succesvol opgehaald (geldig ${seconds} seconden)`,
  tokenStatus: (status: number, statusText: string) => `Tokenendpoint antwoordde ${status} ${statusText}`.trimEnd(),
  notJson: 'Antwoord is geen JSON',
  notJsonObject: 'Antwoord is geen JSON-object',
  noAccessToken: 'Geen access_token in het antwoord',
  unknownValidity: 'Geldigheid van het token onbekend (geen expires_in of exp)',
  invalidExpiresIn: 'Geldigheid van het token onbekend (expires_in is geen positief aantal seconden)',
  expired: 'Token is al verlopen (exp ligt in het verleden)',
  mtlsWithoutCertificate:
    'mTLS staat aan voor deze configuratie, maar op het platform is geen clientcertificaat ingesteld',
  callbackSuccess: (status: number, statusText: string) => `Callback bereikbaar (${status} ${statusText})`.trimEnd(),
  callbackBadRequest: 'Callback bereikbaar (400 Bad Request telt als succes)',
  callbackStatus: (status: number, statusText: string) => `Callback antwoordde ${status} ${statusText}`.trimEnd(),
  statusLine: (status: number, statusText: string) => `HTTP ${status} ${statusText}`.trimEnd(),
  tokenReceived: 'Een access_token is ontvangen (niet getoond)',
  validityFromExpiresIn: (seconds: number) => `Geldigheid uit expires_in: ${seconds} seconden`,
  validityFromExp: (expiresAt: string) => `Geldigheid uit de exp-claim van het JWT: tot ${expiresAt}`,
  expiredAt: (expiredAt: string) => `exp van het JWT: ${expiredAt}`,
  errorCode: (code: string) => `Foutcode: ${code}`,
  truncated: '… (ingekort)',
  hidden: '***',
} as const;
