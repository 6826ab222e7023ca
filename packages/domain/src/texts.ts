import type { Flow } from './messageTypes';

/**
 * The Dutch text catalogue: titles, alert titles and success messages of both specifications
 * (spec 000 §2 and §8, spec 001 §2 and §8). Screens and the server read texts from here only.
 */
export const TITLES = {
  welcome: 'Welkom bij beheer',
  unauthorized: 'Niet toegestaan',
  configs: 'Overzicht van configuraties',
  leveringen: 'Overzicht van leveringen',
  berichten: 'Overzicht van berichten',
  opdrachten: 'Overzicht van opdrachten',
  organisaties: 'Organisaties',
  scenarios: "Overzicht van uw concept scenario's",
  zoeken: "Overzicht van alle scenario's",
  waardenlijsten: 'Overzicht van alle waardenlijsten',
  uitval: 'Uitval',
  gebruikers: 'Overzicht van alle gebruikers',
  createOrganisation: 'Aanmaken organisatie',
  systemClients: 'Systeemclients',
  createSystemClient: 'Nieuwe systeemclient',
} as const;

/**
 * The headings of the screens shown in both flows, per flow (decision 0028). A Hoofdnet screen names
 * its flow, as spec 000 §2 titles /hoofdnet/berichten 'Overzicht van berichten (Hoofdnet)'; the
 * configurations name either flow, as the spec's route table does ('(Aansluiting)').
 */
export const FLOW_SCREEN_TITLES = {
  opdrachten: { aansluiting: TITLES.opdrachten, hoofdnet: 'Overzicht van opdrachten (Hoofdnet)' },
  berichten: { aansluiting: TITLES.berichten, hoofdnet: 'Overzicht van berichten (Hoofdnet)' },
  uitval: { aansluiting: TITLES.uitval, hoofdnet: 'Uitval (Hoofdnet)' },
  configs: {
    aansluiting: 'Overzicht van configuraties (Aansluiting)',
    hoofdnet: 'Overzicht van configuraties (Hoofdnet)',
  },
} as const satisfies Record<string, Record<Flow, string>>;

/** The deliveries exist in the Hoofdnet flow only; their screen names it like the other Hoofdnet screens. */
export const LEVERINGEN_SCREEN_TITLE = 'Overzicht van leveringen (Hoofdnet)';

export const UNAUTHORIZED_TEXT = 'U heeft niet genoeg rechten om deze applicatie te bekijken.';

/** Titles of error alerts, keyed by the action that failed. */
export const ERROR_TITLES = {
  fetchConfigs: 'Fout bij ophalen configuraties',
  fetchConfig: 'Fout bij ophalen configuratie',
  checkConnection: 'Fout bij controleren verbinding',
  createConfig: 'Fout bij aanmaken van configuratie',
  updateConfig: 'Fout bij updaten van de configuratie',
  activateDraft: 'Fout bij activeren conceptversie',
  createSender: 'Fout bij aanmaken van sender',
  updateMaxMessages: 'Fout bij updaten van maximaal aantal gelijktijdige berichten',
  updateMaxPerSecond: 'Fout bij updaten van maximaal aantal berichten per seconde',
  updateSender: 'Fout bij wijzigen van sender',
  /** Not in the specs: the receiver's signing secret (decision 0061). */
  fetchWebhookSecret: 'Fout bij ophalen ondertekening',
  createWebhookSecret: 'Fout bij aanmaken ondertekeningsgeheim',
  fetchValuelists: 'Fout bij ophalen valuelists',
  fetchLeveringen: 'Fout bij ophalen leveringen',
  fetchMessages: 'Fout bij ophalen messages',
  retryMessage: 'Fout bij opnieuw verzenden bericht',
  fetchHoofdnetMessages: 'Fout bij ophalen hoofdnet berichten',
  retryHoofdnetMessage: 'Fout bij opnieuw verzenden hoofdnet bericht',
  /** Not in the specs: 'Alles opnieuw versturen' (decision 0034). */
  bulkRetry: 'Fout bij opnieuw versturen berichten',
  fetchBulkRetry: 'Fout bij ophalen voortgang opnieuw versturen',
  fetchOpdrachten: 'Fout bij ophalen opdrachten',
  cancelOpdracht: 'Fout bij annuleren opdracht',
  fetchHoofdnetOpdrachten: 'Fout bij ophalen hoofdnet opdrachten',
  /** Not in the specs: an order's history in the Opdrachten side panel (decision 0059). */
  fetchOpdrachtHistorie: 'Fout bij ophalen historie opdracht',
  downloadBewijsdossier: 'Fout bij downloaden bewijsdossier',
  fetchOrganisations: 'Fout bij ophalen organisaties',
  createOrganisation: 'Fout bij aanmaken organisatie',
  fetchSystemClients: 'Fout bij ophalen systeemclients',
  createSystemClient: 'Fout bij aanmaken systeemclient',
  rotateSystemClientSecret: 'Fout bij vernieuwen geheim',
  revokeSystemClient: 'Fout bij intrekken systeemclient',
  fetchVersions: 'Fout bij ophalen versies',
  publishVersion: 'Fout bij publiceren versie',
  fetchScenarios: 'Fout bij ophalen scenarios',
  createScenario: 'Fout bij aanmaken scenario',
  updateScenario: 'Fout bij wijzigen scenario',
  copyScenario: 'Fout bij kopieren scenario',
  deleteScenario: 'Fout bij verwijderen scenario',
  saveVerplichting: 'Fout bij opslaan verplichting',
  fetchScenario: 'Fout bij ophalen scenario',
  fetchUitval: 'Fout bij ophalen uitval messages',
  fetchUsers: 'Fout bij ophalen gebruikers',
  fetchRoles: 'Fout bij ophalen rollen',
  changeRoles: 'Fout bij wijzigen rollen',
  createUser: 'Fout bij aanmaken gebruiker',
  synchronize: 'Fout bij synchronisatie',
  fetchSuggestions: 'Fout bij ophalen suggesties',
  fetchWaardenlijst: 'Fout bij ophalen waardenlijst',
  saveWaarde: 'Fout bij opslaan waarde',
  fetchWaardenlijsten: 'Fout bij ophalen waardenlijsten',
  createWaardenlijst: 'Fout bij aanmaken waardenlijst',
  deleteWaardenlijst: 'Fout bij verwijderen waardenlijst',
  /** Not in the specs: the Auditlog screen (decision 0033). */
  fetchAuditLog: 'Fout bij ophalen auditlog',
  fetchOverzicht: 'Fout bij ophalen overzicht',
  login: 'Login failed',
  accessToken: 'Get access token failed',
} as const;

/** Success messages, keyed by the action that succeeded (spelling exactly as the specs). */
export const SUCCESS_MESSAGES = {
  configCreated: 'Configuratie successvol aangemaakt',
  configUpdated: 'Configuratie successvol bijgewerkt',
  draftActivated: 'Concept succesvol geactiveerd',
  maxMessagesUpdated: 'Maximaal aantal gelijktijdige berichten succesvol bijgewerkt',
  maxPerSecondUpdated: 'Maximaal aantal berichten per seconde succesvol bijgewerkt',
  messageRetried: 'Bericht succesvol bijgewerkt',
  hoofdnetMessageRetried: 'Hoofdnet bericht succesvol bijgewerkt',
  opdrachtCancelled: 'Opdracht successvol geannuleerd',
  organisationCreated: 'Organisatie succesvol aangemaakt',
  systemClientRevoked: 'Systeemclient ingetrokken',
  versionPublished: 'Versie succesvol gepubliceerd',
  scenarioCreated: 'Scenario succesvol aangemaakt',
  scenarioUpdated: 'Scenario succesvol gewijzigd',
  scenarioCopied: 'Scenario succesvol gekopieerd',
  scenarioDeleted: 'Scenario succesvol verwijderd',
  rolesChanged: 'Rollen gewijzigd',
  userCreated: 'Gebruiker succesvol aangemaakt',
  synchronized: 'Synchronisatie voltooid',
  saved: 'Succesvol opgeslagen',
  waardenlijstCreated: 'Waardenlijst succesvol aangemaakt',
  waardenlijstDeleted: 'Waardenlijst succesvol verwijderd',
  verplichtingSaved: 'Verplichting opgeslagen',
} as const;

/** The generic translation of a failed call (spec 000 §8), shown as the alert's message. */
export const CALL_FAILURE = {
  requestFailed: 'Fout bij het maken van het verzoek.',
  noResponse: 'Geen reactie ontvangen.',
  forbidden: 'Onvoldoende rechten',
  notFound: 'Niets gevonden',
  errorResponse: 'Fout reactie ontvangen',
} as const;

/** Paging label: 'from-to van total', or 'meer dan' when the count is a lower bound. */
export function pagingLabel(from: number, to: number, count: number, countIsLowerBound = false): string {
  return `${from}-${to} van ${countIsLowerBound ? `meer dan ${count}` : count}`;
}
