/** The super role: grants most rights by itself (spec 000 §6, spec 001 §6). */
export const SUPER_ROLE = 'Beheer ziet alles';

/**
 * Role groups by organisation type (spec 001 §6): the main roles of a group and the optional
 * roles that may be added to one of them. 'geen' and 'Overig' close the list.
 */
export interface RoleGroup {
  organisationType: string;
  roles: readonly string[];
  optionalRoles: readonly string[];
}

export const ROLE_GROUPS: readonly RoleGroup[] = [
  {
    organisationType: 'Aannemer',
    roles: ['Coordinerende Aannemer', 'Uitvoerende Aannemer'],
    optionalRoles: [
      'Beheer connectiviteit',
      'Business rules Zoeken',
      'Testtool Verzenden',
      'Verbindingen Beheren',
      'Configuraties Beheren',
      'Samenwerkingsverband Bewerken',
      'Uitval Beheren',
    ],
  },
  {
    organisationType: 'Netbeheerder',
    roles: ['Netbeheerder'],
    optionalRoles: [
      'Netbeheerder Hoofdleiding',
      'Beheer connectiviteit',
      'Business rules Concept Bekijken',
      'Business rules Concept Bewerken',
      'Testtool Verzenden',
      'Configuraties Beheren',
      'Verbindingen Beheren',
      'Uitval Beheren',
      'Geblokkeerde weken Beheren',
    ],
  },
  {
    organisationType: 'Gedelegeerd netbeheerder',
    roles: ['Gedelegeerd Netbeheerder'],
    optionalRoles: ['Geblokkeerde weken Beheren'],
  },
  {
    organisationType: 'Combi',
    roles: ['Combi Medewerker', 'Combi Medewerker Werkvoorbereider'],
    optionalRoles: ['Combi Medewerker Hoofdleiding', 'Aanvraag importeren', 'Geblokkeerde weken Beheren'],
  },
  {
    organisationType: 'Medewerker Mijn Aansluiting',
    roles: ['Medewerker Mijn Aansluiting'],
    optionalRoles: ['Alles in CAPO bekijken', 'Business rules Zoeken'],
  },
  {
    organisationType: 'Beheerder',
    roles: [SUPER_ROLE],
    optionalRoles: [
      'Connectiviteit Beheren',
      'Gebruikers Beheren',
      'Opdrachtverstrekking Beheren',
      'Samenwerkingsverband Bewerken',
      'Samenwerkingsverband Beheren',
      'Business rules Beheren',
      'Testtool Verzenden',
      'Testtool Beheren',
      'Gebieden Wisselen',
      'Aanvraag kopieren',
    ],
  },
  {
    organisationType: 'Implementatie partner',
    roles: [],
    optionalRoles: [
      'Business rules Zoeken',
      'Testtool Verzenden',
      'Implementeert voor Aannemer',
      'Implementeert voor Netbeheerder',
      'Configuraties Beheren',
      'Uitval Beheren',
    ],
  },
  { organisationType: 'geen', roles: ['geen'], optionalRoles: [] },
];

/** Name of the group that collects roles which belong to no group above. */
export const OTHER_ROLE_GROUP = 'Overig';

/** The organisation type whose group a role belongs to, or 'Overig'. */
export function roleGroupOf(role: string): string {
  const group = ROLE_GROUPS.find((g) => g.roles.includes(role) || g.optionalRoles.includes(role));
  return group?.organisationType ?? OTHER_ROLE_GROUP;
}
