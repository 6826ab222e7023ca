import { describe, expect, it } from 'vitest';
import { OPERATOR_STAFF_ROLES, isPrivilegedRole } from './roles';
import { STAFF_CHOICE, roleOptionOf, roleOptionsFor, roleProblems } from './users';
import { isOperatorDeelnemer, userManagementPolicy, type ManagedUser } from './user-management';

const messages = (type: string, roles: string[]) => roleProblems(type, roles).map((problem) => problem.message);

describe("roleProblems for the operator's own organisations (type Beheerder)", () => {
  it.each([
    [['Beheer ziet alles']],
    [['Beheer ziet alles', 'Opdrachtverstrekking Beheren', 'Gebruikers Beheren', 'Business rules Beheren']],
    [['Beheer Monitoring', 'Uitval Beheren']],
    [['Beheer User Viewers', 'Beheer User Beheer']],
    [[...OPERATOR_STAFF_ROLES]],
    [['geen']],
  ])('accepts %j', (roles) => {
    expect(roleProblems('Beheerder', roles)).toEqual([]);
  });

  it.each([
    [[], 'Kies een rol'],
    [['geen', 'Beheer Monitoring'], "De rol 'geen' gaat niet samen met andere rollen"],
    [
      ['Beheer ziet alles', 'Beheer Monitoring'],
      "De rol 'Beheer Monitoring' gaat niet samen met de rol 'Beheer ziet alles'",
    ],
    [['Gebruikers Beheren'], "De rol 'Gebruikers Beheren' hoort alleen bij de rol 'Beheer ziet alles'"],
    [['Beheer Monitoring', 'Netbeheerder'], "De rol 'Netbeheerder' hoort niet bij organisaties van het type Beheerder"],
  ])('refuses %j: %s', (roles, message) => {
    expect(messages('Beheerder', roles)).toEqual([message]);
  });

  it('keeps the spec’s group validation for participants', () => {
    expect(messages('Netbeheerder', ['Beheer Monitoring'])).toEqual([
      "De rol 'Beheer Monitoring' hoort niet bij organisaties van het type Netbeheerder",
      'Kies een rol',
    ]);
    expect(messages('Netbeheerder', ['geen'])).toContain('Kies een rol');
  });
});

describe('roleOptionsFor', () => {
  it('offers the three alternatives of the Beheerder type, each accepted by roleProblems', () => {
    const options = roleOptionsFor('Beheerder');
    expect(options.map((option) => option.label)).toEqual(['Beheer ziet alles', STAFF_CHOICE, 'geen']);
    for (const option of options) {
      const roles = [option.role, ...option.optionalRoles].filter((role): role is string => !!role);
      expect(roleProblems('Beheerder', roles), option.label).toEqual([]);
    }
    expect(roleOptionOf(options, ['Beheer Monitoring'])?.label).toBe(STAFF_CHOICE);
    expect(roleOptionOf(options, ['Beheer ziet alles', 'Gebruikers Beheren'])?.label).toBe('Beheer ziet alles');
  });

  it('offers a group’s main roles, or only its optional roles when it has none', () => {
    expect(roleOptionsFor('Aannemer').map((option) => option.role)).toEqual([
      'Coordinerende Aannemer',
      'Uitvoerende Aannemer',
    ]);
    expect(roleOptionsFor('Implementatie partner')).toMatchObject([{ role: undefined }]);
    expect(roleOptionOf(roleOptionsFor('Implementatie partner'), [])).toBeDefined();
  });
});

describe('isPrivilegedRole', () => {
  it.each([
    ['Beheer ziet alles', true],
    ['Gebruikers Beheren', true],
    ['Opdrachtverstrekking Beheren', true],
    ['Beheer User Beheer', true],
    ['Beheer User Viewers', true],
    ['Testtool Verzenden', false],
    ['Beheer Monitoring', false],
    ['Netbeheerder', false],
  ])('%s: %s', (role, privileged) => {
    expect(isPrivilegedRole(role)).toBe(privileged);
  });
});

const noord = { organisatie: 'Netbeheer_Noord', type: 'Netbeheerder', deelnemer: 'Netbeheer_Noord' };
const zuid = { organisatie: 'Netbeheer_Zuid', type: 'Netbeheerder', deelnemer: 'Netbeheer_Zuid' };
const beheer = { organisatie: 'Knooppunt_Beheer', type: 'Beheerder', deelnemer: 'Knooppunt_Beheer' };
const userOf = (organisation: typeof noord, roles: string[], userid = 'u1'): ManagedUser => ({
  userid,
  email: `${userid}@example.nl`,
  organisatie: organisation.organisatie,
  organisatieType: organisation.type,
  metadata: { deelnemer: organisation.deelnemer },
  roles: roles.map((name) => ({ name })),
});

describe('userManagementPolicy', () => {
  const platform = userManagementPolicy({
    roles: ['Beheer ziet alles', 'Gebruikers Beheren'],
    deelnemer: 'Knooppunt_Beheer',
    operator: true,
    sub: 'self',
  });
  const staff = userManagementPolicy({
    roles: ['Beheer User Viewers', 'Beheer User Beheer'],
    deelnemer: 'Knooppunt_Beheer',
    operator: true,
    email: 'users@knooppunt.example',
  });
  const participant = userManagementPolicy({
    roles: ['Beheer User Viewers', 'Beheer User Beheer'],
    deelnemer: 'Netbeheer_Noord',
    operator: false,
  });

  it('lets a platform administrator manage every organisation and grant every role, except its own roles', () => {
    expect([noord, beheer].map(platform.mayManage)).toEqual([true, true]);
    expect(platform.mayGrant('Beheer ziet alles')).toBe(true);
    expect(platform.mayChangeRolesOf(userOf(beheer, ['Beheer ziet alles'], 'other'))).toBe(true);
    expect(platform.mayChangeRolesOf(userOf(beheer, ['Beheer ziet alles'], 'self'))).toBe(false);
    expect(platform.viewScope).toBeUndefined();
  });

  it("binds the operator's staff user manager to the participants' organisations and unprivileged roles", () => {
    expect([noord, zuid, beheer].map(staff.mayManage)).toEqual([true, true, false]);
    expect(staff.mayGrant('Netbeheerder')).toBe(true);
    expect(staff.mayGrant('Beheer User Beheer')).toBe(false);
    expect(staff.viewScope).toBeUndefined();
    expect(staff.maySynchronize).toBe(true);
    const self = { ...userOf(beheer, ['Beheer User Beheer'], 'x'), email: 'USERS@knooppunt.example' };
    expect(staff.isSelf(self)).toBe(true);
    const grantable = staff.grantableOptions(roleOptionsFor('Beheerder'));
    expect(grantable.map((option) => option.label)).toEqual([STAFF_CHOICE, 'geen']);
    expect(grantable[0]!.optionalRoles).not.toContain('Beheer User Beheer');
    expect(grantable[0]!.optionalRoles).toContain('Beheer Monitoring');
  });

  it("binds a participant's user manager to its own organisation", () => {
    expect([noord, zuid, beheer].map(participant.mayManage)).toEqual([true, false, false]);
    expect([noord, zuid].map(participant.mayView)).toEqual([true, false]);
    expect(participant.viewScope).toBe('Netbeheer_Noord');
    expect(participant.maySynchronize).toBe(false);
    expect(participant.mayChangeRolesOf(userOf(noord, ['Netbeheerder']))).toBe(true);
    expect(participant.mayChangeRolesOf(userOf(noord, ['Netbeheerder', 'Beheer User Viewers']))).toBe(false);
  });

  it('lets a viewer or the super role without Gebruikers Beheren manage nobody', () => {
    const viewer = userManagementPolicy({
      roles: ['Beheer User Viewers'],
      deelnemer: 'Knooppunt_Beheer',
      operator: true,
    });
    const kijker = userManagementPolicy({
      roles: ['Beheer ziet alles'],
      deelnemer: 'Knooppunt_Beheer',
      operator: true,
    });
    for (const policy of [viewer, kijker]) {
      expect(policy.mayManage(noord)).toBe(false);
      expect(policy.seesAllOrganisations).toBe(true);
    }
  });
});

describe('isOperatorDeelnemer', () => {
  it("finds the deelnemer among the organisations of type 'Beheerder'", () => {
    const organisations = [
      { organisatie: 'Knooppunt_Beheer', type: 'Beheerder', metadata: { delegerenden: [] } },
      {
        organisatie: 'Netbeheer_Noord',
        type: 'Netbeheerder',
        metadata: { deelnemer: 'Netbeheer_Noord', delegerenden: [] },
      },
    ];
    expect(isOperatorDeelnemer(organisations, 'Knooppunt_Beheer')).toBe(true);
    expect(isOperatorDeelnemer(organisations, 'Netbeheer_Noord')).toBe(false);
    expect(isOperatorDeelnemer(organisations, undefined)).toBe(false);
  });
});
