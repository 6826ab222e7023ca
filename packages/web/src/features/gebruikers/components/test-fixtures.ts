import type { Organisation, Paged, User } from '@knooppunt/domain';
import { stubApi, type StubHandler } from '@/testing/stub-api';
import type { RoleTree } from '../api/search-roles';

export const VIEWER = ['Beheer User Viewers'];
export const ADMIN = ['Beheer User Viewers', 'Beheer User Beheer'];

/** Sessions of decision 0014's three kinds of user manager. */
export const STAFF_MANAGER = { roles: ADMIN, deelnemer: 'Knooppunt_Beheer', email: 'users@knooppunt.example' };
export const PLATFORM_ADMIN = {
  roles: ['Beheer ziet alles', 'Gebruikers Beheren'],
  deelnemer: 'Knooppunt_Beheer',
  email: 'beheer@knooppunt.example',
};
export const NOORD_MANAGER = { roles: ADMIN, deelnemer: 'Netbeheer_Noord', email: 'gebruikers@noord.example' };

export const organisations: Organisation[] = [
  {
    organisatie: 'Gedelegeerd_Oost',
    type: 'Gedelegeerd netbeheerder',
    metadata: { delegerenden: ['Netbeheer_Noord', 'Netbeheer_Zuid'] },
    actief: true,
  },
  { organisatie: 'Implementatie_Partner', type: 'Implementatie partner', metadata: { delegerenden: [] }, actief: true },
  {
    organisatie: 'Knooppunt_Beheer',
    type: 'Beheerder',
    metadata: { deelnemer: 'Knooppunt_Beheer', delegerenden: [] },
    actief: true,
  },
  {
    organisatie: 'Netbeheer_Noord',
    type: 'Netbeheerder',
    metadata: { deelnemer: 'Netbeheer_Noord', delegerenden: [] },
    actief: true,
  },
];

const role = (name: string, description = '') => ({ id: name, name, description });

/** An account that can log in: not blocked, a password set, not locked. */
const account = { geblokkeerd: false, wachtwoordIngesteld: true, vergrendeld: false, tweedeStap: false };

export const users: User[] = [
  {
    ...account,
    userid: 'u1',
    email: 'jan@noord.example',
    organisatie: 'Netbeheer_Noord',
    organisatieType: 'Netbeheerder',
    metadata: { deelnemer: 'Netbeheer_Noord' },
    roles: [role('Netbeheerder'), role('Uitval Beheren')],
  },
  {
    ...account,
    geblokkeerd: true,
    userid: 'u2',
    email: 'piet@combi.example',
    organisatie: 'Combi_West',
    organisatieType: 'Combi',
    metadata: { combi: 'Combi_West', deelnemer: 'Combi_West' },
    roles: [role('Combi Medewerker')],
  },
  {
    ...account,
    wachtwoordIngesteld: false,
    userid: 'u3',
    email: 'klaas@oost.example',
    organisatie: 'Gedelegeerd_Oost',
    organisatieType: 'Gedelegeerd netbeheerder',
    metadata: { delegerende: 'Netbeheer_Zuid' },
    roles: [role('Gedelegeerd Netbeheerder')],
  },
  {
    ...account,
    vergrendeld: true,
    tweedeStap: true,
    userid: 'u4',
    email: 'anna@partner.example',
    organisatie: 'Implementatie_Partner',
    organisatieType: 'Implementatie partner',
    metadata: {},
    roles: [role('Testtool Verzenden'), role('Beheer User Viewers')],
  },
  {
    ...account,
    userid: 'u5',
    email: 'monitor@knooppunt.example',
    organisatie: 'Knooppunt_Beheer',
    organisatieType: 'Beheerder',
    metadata: { deelnemer: 'Knooppunt_Beheer' },
    roles: [role('Beheer Monitoring'), role('Uitval Beheren')],
  },
  {
    ...account,
    userid: 'u6',
    email: 'users@knooppunt.example',
    organisatie: 'Knooppunt_Beheer',
    organisatieType: 'Beheerder',
    metadata: { deelnemer: 'Knooppunt_Beheer' },
    roles: [role('Beheer User Viewers'), role('Beheer User Beheer')],
  },
];

export const roleTree: RoleTree = {
  items: [
    {
      organisatieType: 'Netbeheerder',
      roles: [
        { ...role('Netbeheerder'), optional: false },
        { ...role('Uitval Beheren'), optional: true },
      ],
    },
    { organisatieType: 'Combi', roles: [{ ...role('Combi Medewerker'), optional: false }] },
    { organisatieType: 'Overig', roles: [] },
  ],
};

const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

/** The user overview's calls, each answering the fixtures unless `overrides` says otherwise. */
export function stubUsersApi(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'POST /rest/users/search': json({ items: users, count: 14, skip: 0, limit: 10 } satisfies Paged<User>),
    'POST /rest/roles/search': json(roleTree),
    'POST /rest/organisations/search': json({ items: organisations, count: organisations.length, skip: 0, limit: 0 }),
    'POST /rest/users/autosuggest': json([
      { v: 'Netbeheer_Noord', k: 'organisatie' },
      { v: 'jan@noord.example', k: 'email' },
    ]),
    ...overrides,
  });
}
