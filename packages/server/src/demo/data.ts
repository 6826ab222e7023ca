import type { NewOrganisation as Organisation } from '@knooppunt/domain';

const party = (organisatie: string, type: string, extra: Partial<Organisation['metadata']> = {}): Organisation => ({
  organisatie,
  type,
  metadata: { deelnemer: organisatie, delegerenden: [], ...extra },
});

/** Demo organisations: every demo user's, plus a few of every type so lists have something to show. */
export const DEMO_ORGANISATIONS: Organisation[] = [
  party('Knooppunt_Beheer', 'Beheerder'),
  party('Netbeheer_Noord', 'Netbeheerder'),
  party('Netbeheer_Zuid', 'Netbeheerder'),
  party('Netbeheer_West', 'Netbeheerder'),
  party('Aannemer_Alfa', 'Aannemer'),
  party('Aannemer_Beta', 'Aannemer'),
  party('Aannemer_Gamma', 'Aannemer'),
  party('Combi_Oost', 'Combi', { combi: 'Combi_Oost' }),
  party('Combi_Rivierenland', 'Combi', { combi: 'Combi_Rivierenland' }),
  party('Implementatie_Partner_Integra', 'Implementatie partner'),
  party('Implementatie_Partner_Koppelvlak', 'Implementatie partner'),
  party('Gedelegeerd_Netbeheer_Delta', 'Gedelegeerd netbeheerder', { delegerenden: ['Netbeheer_Noord'] }),
  party('Gedelegeerd_Netbeheer_Kust', 'Gedelegeerd netbeheerder', {
    delegerenden: ['Netbeheer_Noord', 'Netbeheer_Zuid'],
  }),
];

export interface DemoUser {
  email: string;
  organisatie: string;
  roles: string[];
  /** The grid operator a Gedelegeerd Netbeheerder acts for. */
  delegerende?: string;
}

/** The demo accounts of the README; their password is `demo`, in demo mode only. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'beheer@knooppunt.example',
    organisatie: 'Knooppunt_Beheer',
    roles: [
      'Beheer ziet alles',
      'Opdrachtverstrekking Beheren',
      'Gebruikers Beheren',
      'Business rules Beheren',
      'Connectiviteit Beheren',
      'Testtool Verzenden',
      'Testtool Beheren',
    ],
  },
  {
    email: 'monitor@knooppunt.example',
    organisatie: 'Knooppunt_Beheer',
    roles: ['Beheer Monitoring', 'Uitval Beheren'],
  },
  {
    email: 'netbeheer@noord.example',
    organisatie: 'Netbeheer_Noord',
    roles: [
      'Netbeheerder',
      'Business rules Concept Bewerken',
      'Configuraties Beheren',
      'Uitval Beheren',
      'Beheer connectiviteit',
      'Testtool Verzenden',
    ],
  },
  {
    email: 'netbeheer@zuid.example',
    organisatie: 'Netbeheer_Zuid',
    roles: ['Netbeheerder', 'Business rules Concept Bekijken'],
  },
  {
    email: 'aannemer@alfa.example',
    organisatie: 'Aannemer_Alfa',
    roles: [
      'Coordinerende Aannemer',
      'Configuraties Beheren',
      'Business rules Zoeken',
      'Uitval Beheren',
      'Testtool Verzenden',
    ],
  },
  {
    email: 'partner@integra.example',
    organisatie: 'Implementatie_Partner_Integra',
    roles: ['Testtool Verzenden', 'Implementeert voor Aannemer', 'Configuraties Beheren', 'Uitval Beheren'],
  },
  {
    email: 'users@knooppunt.example',
    organisatie: 'Knooppunt_Beheer',
    roles: ['Beheer User Viewers', 'Beheer User Beheer'],
  },
  { email: 'geen@knooppunt.example', organisatie: 'Knooppunt_Beheer', roles: ['geen'] },
  // The super role alone: sees everything, and changes only what that role itself grants (README,
  // decision 0029: concept rules for the netbeheerder it chooses); the read-only side of the rest.
  { email: 'kijker@knooppunt.example', organisatie: 'Knooppunt_Beheer', roles: ['Beheer ziet alles'] },
  // A combi's and a delegated grid operator's staff: the user overview shows their C and G badges.
  {
    email: 'werkvoorbereider@combi-oost.example',
    organisatie: 'Combi_Oost',
    roles: ['Combi Medewerker Werkvoorbereider'],
  },
  {
    email: 'planner@kust.example',
    organisatie: 'Gedelegeerd_Netbeheer_Kust',
    roles: ['Gedelegeerd Netbeheerder', 'Geblokkeerde weken Beheren'],
    delegerende: 'Netbeheer_Zuid',
  },
];

export const DEMO_PASSWORD = 'demo';

/** The secret of every demo system client (demo mode only, seeded as a hash). */
export const DEMO_CLIENT_SECRET = 'demo-secret';

/** `Aannemer_Alfa` → `aannemer_alfa-systeem`: the demo system client of a participant. */
export const demoSystemClientId = (organisatie: string) => `${organisatie.toLowerCase()}-systeem`;

/** The participants whose demo users test in the Testtool, with the side they play: they have test configurations. */
export const DEMO_TESTTOOL_PARTICIPANTS: Record<string, 'opdrachtgever' | 'opdrachtnemer'> = {
  Aannemer_Alfa: 'opdrachtnemer',
  Netbeheer_Noord: 'opdrachtgever',
};

/** The demo's implementation partner implements for Aannemer_Alfa (decision 0041). */
export const DEMO_IMPLEMENTATION_LINKS = [
  { partner: 'Implementatie_Partner_Integra', deelnemer: 'Aannemer_Alfa', createdBy: 'demo' },
];
