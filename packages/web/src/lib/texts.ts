import { PASSWORD_LINK_DAYS, SECOND_FACTOR_TEXTS, type TermijnEenheid } from '@knooppunt/domain';

const COUNT_FORMAT = new Intl.NumberFormat('nl-NL');

/** A count as Dutch readers write it: 100.000. */
export function formatCount(count: number): string {
  return COUNT_FORMAT.format(count);
}

/**
 * The portal's own Dutch labels: buttons, menu entries, field labels and states that only the
 * web shows. Titles, alert titles and success messages shared with the server are in the domain
 * (`TITLES`, `ERROR_TITLES`, `SUCCESS_MESSAGES`); look there first.
 */
export const LABELS = {
  appName: 'Knooppunt beheer',
  common: {
    yes: 'Ja',
    no: 'Nee',
    cancel: 'Annuleren',
    close: 'Sluiten',
    create: 'Aanmaken',
    search: 'Zoeken',
    reset: 'Reset',
    all: 'Alle',
    loading: 'Laden',
    noResults: 'Geen resultaten',
    previousPage: 'Vorige pagina',
    nextPage: 'Volgende pagina',
    retry: 'Opnieuw proberen',
    /** A list's fetch failed: said in the table instead of 'Geen resultaten' (decision 0027). */
    listFailed: 'Deze lijst kon niet worden geladen',
    copied: 'Gekopieerd',
    /** The accessible name of a value's copy button. */
    copy: (what: string) => `${what} kopiëren`,
    copyFailed: 'Kopiëren is niet gelukt',
    /** The accessible name of a row's button: the action and the row it acts on (decision 0026). */
    forRow: (action: string, row: string) => `${action}: ${row}`,
  },
  shell: {
    openMenu: 'Menu openen',
    mainMenu: 'Hoofdmenu',
    login: 'Inloggen',
    loginAgain: 'Opnieuw inloggen',
    logout: 'Uitloggen',
    account: 'Account',
    changePassword: 'Wachtwoord wijzigen',
    secondFactor: 'Tweede stap',
    deelnemer: 'Deelnemer',
    email: 'E-mail',
    version: (version: string) => `v${version}`,
    configLoadFailed: 'Configuratie van de portal kon niet worden geladen',
    routeFailed: 'Deze pagina kon niet worden geladen',
  },
  /**
   * Why a login failed, in place of the login library's English texts (decision 0028). The alert's
   * title stays the spec's 'Login failed' (ERROR_TITLES.login).
   */
  loginErrors: {
    staleLink:
      'Deze inloglink is verlopen of al gebruikt. Dat gebeurt als u een oude link of bladwijzer opent, of als het inloggen twee keer is verstuurd. Log opnieuw in.',
    cancelled: 'Het inloggen is afgebroken. Log opnieuw in om verder te gaan.',
    loginRequired: 'U bent niet meer ingelogd. Log opnieuw in om verder te gaan.',
    unreachable: 'De inlogdienst is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.',
    general:
      'Het inloggen is niet gelukt. Probeer het opnieuw; lukt het dan nog steeds niet, neem dan contact op met de beheerder van Knooppunt.',
  },
  /** The start page of a user whose roles open no screen at all (decision 0028). */
  home: {
    noAccessTitle: 'Nog geen toegang',
    noAccess: 'Er is voor u nog geen onderdeel van het portaal opengesteld.',
    whomToAsk:
      'Vraag de gebruikersbeheerder van uw organisatie om de rollen die u nodig hebt. Heeft uw organisatie die niet, vraag het dan aan de beheerder van Knooppunt.',
    /** Above the screens a user without a monitoring right may open (issue 29). */
    screensIntro: 'Met uw rollen kunt u deze onderdelen openen:',
    screensLabel: 'Onderdelen die u kunt openen',
  },
  /**
   * 'Wachtwoord wijzigen' in the account menu (issue 29): the embedded provider's users only. Every
   * session of the user ends with it, this one too: the user logs in again with the new password.
   */
  changePassword: {
    title: 'Wachtwoord wijzigen',
    current: 'Huidig wachtwoord',
    next: 'Nieuw wachtwoord',
    repeat: 'Herhaal nieuw wachtwoord',
    rule: (min: number) => `Ten minste ${min} tekens.`,
    different: 'De wachtwoorden zijn niet gelijk.',
    endsSessions: 'Na het wijzigen wordt u overal uitgelogd en logt u opnieuw in met uw nieuwe wachtwoord.',
    submit: 'Wijzigen',
    failed: 'Fout bij wijzigen wachtwoord',
    doneTitle: 'Wachtwoord gewijzigd',
    done: 'Uw wachtwoord is gewijzigd. U bent overal uitgelogd; log opnieuw in met uw nieuwe wachtwoord.',
  },
  /**
   * 'Tweede stap' in the account menu (issue 31, decision 0054): the embedded provider's users set
   * up their own authenticator app, renew its recovery codes, or remove it where that is allowed.
   */
  secondFactor: {
    title: SECOND_FACTOR_TEXTS.title,
    loading: 'Tweede stap laden',
    loadFailed: 'Fout bij ophalen tweede stap',
    failed: 'Fout bij tweede stap',
    intro:
      'Met een tweede stap vraagt Knooppunt bij het inloggen na uw wachtwoord ook een code uit een authenticator-app op uw telefoon, of uw passkey of beveiligingssleutel, zodat uw wachtwoord alleen niet genoeg is.',
    appTitle: 'Authenticator-app',
    noApp: 'Er is geen authenticator-app ingesteld.',
    setUp: 'Instellen',
    scan: 'Scan de QR-code met een authenticator-app (bijvoorbeeld Microsoft Authenticator, Google Authenticator of FreeOTP) en vul de code in die de app toont.',
    qrAlt: 'QR-code voor uw authenticator-app',
    manual: SECOND_FACTOR_TEXTS.enrolManual,
    key: 'Sleutel',
    copyKey: 'Sleutel kopiëren',
    code: SECOND_FACTOR_TEXTS.codeLabel,
    codeHint: 'De zes cijfers die de app nu toont.',
    confirm: SECOND_FACTOR_TEXTS.submit,
    enrolledToast: 'Tweede stap ingesteld',
    codesTitle: SECOND_FACTOR_TEXTS.recoveryTitle,
    codesIntro: SECOND_FACTOR_TEXTS.recoveryIntro,
    codesOnce: 'U ziet deze codes alleen nu.',
    codesLabel: 'Herstelcodes',
    copy: 'Kopiëren',
    download: 'Downloaden',
    fileName: 'knooppunt-herstelcodes.txt',
    fileHeading: (email: string) => `Herstelcodes voor Knooppunt beheer (${email}). Elke code werkt één keer.`,
    saved: 'Ik heb de codes bewaard',
    enrolled: 'Uw authenticator-app is ingesteld. Bij het inloggen geeft u na uw wachtwoord een code uit de app.',
    codesLeft: (left: number, total: number) => `Herstelcodes over: ${left} van ${total}`,
    codesLow: 'U hebt nog maar weinig herstelcodes. Maak nieuwe, zodat u ook zonder uw telefoon kunt blijven inloggen.',
    renew: 'Nieuwe herstelcodes maken',
    renewIntro: 'Vul een code uit uw authenticator-app in. Uw huidige herstelcodes werken daarna niet meer.',
    renewSubmit: 'Nieuwe codes maken',
    renewedToast: 'Nieuwe herstelcodes gemaakt',
    remove: 'App verwijderen',
    removeIntro:
      'Vul een code uit uw authenticator-app in. Daarna vraagt Knooppunt geen code uit de app meer. Hebt u geen passkey, dan logt u weer in met alleen uw wachtwoord en vervallen uw herstelcodes.',
    removeSubmit: 'Verwijderen',
    removedToast: 'Authenticator-app verwijderd',
    required:
      "Voor uw rollen is een tweede stap verplicht: zonder passkey kunt u de app niet verwijderen. Bent u uw telefoon en uw herstelcodes kwijt? Vraag dan uw gebruikersbeheerder om 'Tweede stap resetten'.",
  },
  /** The session ended at the provider or could not be renewed (decision 0021). */
  session: {
    title: 'Sessie verlopen',
    ended: 'Uw sessie is verlopen. Log opnieuw in om verder te gaan.',
    returnHere: 'Na het inloggen komt u terug op deze pagina.',
    unsavedLost:
      'Wat u nog niet hebt opgeslagen, gaat bij het inloggen verloren. Wilt u het eerst overnemen, kies dan Later.',
    later: 'Later',
  },
  /** Recent login for a dangerous action (decision 0055). */
  recentLogin: {
    title: 'Opnieuw inloggen',
    needed: (window: string) => `Voor deze actie moet u in de afgelopen ${window} zijn ingelogd.`,
    howItGoes: 'Log opnieuw in in het venster dat opent; daarna gaat de actie verder.',
    loginAgain: 'Opnieuw inloggen',
    popupClosed: 'Het inlogvenster werd gesloten voordat u was ingelogd. Probeer het opnieuw.',
    otherUser: 'U logde in als een andere gebruiker. De actie is niet uitgevoerd; log opnieuw in met uw eigen account.',
  },
  menu: {
    sections: {
      aansluiting: 'Aansluiting',
      hoofdnet: 'Hoofdnet',
      rules: 'Business rules',
      users: 'Gebruikersbeheer',
    },
    opdrachten: 'Opdrachten',
    berichten: 'Berichten',
    leveringen: 'Leveringen',
    uitval: 'Uitval',
    configs: 'Configuraties',
    zoeken: 'Zoeken',
    scenarios: "Uw scenario's",
    waardenlijsten: 'Waardenlijsten',
    // TERMIJN_TEXTS.title written out: its domain module holds zod schemas, 26 kB the first load would carry.
    termijnen: 'Termijnen',
    gebruikers: 'Gebruikers',
    organisaties: 'Organisaties',
    clients: 'Systeemclients',
    testtool: 'Testtool',
    auditlog: 'Auditlog',
    /** What each screen is for, in one sentence: the start page lists them (issue 29). */
    descriptions: {
      opdrachten: 'Volg de opdrachten voor aansluitingen en hun status.',
      berichten: 'Bekijk de berichten tussen de deelnemers en hun aflevering.',
      uitval: 'Behandel de berichten waarvan de aflevering mislukt is, en verstuur ze opnieuw.',
      configs:
        "Stel in hoe Knooppunt berichten aflevert: de inloggegevens bij het token-endpoint en de callback-URL's per berichttype.",
      hoofdnetOpdrachten: 'Volg de Hoofdnet-opdrachten, hun status en planning.',
      hoofdnetBerichten: 'Bekijk de Hoofdnet-berichten tussen de deelnemers en hun aflevering.',
      leveringen: 'Volg de deel- en eindleveringen van de Hoofdnet-opdrachten.',
      hoofdnetUitval: 'Behandel de Hoofdnet-berichten waarvan de aflevering mislukt is, en verstuur ze opnieuw.',
      hoofdnetConfigs:
        "Stel in hoe Knooppunt Hoofdnet-berichten aflevert: de inloggegevens bij het token-endpoint en de callback-URL's.",
      zoeken: "Zoek in de gepubliceerde scenario's en vergelijk twee versies.",
      scenarios: "De conceptscenario's van uw netbeheerder: de verplichtingen per berichttype en discipline.",
      waardenlijsten: 'Bekijk de toegestane waarden per netbeheerder en discipline.',
      termijnen: 'Termijnen tussen de stappen van een opdracht, per netbeheerder.',
      gebruikers: 'Bekijk de gebruikers en hun rollen.',
      organisaties: 'Bekijk de organisaties die aan Knooppunt deelnemen.',
      clients: 'Beheer de systeemclients waarmee systemen berichten aan Knooppunt aanbieden.',
      testtool: 'Test de koppeling van uw systeem met Knooppunt in de testomgeving.',
      auditlog: 'Zie wie wanneer wat heeft gewijzigd.',
    },
  },
  screens: {
    scenario: 'Scenario',
    waardenlijst: 'Waardenlijst',
  },
  organisaties: {
    organisatie: 'Organisatie',
    type: 'Type',
    delegerenden: 'Delegerenden',
    newOrganisation: 'Nieuwe organisatie',
    actions: 'Acties',
    systemClients: 'Systeemclients',
    /**
     * 'Deactiveren' and 'Activeren' of an organisation (issue 29): the operator's staff user
     * managers only, never for an organisation of type Beheerder.
     */
    activation: {
      status: 'Status',
      actief: 'Actief',
      gedeactiveerd: 'Gedeactiveerd',
      gedeactiveerdUitleg:
        'Gebruikers kunnen niet inloggen, systemen krijgen geen tokens en berichten van en aan deze organisatie worden geweigerd.',
      deactivate: 'Deactiveren',
      activate: 'Activeren',
      deactivateTitle: 'Organisatie deactiveren',
      deactivateText: (organisatie: string) =>
        `Gebruikers van ${organisatie} kunnen dan niet meer inloggen en worden direct uitgelogd. Systemen van ${organisatie} krijgen geen tokens meer, en berichten van en aan ${organisatie} worden geweigerd. Alle gegevens blijven bewaard; met Activeren maakt u dit ongedaan.`,
      activateTitle: 'Organisatie activeren',
      activateText: (organisatie: string) =>
        `Gebruikers van ${organisatie} kunnen dan weer inloggen met hun wachtwoord, systemen krijgen weer tokens en berichten van en aan ${organisatie} worden weer aangenomen.`,
      deactivated: 'Organisatie gedeactiveerd',
      activated: 'Organisatie geactiveerd',
      deactivateFailed: 'Fout bij deactiveren organisatie',
      activateFailed: 'Fout bij activeren organisatie',
    },
    /** The side panel of an organisation: its conformity and implementation partners (decision 0043). */
    panel: {
      conformity: 'Conformiteit',
      flows: { aansluiting: 'Aansluiting', hoofdnet: 'Hoofdnet' },
      missing: 'Nog geen geslaagde run van:',
      conformityFailed: 'Conformiteit kon niet worden geladen',
      required: 'Geslaagde conformancetests vereist voor activeren',
      requiredHelper: (deelnemer: string) =>
        `'Concept activeren' van een productieconfiguratie van ${deelnemer} kan pas als alle conformancetests van die stroom geslaagd zijn.`,
      requiredOn: 'Geslaagde conformancetests zijn nu vereist voor activeren',
      requiredOff: 'Geslaagde conformancetests zijn niet meer vereist voor activeren',
      requiredFailed: 'Fout bij wijzigen vereiste conformancetests',
      partners: 'Implementatiepartners',
      implementsFor: 'Implementeert voor',
      noPartners: 'Geen implementatiepartner gekoppeld.',
      noParticipants: 'Aan geen deelnemer gekoppeld.',
      linkedOn: (date: string, by: string) => `Gekoppeld op ${date} door ${by}`,
      fetchLinksFailed: 'Fout bij ophalen implementatiepartners',
      link: 'Koppelen',
      linkPartnerTitle: (deelnemer: string) => `Implementatiepartner koppelen aan ${deelnemer}`,
      linkParticipantTitle: (partner: string) => `Deelnemer koppelen aan ${partner}`,
      partner: 'Implementatiepartner',
      deelnemer: 'Deelnemer',
      chooseRequired: 'Kies een organisatie.',
      nothingToLink: 'Er is geen organisatie meer die u hier kunt koppelen.',
      linked: 'Implementatiepartner gekoppeld',
      linkFailed: 'Fout bij koppelen implementatiepartner',
      unlink: 'Ontkoppelen',
      unlinkTitle: 'Implementatiepartner ontkoppelen',
      unlinkText: (partner: string, deelnemer: string) =>
        `Wilt u ${partner} ontkoppelen van ${deelnemer}? Gebruikers van ${partner} handelen dan niet meer namens ${deelnemer}.`,
      unlinked: 'Implementatiepartner ontkoppeld',
      unlinkFailed: 'Fout bij ontkoppelen implementatiepartner',
    },
  },
  /** Participants' system clients: the credentials their systems use at /api/v1 (decision 0019). */
  clients: {
    organisatie: 'Organisatie',
    chooseOrganisation: 'Kies eerst in het filter de organisatie waarvoor de client is.',
    ownOrganisation: 'Naar uw eigen organisatie',
    clientId: 'Client ID',
    omschrijving: 'Omschrijving',
    methode: 'Methode',
    aangemaakt: 'Aangemaakt',
    laatstGebruikt: 'Laatst gebruikt',
    nooit: 'nooit',
    status: 'Status',
    actions: 'Acties',
    statuses: { actief: 'Actief', ingetrokken: 'Ingetrokken' },
    methods: { client_secret_basic: 'Client secret', private_key_jwt: 'private_key_jwt' },
    /** Production or the test environment (decision 0038); the choices are the domain's OMGEVING_LABELS. */
    omgeving: 'Omgeving',
    omgevingHelper:
      'Een testclient stuurt berichten naar de testomgeving: die worden nooit aan een echte deelnemer afgeleverd.',
    previousSecretUntil: 'vorig geheim geldig tot',
    newClient: 'Nieuwe client',
    jwks: 'JWKS (publieke sleutels)',
    jwksHelper:
      'Een JSON-object met "keys": de publieke sleutel(s) waarmee het systeem zijn client assertion ondertekent.',
    jwksNotJson: 'De JWKS is geen geldige JSON.',
    rotate: 'Nieuw geheim',
    rotateText: (clientId: string, hours: number) =>
      `Er komt een nieuw geheim voor ${clientId}. Het huidige geheim blijft nog ${hours} uur werken, zodat het systeem kan overstappen; daarna niet meer.`,
    rotateConfirm: 'Nieuw geheim maken',
    revoke: 'Intrekken',
    revokeTitle: 'Client intrekken',
    revokeText: (clientId: string, minutes: number) =>
      `${clientId} wordt direct ingetrokken: er worden geen nieuwe tokens meer uitgegeven. Tokens die al zijn uitgegeven, blijven nog hoogstens ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} geldig. Dit kan niet ongedaan worden gemaakt.`,
    createdTitle: 'Client aangemaakt',
    rotatedTitle: 'Nieuw geheim aangemaakt',
    secret: 'Geheim',
    tokenEndpoint: 'Token endpoint',
    /** With an external provider the server names its discovery document, which names the token endpoint. */
    discovery: 'Discovery-document van de provider',
    saveSecretNow: 'Bewaar het geheim nu: het wordt niet nog eens getoond.',
    saveSecretHint:
      "Knooppunt bewaart alleen een onomkeerbare hash van het geheim. Kwijtgeraakt? Maak dan met 'Nieuw geheim' een nieuw geheim.",
    noSecret:
      'Deze client meldt zich aan met een client assertion, ondertekend met een van de geregistreerde sleutels (private_key_jwt). Er is geen geheim.',
    connection: 'Verbinding',
    connectionIntro: 'Wat het systeem van de deelnemer nodig heeft om berichten aan te bieden via /api/v1.',
    issuer: 'Issuer',
    audience: 'Audience',
    grant: 'Grant type',
    grantValue: 'client_credentials',
    grantNote: 'Client ID en geheim in de Basic-header van het tokenverzoek.',
    deelnemerClaim: 'Claim met de deelnemer',
    systeemClaim: 'Claim van een systeemtoken',
    graceHours: (hours: number) => `Na 'Nieuw geheim' werkt het vorige geheim nog ${hours} uur.`,
    tokenLifetime: (minutes: number) => `Een token is ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} geldig.`,
    externalClaim: (claim: string) => `De deelnemer staat in de claim '${claim}' van het token.`,
    /** The guide for a participant's developers, both directions (decision 0039). */
    koppelen: 'Koppelen met Knooppunt',
  },
  /**
   * The Testtool: conformance runs of a participant's system against Knooppunt's simulator in the
   * test environment (issue 28, decisions 0040 and 0042).
   */
  testtool: {
    title: 'Testtool',
    intro: (netbeheerder: string, aannemer: string) =>
      `Een conformancetest laat zien dat het systeem van uw organisatie de berichten van een opdracht ontvangt en beantwoordt zoals de levenscyclus het vraagt. Uw eigen systeem speelt zijn kant, met zijn testclient en zijn testconfiguratie (Configuraties, omgeving Test); de simulator van Knooppunt speelt de andere kant, als ${netbeheerder} of ${aannemer}. Alles gebeurt in de testomgeving.`,
    koppelen: 'Koppelen met Knooppunt',
    testConfigs: 'Testconfiguraties',
    newRun: 'Nieuwe test',
    start: 'Starten',
    scenario: 'Scenario',
    scenarioOption: (flow: string, naam: string, stappen: number) => `${flow}: ${naam} (${stappen} stappen)`,
    deelnemer: 'Deelnemer',
    deelnemerHelper: 'De organisatie waarvan u het systeem test; leeg laten voor uw eigen organisatie.',
    stapTimeout: 'Wachttijd per stap (seconden)',
    stapTimeoutHelper: 'Leeg laten voor de standaardwachttijd van het platform.',
    /** A scenario with the flow it belongs to: both flows have a 'Van opdracht tot gereed'. */
    scenarioIn: (naam: string, flow: string) => `${naam} (${flow})`,
    gestart: 'Gestart',
    kant: 'Kant',
    status: 'Status',
    stap: 'Stap',
    stapVan: (stap: number, stappen: number) => `${stap} van ${stappen}`,
    flows: { aansluiting: 'Aansluiting', hoofdnet: 'Hoofdnet' },
    sides: { opdrachtgever: 'Opdrachtgever', opdrachtnemer: 'Opdrachtnemer' },
    statuses: { lopend: 'Lopend', geslaagd: 'Geslaagd', mislukt: 'Mislukt', gestopt: 'Gestopt' },
    /** The runs' and scenarios' calls: not in the specs, so not in the domain's ERROR_TITLES. */
    fetchRunsFailed: 'Fout bij ophalen testruns',
    fetchRunFailed: 'Fout bij ophalen testrun',
    fetchScenariosFailed: "Fout bij ophalen testscenario's",
    startFailed: 'Fout bij starten testrun',
    stopFailed: 'Fout bij stoppen testrun',
    /** The screen's two parts: the conformance runs and single messages. */
    tabs: { label: 'Onderdelen van de Testtool', runs: 'Testruns', compose: 'Bericht samenstellen' },
    /** An implementation partner's user tests for the participant chosen under 'Namens' (LABELS.actingFor). */
    namens: {
      startFor: (deelnemer: string) => `U start deze test namens ${deelnemer}.`,
    },
    compose: {
      title: 'Bericht samenstellen',
      intro:
        'Stel een bericht samen zoals het systeem van uw organisatie het naar Knooppunt stuurt. Controleren beoordeelt het zoals Knooppunt het zou beoordelen en verstuurt niets; Versturen stuurt het in de testomgeving, als testclient van uw organisatie.',
      type: 'Berichttype',
      typeOption: (flow: string, type: string) => `${flow}: ${type}`,
      opdrachtId: 'Opdracht ID',
      data: 'Data (JSON)',
      dataHelper: 'Het voorbeeld van het berichttype; een ander type zet zijn eigen voorbeeld terug.',
      invalidJson: "Geen geldige JSON: controleer haakjes, komma's en aanhalingstekens.",
      check: 'Controleren',
      send: 'Versturen',
      probe: 'Proefbericht naar mijn testcallback',
      geldig: 'Geldig',
      ongeldig: (status: number) => `Niet geldig: Knooppunt zou antwoorden met status ${status}`,
      perVeld: 'Fouten per veld',
      sent: 'Verstuurd in de testomgeving',
      berichtId: 'Bericht ID',
      copyBerichtId: 'Bericht ID kopiëren',
      checkFailed: 'Fout bij controleren bericht',
      sendFailed: 'Fout bij versturen bericht',
      probeFailed: 'Fout bij versturen proefbericht',
    },
    /** The simulator's example message to the organisation's own test callback, and what came back. */
    probe: {
      title: (type: string) => `Proefbericht ${type} naar uw testcallback`,
      answered: (status: number, statusText: string, ms: string) =>
        `Uw testcallback antwoordde ${[status, statusText].filter(Boolean).join(' ')} na ${ms} ms.`,
      tokenFailed: 'Geen token gekregen: het proefbericht is niet verstuurd',
      callFailed: 'Uw testcallback gaf geen antwoord',
      verzoek: 'Verzoek',
      headers: 'Headers',
      header: 'Header',
      waarde: 'Waarde',
      body: 'Body',
      antwoord: 'Antwoord',
      status: 'Status',
      tijd: 'Tijd',
      ms: (ms: string) => `${ms} ms`,
      emptyBody: '(leeg)',
    },
    report: {
      /** The panel's title until the run has loaded. */
      title: 'Testrun',
      opdrachtId: 'Opdracht ID',
      copyOpdrachtId: 'Opdracht ID kopiëren',
      gestartDoor: (wanneer: string, wie: string) => `${wanneer} door ${wie}`,
      beeindigd: 'Beëindigd',
      wachttijd: 'Wachttijd per stap',
      reden: 'Reden',
      stop: 'Stoppen',
      stopTitle: 'Testrun stoppen',
      stopText: (opdrachtId: string) =>
        `Wilt u de testrun van opdracht ${opdrachtId} stoppen? De simulator stuurt daarna niets meer, en een gestopte test kan niet verder.`,
      stopped: 'Testrun gestopt',
      download: 'Rapport downloaden',
      fileName: (opdrachtId: string) => `testrun-${opdrachtId}.json`,
    },
    verwacht: {
      title: 'Verwacht van uw systeem',
      intro: (wachttijd: string) =>
        `De test wacht op dit bericht, verstuurd met de testclient van uw organisatie; uw systeem heeft er ${wachttijd} voor.`,
      type: 'Berichttype',
      versienummer: 'Versienummer',
      velden: 'Velden die deze stap vraagt',
      geenVelden: 'Deze stap vraagt geen bepaalde waarden: de overige velden van het bericht vult uw systeem zelf.',
      compose: 'Samenstellen',
      composeHelper: 'Zet dit bericht klaar onder Bericht samenstellen, met het voorbeeld van het type en deze velden.',
    },
    steps: {
      title: 'Stappen',
      /** Who sends a step's message, seen from the participant. */
      door: { simulator: 'Simulator → u', deelnemer: 'U → simulator' },
      statuses: {
        lopend: 'Bezig',
        geslaagd: 'Geslaagd',
        mislukt: 'Mislukt',
        gestopt: 'Gestopt',
        open: 'Nog niet begonnen',
      },
      stepName: (index: number, type: string) => `Stap ${index}: ${type}`,
      duur: (ms: string) => `${ms} ms`,
      berichtId: 'Bericht ID',
      pogingen: 'Afleverpogingen',
      laatsteFout: 'Laatste fout',
      traceId: (traceId: string) => `Trace ID ${traceId}`,
      ontvangen: 'Ontvangen',
      akkoord: (akkoord: string) => `akkoord: ${akkoord}`,
      levering: (leveringId: string) => `levering ${leveringId}`,
      weigeringen: 'Weigeringen door Knooppunt',
      weigering: (type: string, status: number, message: string) => `${type} (${status}): ${message}`,
    },
  },
  /** The user overview and its dialogs (spec 001 §2.7). */
  gebruikers: {
    email: 'E-mail',
    organisatie: 'Organisatie',
    roles: 'Rollen',
    actions: 'Acties',
    filterOverzicht: 'Filter overzicht',
    roleTree: 'Rollen per organisatietype',
    synchronize: 'Synchroniseren',
    newUser: 'Nieuwe gebruiker aanmaken',
    createTitle: 'Aanmaken gebruiker',
    changeRoles: 'Wijzigen rollen',
    changeRolesTitle: (email: string) => `Wijzigen rollen ${email}`,
    save: 'Opslaan',
    role: 'Rol',
    optionalRoles: 'Optionele rollen',
    optionalRolesHelper: 'Kies eerst een rol',
    staffRoles: 'Rollen van de medewerker',
    delegerende: 'Delegerende',
    badges: { C: 'Combi', G: 'Gedelegeerd', D: 'Deelnemer', O: 'Onbekend' },
    setPasswordLink: `Link om het wachtwoord in te stellen (eenmalig, ${PASSWORD_LINK_DAYS} dagen geldig):`,
    /** Under 'Gebruiker succesvol aangemaakt' (issue 29): what the new user does next. */
    createdNext: (email: string) =>
      `${email} kan inloggen zodra een wachtwoord is ingesteld via de uitnodigingslink (${PASSWORD_LINK_DAYS} dagen geldig).`,
    /** The alert that keeps the new user's link on screen (demo mode only) to pass it on. */
    invitationFor: (email: string) => `Uitnodiging voor ${email}`,
    /** Asked before 'Synchroniseren' (issue 29): what it does, and that it deletes no user. */
    syncTitle: 'Synchroniseren',
    syncText:
      'Synchroniseren ruimt sessies en tokens op van accounts die niet meer bestaan en meldt gebruikers die nog geen wachtwoord hebben. Er worden geen gebruikers verwijderd of gewijzigd.',
    /** `verwijderd` counts the provider's records of accounts that no longer exist, never users. */
    syncSummary: (verwijderd: number, bijgewerkt: number) =>
      `Opgeruimd: ${verwijderd} sessie(s) en token(s) van accounts die niet meer bestaan. Bijgewerkt: ${bijgewerkt} account(s).`,
    /** Beside a user's e-mail: why it cannot log in now, or has not yet (issue 29). */
    markers: {
      geblokkeerd: 'Geblokkeerd',
      geblokkeerdUitleg: 'Kan niet inloggen tot een gebruikersbeheerder deze gebruiker deblokkeert.',
      vergrendeld: 'Vergrendeld',
      vergrendeldUitleg:
        'Tijdelijk vergrendeld na te veel mislukte inlogpogingen. Dat gaat vanzelf over; Ontgrendelen heft het direct op.',
      geenWachtwoord: 'Nog geen wachtwoord',
      geenWachtwoordUitleg:
        'Heeft nog geen wachtwoord ingesteld met de uitnodigingslink. Met Uitnodiging opnieuw versturen krijgt de gebruiker een nieuwe link.',
    },
    /** A user's actions menu (issue 29): each is asked first, with what it does. */
    userActions: {
      menu: 'Meer acties',
      block: {
        label: 'Blokkeren',
        title: 'Gebruiker blokkeren',
        text: (email: string) =>
          `${email} kan dan niet meer inloggen; lopende sessies worden direct beëindigd. Met Deblokkeren maakt u dit ongedaan.`,
        done: 'Gebruiker geblokkeerd',
        doneText: (email: string) => `${email} kan niet meer inloggen.`,
        failed: 'Fout bij blokkeren gebruiker',
      },
      unblock: {
        label: 'Deblokkeren',
        title: 'Gebruiker deblokkeren',
        text: (email: string) => `${email} kan dan weer inloggen met het eigen wachtwoord.`,
        done: 'Gebruiker gedeblokkeerd',
        doneText: (email: string) => `${email} kan weer inloggen.`,
        failed: 'Fout bij deblokkeren gebruiker',
      },
      reinvite: {
        label: 'Uitnodiging opnieuw versturen',
        title: 'Uitnodiging opnieuw versturen',
        text: (email: string) =>
          `${email} krijgt een nieuwe link om een wachtwoord in te stellen (${PASSWORD_LINK_DAYS} dagen geldig). Eerdere links werken dan niet meer.`,
        done: 'Uitnodiging opnieuw verstuurd',
        doneText: (email: string) => `Er is een nieuwe link voor ${email}; eerdere links werken niet meer.`,
        failed: 'Fout bij versturen uitnodiging',
      },
      unlock: {
        label: 'Ontgrendelen',
        title: 'Gebruiker ontgrendelen',
        text: (email: string) =>
          `${email} is vergrendeld na te veel mislukte inlogpogingen. Na ontgrendelen kan ${email} direct weer inloggen.`,
        done: 'Gebruiker ontgrendeld',
        doneText: (email: string) => `${email} kan weer inloggen.`,
        failed: 'Fout bij ontgrendelen gebruiker',
      },
      resetSecondFactor: {
        label: 'Tweede stap resetten',
        title: 'Tweede stap resetten',
        text: (email: string) =>
          `De authenticator-app, passkeys en herstelcodes van ${email} worden verwijderd en lopende sessies direct beëindigd; is een tweede stap verplicht, dan stelt de gebruiker bij de volgende login een nieuwe in. Doe dit alleen als u zeker weet dat de gebruiker zelf erom vraagt.`,
        done: 'Tweede stap gereset',
        doneText: (email: string) => `${email} heeft geen tweede stap meer en is uitgelogd.`,
        failed: 'Fout bij resetten tweede stap',
      },
      remove: {
        label: 'Verwijderen',
        title: 'Gebruiker verwijderen',
        text: (email: string) =>
          `${email} wordt verwijderd en kan niet meer inloggen; lopende sessies worden direct beëindigd. Dit kan niet ongedaan worden gemaakt. Het auditlog bewaart het e-mailadres.`,
        done: 'Gebruiker verwijderd',
        doneText: (email: string) => `${email} is verwijderd.`,
        failed: 'Fout bij verwijderen gebruiker',
      },
    },
    droppedRoles: (roles: string) => `Vervalt bij opslaan (hoort niet bij dit organisatietype): ${roles}`,
    noOrganisations: 'Er zijn geen organisaties waarvan u gebruikers mag beheren.',
  },
  /**
   * 'Namens': the participant an implementation partner's user works for on the Testtool,
   * Configuraties and Uitval screens (decision 0041), per screen what it chooses and what having
   * no one means there.
   */
  actingFor: {
    label: 'Namens',
    fetchFailed: 'Fout bij ophalen deelnemers waarvoor u implementeert',
    testtool: {
      helper: 'De deelnemer waarvoor uw organisatie implementeert en waarvan u het systeem test.',
      none: 'Uw organisatie is aan geen deelnemer gekoppeld waarvoor u implementeert. Een deelnemer koppelt zijn implementatiepartner zelf; tot dan test u alleen namens uw eigen organisatie.',
    },
    configs: {
      helper: 'De deelnemer waarvoor uw organisatie implementeert en waarvan u de configuraties beheert.',
      none: 'Uw organisatie is aan geen deelnemer gekoppeld waarvoor u implementeert, dus er zijn hier geen configuraties die u kunt beheren. Een deelnemer koppelt zijn implementatiepartner zelf.',
    },
    uitval: {
      helper: 'De deelnemer waarvoor uw organisatie implementeert en waarvan u de uitval behandelt.',
      none: 'Uw organisatie is aan geen deelnemer gekoppeld waarvoor u implementeert, dus er is hier geen uitval die u kunt behandelen. Een deelnemer koppelt zijn implementatiepartner zelf.',
    },
  },
  /**
   * The 'Netbeheerder' select of the rules dialogs, for a super-role user who acts for a
   * netbeheerder (decision 0029).
   */
  namens: {
    label: 'Netbeheerder',
    helper: 'U handelt namens deze netbeheerder',
  },
  /** The business-rule scenarios (spec 001 §2.1, §2.2): columns, dialogs and the rule trees. */
  scenarios: {
    omschrijving: 'Omschrijving',
    versie: 'Versie',
    berichtVersie: 'Berichtversie',
    berichtVersieField: 'Bericht versie',
    discipline: 'Discipline',
    netbeheerder: 'Netbeheerder',
    options: 'Opties',
    concept: 'concept',
    versieNummer: (versie: number) => `versie ${versie}`,
    newScenario: 'Nieuw scenario',
    publishVersion: 'Publiceren versie',
    edit: 'Wijzigen',
    copy: 'Kopieren',
    delete: 'Verwijderen',
    createTitle: 'Toevoegen scenario',
    editTitle: 'Wijzigen scenario',
    copyTitle: 'Kopieren scenario',
    add: 'Toevoegen',
    save: 'Opslaan',
    deleteTitle: 'Wilt u dit scenario verwijderen?',
    deleteText: (omschrijving: string) =>
      `Het verwijderen van scenario ${omschrijving} kan niet ongedaan worden gemaakt.`,
    publishTitle: 'Versie publiceren',
    publish: 'Publiceren',
    publicatiedatum: 'Publicatiedatum',
    ingangsdatum: 'Ingangsdatum',
    ingangsdatumHelper: 'Kies eerst een bericht versie',
    ingangsdatumVerstreken: (datum: string) => `${datum} (verstreken)`,
    publishNote: 'Wijzigingen na het laatste wijzigingsmoment moeten met de aannemer worden afgestemd.',
    tabs: { tg: 'Technisch Gereed', aga: 'Administratief Gereed Assets' },
    veld: 'Veld',
    verplichting: 'Verplichting',
    verplichtingOf: (label: string) => `Verplichting ${label}`,
    verplichtingen: { '': 'Optioneel', Ja: 'Ja', Nee: 'Nee' },
    fixed: 'Vast veld: altijd verplicht',
    readOnly: 'U kunt dit scenario alleen bekijken.',
    conceptHiddenTitle: 'Dit scenario is een concept',
    conceptHidden:
      "Met uw rechten kunt u alleen gepubliceerde scenario's bekijken, niet de concepten waar een netbeheerder nog aan werkt. Zoek gepubliceerde scenario's op in 'Overzicht van alle scenario's'.",
    gelijk: (count: number) => `${count} scenario's met gelijke configuratie`,
    compared: 'Vergeleken scenario',
    current: 'Huidig scenario',
    back: 'Terug',
  },
  /** The value lists (spec 001 §2.4, §2.5): overview, its dialogs and the detail's trees. */
  waardenlijsten: {
    netbeheerder: 'Netbeheerder',
    discipline: 'Discipline',
    berichtVersie: 'Berichtversie',
    berichtVersieField: 'Bericht versie',
    options: 'Opties',
    newWaardenlijst: 'Nieuwe waardenlijst',
    createTitle: 'Toevoegen waardenlijst',
    add: 'Toevoegen',
    delete: 'Verwijderen',
    deleteTitle: 'Wilt u deze waardenlijst verwijderen?',
    tabs: { tg: 'Technisch Gereed', aga: 'Administratief Gereed Assets' },
    beperkt: 'Beperkte waarden toegestaan',
    show: 'Tonen',
    edit: 'Wijzigen',
    showTitle: 'Toegestane waarden',
    editTitle: 'Wijzigen waarden',
    noWaarden: 'Dit veld heeft zelf geen waarden; kies een veld eronder.',
    /** A list's name for screen readers, as its row shows it. */
    listName: (list: { netbeheerder: string; discipline: string; berichtVersie: string }) =>
      `Waardenlijst ${list.netbeheerder} ${list.discipline} ${list.berichtVersie}`,
  },
  /**
   * A netbeheerder's deadlines between the steps of its orders (issue 32 item 6, decision 0063):
   * the Termijnen screen and its dialog. The texts the server shares are TERMIJN_TEXTS.
   */
  termijnen: {
    netbeheerder: 'Netbeheerder',
    mail: 'Dagelijkse mail over verlopen termijnen',
    mailHelper:
      'Gaat elke werkdag naar de e-mailadressen in de configuraties van beide partijen, met de opdrachten waarvan een termijn verlopen is.',
    mailFailed: 'Fout bij wijzigen dagelijkse mail',
    fetchFailed: 'Fout bij ophalen termijnen',
    omschrijving: 'Omschrijving',
    stroom: 'Stroom',
    stromen: { aansluiting: 'Aansluiting', hoofdnet: 'Hoofdnet' },
    termijn: 'Termijn',
    options: 'Opties',
    empty: (netbeheerder: string) => `${netbeheerder} heeft nog geen termijnen.`,
    newTermijn: 'Nieuwe termijn',
    createTitle: 'Nieuwe termijn',
    editTitle: 'Termijn wijzigen',
    edit: 'Wijzigen',
    delete: 'Verwijderen',
    deleteTitle: 'Wilt u deze termijn verwijderen?',
    van: 'Van',
    vanHelper: 'Het bericht waarvan de aflevering de termijn start',
    tot: 'Tot',
    totHelper: 'Het bericht dat binnen de termijn moet komen',
    typeKiezen: 'Kies een berichttype.',
    aantal: 'Aantal',
    eenheid: 'Eenheid',
    eenheden: { werkdagen: 'Werkdagen', uren: 'Uren' } satisfies Record<TermijnEenheid, string>,
    /** '10 werkdagen', '1 werkdag', '48 uur': as TERMIJN_TEXTS.omschrijving says it. */
    duur: (aantal: number, eenheid: TermijnEenheid) =>
      `${aantal} ${eenheid === 'uren' ? 'uur' : aantal === 1 ? 'werkdag' : 'werkdagen'}`,
    voorbeeld: 'Zo luidt de termijn',
    voorbeeldLeeg: 'Kies van, tot en een aantal.',
    add: 'Toevoegen',
    save: 'Opslaan',
    createFailed: 'Fout bij aanmaken termijn',
    saveFailed: 'Fout bij opslaan termijn',
    deleteFailed: 'Fout bij verwijderen termijn',
  },
  /** Searching and comparing published scenarios (spec 001 §2.3). */
  zoeken: {
    selectVersion: 'Selecteren versie',
    compareVersion: 'Vergelijken versie',
    dialogTitle: 'Versie selecteren',
    select: 'Selecteren',
    omschrijving: 'Omschrijving',
    netbeheerder: 'Netbeheerder',
    versie: 'Versie',
    berichtVersie: 'Berichtversie',
    publicatiedatum: 'Publicatiedatum',
    ingangsdatum: 'Ingangsdatum',
    discipline: 'Discipline',
    verschil: 'Verschil',
    verschillen: { toegevoegd: 'Toegevoegd', gewijzigd: 'Gewijzigd', verwijderd: 'Verwijderd' },
    chooseVersion: (omschrijving: string) => `Kies ${omschrijving}`,
    versionChip: (netbeheerder: string, berichtVersie: string, versie: number, age?: string) =>
      `${age ? `${age}: ` : ''}${netbeheerder} ${berichtVersie} versie ${versie}`,
    /** Of two compared versions, the one that takes effect first, and the other (decision 0030). */
    older: 'Oud',
    newer: 'Nieuw',
    selected: 'Geselecteerde versie',
    compared: 'Vergeleken versie',
    vergelekenOmschrijving: 'Vergeleken omschrijving',
    nothingSelected: "Kies met 'Selecteren versie' een gepubliceerde versie om haar scenario's te zien.",
  },
  /** Columns and filters of the monitoring lists (spec 000 §2, spec 001 §2.6), shared by their screens. */
  monitoring: {
    opdrachtId: 'Opdracht ID',
    opdrachtgever: 'Opdrachtgever',
    opdrachtnemer: 'Opdrachtnemer',
    versienummer: 'Versienummer',
    status: 'Status',
    type: 'Type',
    created: 'Aangemaakt',
    changed: 'Gewijzigd',
    errorOnly: 'Alleen fouten',
  },
  /** The platform's own state on the Overzicht, for the super role (issue 29 item 3, decision 0045). */
  platform: {
    intro: 'De staat van Knooppunt zelf, alleen voor Beheer ziet alles. Ververst elke 30 seconden.',
    loadFailed: 'De staat van het platform kon niet worden geladen',
    meldingen: 'Open meldingen',
    geenMeldingen: 'Geen open meldingen',
    /** The kinds of the operator's alerts (`platform_alerts.kind`). */
    soorten: {
      mail: 'E-mail',
      delivery: 'Afleveren',
      stalled: 'Geen aflevering',
      retention: 'Bewaartermijnen',
    } as Record<string, string>,
    meldingSinds: (soort: string, sinds: string) => `${soort}, sinds ${sinds}`,
    sinds: 'Sinds',
    database: 'Database',
    soort: 'Soort',
    bereikbaar: 'Bereikbaar',
    mail: 'E-mail',
    verzenden: 'Verzenden',
    mailAan: 'Aan',
    mailUit: 'E-mail staat uit (geen SMTP_URL)',
    wachtend: 'Wachtend',
    opnieuw: 'Wordt opnieuw geprobeerd',
    meldingenAan: 'Meldingen aan',
    geenOperator: 'OPERATOR_EMAIL is niet ingesteld: meldingen staan alleen in het log',
    processen: 'Processen',
    processenUitleg: 'Gezien in de laatste 15 minuten; elk proces meldt zich elke ALERT_CHECK_SECONDS.',
    geenProcessen: 'Geen proces gezien in de laatste 15 minuten.',
    naam: 'Naam',
    rol: 'Rol',
    /** The process's ROLE. */
    rollen: { all: 'API en worker', api: 'API', worker: 'Worker' } as Record<string, string>,
    gestart: 'Gestart',
    laatstGezien: 'Laatst gezien',
    nietGezien: 'Langer dan 2 minuten niet gezien',
    oudsteMails: 'Oudste wachtende e-mails',
    geenWachtend: 'Er wacht geen e-mail.',
    aan: 'Aan',
    onderwerp: 'Onderwerp',
    pogingen: 'Pogingen',
    laatsteFout: 'Laatste fout',
    acties: 'Acties',
    opnieuwVersturen: 'Nu opnieuw versturen',
    opnieuwVerstuurd: 'E-mail wordt nu verstuurd',
    opnieuwVerstuurdTekst: (aan: string) => `De e-mail aan ${aan} wordt nu opnieuw aangeboden aan de mailserver.`,
    opnieuwMislukt: 'Opnieuw versturen is niet gelukt',
  },
  berichten: {
    sender: 'Versturende partij',
    receiver: 'Ontvangende partij',
    type: 'Berichttype',
    failedAttempts: 'Mislukte pogingen',
    lastAttempt: 'Laatste poging',
    nextAttempt: 'Volgende poging',
    error: 'Foutmelding',
    options: 'Opties',
    resend: 'Opnieuw verzenden',
    copyTraceId: 'Trace ID kopiëren',
    traceIdCopied: 'Trace ID gekopieerd',
    panelTitle: (type: string, opdrachtId: string) => `${type} ${opdrachtId}`,
    /** The panel's delivery state above the message (issue 29): whether and when, and its attempts. */
    delivery: {
      title: 'Aflevering',
      delivered: 'Afgeleverd',
      notDelivered: 'Nog niet afgeleverd',
      deliveredAt: 'Afgeleverd op',
      lastFailedAttempt: 'Laatste mislukte poging',
      lastError: 'Laatste foutmelding',
      traceId: 'Trace ID',
      message: 'Bericht',
    },
    /** Above a message whose payload retention removed (decision 0032): its `data` is then `{}`. */
    dataRemoved: (days: number) => `Inhoud verwijderd na ${days} ${days === 1 ? 'dag' : 'dagen'}`,
    /** The tooltip of the disabled resend of such a message: the server refuses it (409). */
    resendDataRemoved: (days: number) =>
      `Niet opnieuw te verzenden: inhoud verwijderd na ${days} ${days === 1 ? 'dag' : 'dagen'}`,
    /** Asked before a delivered message is sent again (decision 0031). */
    resendDeliveredText: (message: string) => `${message} is al afgeleverd. Opnieuw verzenden?`,
    /** 'Alles opnieuw versturen': every undelivered message matching the list's filters (decision 0034). */
    bulk: {
      action: 'Alles opnieuw versturen',
      question: (count: number) =>
        count === 1 ? '1 bericht opnieuw versturen?' : `${formatCount(count)} berichten opnieuw versturen?`,
      none: 'Er zijn geen berichten bij deze filters die nog verstuurd moeten worden.',
      running: 'Berichten opnieuw versturen',
      progress: (handled: number, total: number) => `${formatCount(handled)} van ${formatCount(total)}`,
      finished: 'Opnieuw versturen klaar',
      failed: 'Opnieuw versturen mislukt',
      done: (count: number) =>
        count === 1 ? '1 bericht opnieuw verstuurd.' : `${formatCount(count)} berichten opnieuw verstuurd.`,
      skipped: (count: number) =>
        count === 1
          ? '1 bericht was intussen al afgeleverd of verwijderd.'
          : `${formatCount(count)} berichten waren intussen al afgeleverd of verwijderd.`,
      notDone: (count: number) =>
        count === 1
          ? '1 bericht is niet opnieuw verstuurd.'
          : `${formatCount(count)} berichten zijn niet opnieuw verstuurd.`,
    },
  },
  opdrachten: {
    planStatus: (text: string) => `Plan status: ${text}`,
    /** The filter of the orders past one of their netbeheerder's deadlines (decision 0063). */
    alleenTermijnVerlopen: 'Alleen termijn verlopen',
    actions: 'Acties',
    cancel: 'Opdracht annuleren',
    cancelText: (opdrachtId: string) =>
      `Wilt u opdracht ${opdrachtId} handmatig annuleren? Alle berichten van deze opdracht die nog verzonden moeten worden, worden verwijderd.`,
    /** The side panel a row opens: the order's history (decision 0059). */
    historie: {
      title: (opdrachtId: string) => `Historie van opdracht ${opdrachtId}`,
      fetchFailed: 'De historie van deze opdracht kon niet worden geladen',
      inError: 'Fout',
      planStatus: 'Plan status',
      berichten: 'Berichten',
      geenBerichten: 'Deze opdracht heeft geen berichten (meer).',
      route: (sender: string, receiver: string) => `${sender} → ${receiver}`,
      geaccepteerd: 'Geaccepteerd',
      afgeleverd: 'Afgeleverd',
      wacht: 'Wacht op aflevering',
      mislukt: (attempts: number) => (attempts === 1 ? '1 mislukte poging' : `${attempts} mislukte pogingen`),
      laatstePoging: 'laatste',
      volgendePoging: 'Volgende poging',
      /** The status a message brought could not be derived (its payload was removed). */
      statusOnbekend: 'Status onbekend',
      leveringen: 'Leveringen',
      geenLeveringen: 'Geen leveringen.',
      acties: 'Handmatige acties',
      geenActies: 'Geen handmatige acties.',
      betreft: (types: string) => `Betreft: ${types}`,
      /** Each start of one of the netbeheerder's deadlines for this order (decision 0063). */
      termijnen: 'Termijnen',
      gestart: 'Gestart',
      uiterlijk: 'Uiterlijk',
      beantwoord: 'Beantwoord',
      nietBeantwoord: '—',
      /** The signed delivery receipt (decision 0060). */
      ontvangstbewijs: (status: number, attempt: number) =>
        `Ontvangstbewijs ondertekend (HTTP ${status}, poging ${attempt})`,
      /** The evidence file (decision 0062): JSON, the evidence, and a readable PDF of it. */
      bewijsdossier: 'Bewijsdossier downloaden',
      bewijsdossierPdf: 'Als PDF',
      bewijsdossierUitleg:
        'Alle berichten van deze opdracht zoals ze zijn afgeleverd, met hun ontvangstbewijzen, als geheel ondertekend door Knooppunt.',
      bewijsdossierBestand: (opdrachtId: string, formaat: 'json' | 'pdf') => `bewijsdossier-${opdrachtId}.${formaat}`,
    },
  },
  leveringen: {
    leveringId: 'Levering ID',
    bericht: 'Bericht',
  },
  /** The Auditlog screen of the super role (decision 0033). */
  auditlog: {
    wanneer: 'Wanneer',
    wie: 'Wie',
    actie: 'Actie',
    onderwerp: 'Onderwerp',
    actor: 'Gebruiker',
    action: 'Actie',
    subjectType: 'Soort onderwerp',
    subjectId: 'Onderwerp ID',
    from: 'Vanaf',
    to: 'Tot en met',
    namens: (netbeheerder: string) => `namens ${netbeheerder}`,
    subject: (type: string, id: string) => `${type} ${id}`,
    panelTitle: (action: string, subjectId: string) => `${action} ${subjectId}`,
    deelnemer: 'Deelnemer',
    veld: 'Veld',
    voor: 'Voor',
    na: 'Na',
    wijziging: 'Wijziging',
    changes: { gewijzigd: 'gewijzigd', toegevoegd: 'toegevoegd', verwijderd: 'verwijderd' },
    differenceTitle: 'Wat er veranderde',
    noChanges: 'Geen verschil tussen voor en na vastgelegd.',
    unchanged: (n: number) => `${n} ${n === 1 ? 'veld' : 'velden'} ongewijzigd, niet getoond.`,
    empty: '(geen)',
  },
  configs: {
    /** The conformity line of the configuration panel (decision 0040). */
    scenariosMissing: (count: number) => (count === 1 ? '1 scenario ontbreekt' : `${count} scenario's ontbreken`),
    conformityRequired: 'vereist voor activeren',
    deelnemer: 'Deelnemer',
    versienummer: 'Versienummer bericht',
    updated: 'Laatste wijziging configuratie',
    status: 'Status',
    actions: 'Acties',
    newConfig: 'Nieuwe configuratie',
    createTitle: 'Aanmaken nieuwe configuratie',
    panelTitle: (deelnemer: string, versienummer: string, draft: boolean) =>
      `${deelnemer} ${versienummer}${draft ? ' (Concept)' : ''}`,
    version: (version: number) => `versie ${version}`,
    checkConnection: 'Verbinding controleren met de laatste configuratie',
    useNewest: 'Nieuwste configuratie gebruiken',
    /** After 'Concept activeren': the sender keeps its version, or there is none yet — what sends with the new one. */
    activatedNext: "Berichten worden pas met deze versie verstuurd na 'Nieuwste configuratie gebruiken'.",
    useNewestText: (deelnemer: string, versienummer: string, version: number) =>
      `Wilt u het verzendproces van ${deelnemer} ${versienummer} laten werken met configuratieversie ${version}?`,
    /** The confirmation of 'Nieuwste configuratie gebruiken', and why it is disabled (issue 33). */
    newestInUse: 'Nieuwste configuratie in gebruik',
    newestInUseText: (deelnemer: string, versienummer: string, version: number) =>
      `Het verzendproces van ${deelnemer} ${versienummer} werkt nu met configuratieversie ${version}.`,
    newestAlreadyInUse: (version: number) => `Nieuwste configuratie al in gebruik (versie ${version})`,
    /** The confirmations of the sender's switch (issue 33). */
    senderPaused: 'Verzenden gepauzeerd',
    senderResumed: 'Verzenden hervat',
    senderOf: (deelnemer: string, versienummer: string) => `Verzendproces van ${deelnemer} ${versienummer}`,
    activateDraft: 'Concept activeren',
    activateDraftText: (deelnemer: string, versienummer: string) =>
      `Wilt u de conceptversie van ${deelnemer} ${versienummer} activeren?`,
    maxMessages: 'Aantal gelijktijdige berichten instellen',
    maxPerSecond: 'Aantal berichten per seconde instellen',
    senderLog: 'Log van verzendproces bekijken',
    /** The switch between production's and the test environment's configurations (decision 0038). */
    omgeving: 'Omgeving',
    testEnvironment: 'Testomgeving: deze configuraties gelden alleen voor testberichten van testclients.',
    /** A panel's or dialog's title over the test environment's configurations. */
    inTest: (title: string) => `${title} (test)`,
  },
  configForm: {
    deelnemer: 'Deelnemer',
    versienummer: 'Versienummer',
    clientId: 'Client ID',
    clientSecret: 'Client Secret',
    /**
     * Whose credentials these are (issue 29): Knooppunt's at the participant's token endpoint, used
     * to deliver to it — not the participant's system client, with which it offers messages.
     */
    clientIdHelper:
      'Het client ID van Knooppunt bij het token-endpoint van de deelnemer; niet dat van de systeemclient van de deelnemer.',
    clientSecretHelper: 'Het geheim van Knooppunt bij dat client ID.',
    tokenUrlHelper: 'Het token-endpoint van de deelnemer, waar Knooppunt een token ophaalt om berichten af te leveren.',
    secretPlaceholder: '•••••••• (ongewijzigd)',
    secretSet: 'Er is een Client Secret ingesteld; laat dit veld leeg om het te behouden.',
    tokenUrl: 'Token URL',
    scope: 'Scope',
    emails: 'E-mails',
    emailsHelper: 'Meerdere adressen scheiden met een komma.',
    useMtls: 'mTLS gebruiken',
    view: 'Toon inputs voor',
    views: { alle: 'Alle', opdrachtnemer: 'Alleen opdrachtnemer', opdrachtgever: 'Alleen opdrachtgever' },
    urlGroups: { opdrachtgever: 'Opdrachtgever URLs', opdrachtnemer: 'Opdrachtnemer URLs' },
    readOnly: 'U kunt deze configuratie alleen bekijken.',
    readOnlyOtherParticipant: 'U kunt alleen de configuratie van uw eigen deelnemer wijzigen; deze kunt u bekijken.',
    shownForError: 'Getoond omdat deze groep een fout bevat; ook deze URLs worden opgeslagen.',
    save: 'Opslaan',
  },
  /**
   * 'Ondertekening' in the configuration panel (decision 0061): the receiver's signing secret, with
   * which every delivery carries Standard Webhooks signatures beside the token.
   */
  webhookSecret: {
    title: 'Ondertekening',
    intro:
      'Met een geheim ondertekent Knooppunt elk bericht aan deze ontvanger (Standard Webhooks), naast het token: zo kan de ontvanger nagaan dat het van Knooppunt komt, onderweg niet veranderd is en niet opnieuw afgespeeld wordt.',
    none: 'Nog geen geheim: berichten gaan zonder handtekening.',
    since: 'Geheim sinds',
    previousUntil: 'Vorig geheim ondertekent mee tot',
    create: 'Geheim aanmaken',
    rotate: 'Nieuw geheim',
    createText: (deelnemer: string, versienummer: string) =>
      `Er komt een ondertekeningsgeheim voor ${deelnemer} ${versienummer}. U ziet het één keer; vanaf dan ondertekent Knooppunt elk bericht aan deze ontvanger ermee.`,
    rotateText: (deelnemer: string, versienummer: string, hours: number) =>
      `Er komt een nieuw ondertekeningsgeheim voor ${deelnemer} ${versienummer}. ` +
      (hours > 0
        ? `Het huidige geheim ondertekent nog ${hours} uur mee, zodat de ontvanger kan overstappen; daarna niet meer.`
        : 'Het huidige geheim ondertekent direct niet meer mee.'),
    confirmCreate: 'Aanmaken',
    confirmRotate: 'Nieuw geheim maken',
    createdTitle: 'Ondertekeningsgeheim aangemaakt',
    rotatedTitle: 'Nieuw ondertekeningsgeheim aangemaakt',
    secret: 'Ondertekeningsgeheim',
    saveNow: 'Bewaar het geheim nu: het wordt niet nog eens getoond.',
    saveHint:
      "Zet het bij de ontvanger van de deelnemer, die er de handtekening van elk bericht mee controleert. Kwijtgeraakt? Maak dan met 'Nieuw geheim' een nieuw geheim.",
    /** The guide's section on checking the signature (docs/koppelen.md). */
    howTo: 'Hoe de ontvanger de handtekening controleert',
  },
  connectionCheck: {
    title: 'Resultaten verbindingcontrole',
    tokenUrl: 'Token URL',
    details: 'Details',
  },
  maxMessages: {
    title: 'Instellen aantal gelijktijdige berichten',
    field: 'Maximaal aantal gelijktijdige berichten',
    update: 'Bijwerken',
  },
  maxPerSecond: {
    title: 'Instellen aantal berichten per seconde',
    field: 'Maximaal aantal berichten per seconde',
    update: 'Bijwerken',
  },
  senderLog: {
    title: (deelnemer: string, versienummer: string) => `Log van verzendproces voor ${deelnemer} ${versienummer}`,
    date: 'Datum',
    status: 'Status',
    version: 'Versie',
    maxMessages: 'Max. berichten',
    maxPerSecond: 'Max. per seconde',
    empty: 'Nog geen wijzigingen in het verzendproces.',
    fetchFailed: 'Fout bij ophalen log van verzendproces',
  },
} as const;
