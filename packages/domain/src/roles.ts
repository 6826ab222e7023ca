/** The super role: grants most rights by itself (spec 000 §6, spec 001 §6). */
export const SUPER_ROLE = 'Beheer ziet alles';

/** The type of the platform operator's own organisations (decision 0003). */
export const OPERATOR_ORGANISATION_TYPE = 'Beheerder';

/**
 * The roles of the rights tables (spec 001 §6, spec 000 §6) that belong to no organisation type's
 * group: what the operator's staff without the super role hold (decision 0014).
 */
export const OPERATOR_STAFF_ROLES = [
  'Beheer Monitoring',
  'Uitval Beheren',
  'Beheer User Viewers',
  'Beheer User Beheer',
  'Business Rules Zoeker',
  'Business Rules Viewer',
  'Business Rules Editor',
  'Business Rules Beheer',
] as const;

/** The roles that grant the user administration (spec 001 §6 'view users', 'create user'). */
export const USER_MANAGEMENT_ROLES = ['Beheer User Viewers', 'Beheer User Beheer', 'Gebruikers Beheren'] as const;

/** With the super role, this makes a platform administrator: manages every organisation's users. */
export const PLATFORM_USER_MANAGEMENT_ROLE = 'Gebruikers Beheren';

/** The role 'geen': a user without rights (spec 001 §6). */
export const NO_ROLE = 'geen';

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
    organisationType: OPERATOR_ORGANISATION_TYPE,
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
  { organisationType: NO_ROLE, roles: [NO_ROLE], optionalRoles: [] },
];

/** Name of the group that collects roles which belong to no group above. */
export const OTHER_ROLE_GROUP = 'Overig';

/** The organisation type whose group a role belongs to, or 'Overig'. */
export function roleGroupOf(role: string): string {
  const group = ROLE_GROUPS.find((g) => g.roles.includes(role) || g.optionalRoles.includes(role));
  return group?.organisationType ?? OTHER_ROLE_GROUP;
}

/** The Beheerder group: the super role and its optional roles. */
export const OPERATOR_ROLE_GROUP: RoleGroup = ROLE_GROUPS.find(
  (g) => g.organisationType === OPERATOR_ORGANISATION_TYPE,
)!;
const PARTICIPANT_ROLES = new Set(
  ROLE_GROUPS.filter((g) => g.organisationType !== OPERATOR_ORGANISATION_TYPE).flatMap((g) => [
    ...g.roles,
    ...g.optionalRoles,
  ]),
);

/**
 * Roles only a platform administrator grants or removes (decision 0014): the super role, the
 * optional roles of the Beheerder group, and the user-management roles. 'Testtool Verzenden' and
 * 'Samenwerkingsverband Bewerken' are in participants' groups too, where they grant nothing of
 * the operator's: there they are not privileged.
 */
export function isPrivilegedRole(role: string): boolean {
  return (
    role === SUPER_ROLE ||
    (USER_MANAGEMENT_ROLES as readonly string[]).includes(role) ||
    (OPERATOR_ROLE_GROUP.optionalRoles.includes(role) && !PARTICIPANT_ROLES.has(role))
  );
}
