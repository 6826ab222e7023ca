/** Dutch texts stored in a message's `err.msg` and shown in the portal. Never hold a secret. */
export const DELIVERY_TEXTS = {
  noSender: (receiver: string, versienummer: string) =>
    `Geen configuratie van ontvanger ${receiver} voor versienummer ${versienummer}: het bericht kan niet worden afgeleverd`,
  noConfiguration: (version: number) => `Geen actieve configuratie met versie ${version} gevonden`,
  noCallbackUrl: (type: string, version: number) =>
    `Geen callback-URL ingesteld voor berichttype ${type} in configuratieversie ${version}`,
  secretUnreadable: 'Het client secret van de configuratie kan niet worden ontsleuteld',
  signingSecretUnreadable: 'Het ondertekeningsgeheim van de ontvanger kan niet worden ontsleuteld',
  configurationUnavailable: 'de configuratie van de ontvanger kon niet uit de database worden gelezen',
  token: (reason: string) => `Token ophalen mislukt: ${reason}`,
  call: (reason: string) => `Afleveren mislukt: ${reason}`,
  status: (status: number, statusText: string) =>
    `Afleveren mislukt: de ontvanger antwoordde met HTTP ${status}${statusText ? ` ${statusText}` : ''}`,
  unauthorized: 'Afleveren mislukt: de ontvanger weigerde ook een nieuw token (HTTP 401 Unauthorized)',
  internalReason: 'een interne fout',
  /** A platform fault (issue 29): the message waits, no attempt of the receiver is counted. */
  platform: (reason: string) =>
    `Nog niet afgeleverd door een storing aan de kant van Knooppunt (${reason}); de beheerder van Knooppunt is gewaarschuwd en het bericht wordt later opnieuw aangeboden`,
} as const;
