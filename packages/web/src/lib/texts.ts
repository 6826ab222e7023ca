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
  },
  shell: {
    openMenu: 'Menu openen',
    mainMenu: 'Hoofdmenu',
    login: 'Inloggen',
    loginAgain: 'Opnieuw inloggen',
    logout: 'Uitloggen',
    account: 'Account',
    deelnemer: 'Deelnemer',
    email: 'E-mail',
    version: (version: string) => `v${version}`,
    configLoadFailed: 'Configuratie van de portal kon niet worden geladen',
    routeFailed: 'Deze pagina kon niet worden geladen',
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
    gebruikers: 'Gebruikers',
    organisaties: 'Organisaties',
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
  },
} as const;
