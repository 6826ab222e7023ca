import { describe, expect, it } from 'vitest';
import { permissionsFor, type Permission } from './permissions';
import { SUPER_ROLE } from './roles';

const ALL_FLAGS: Permission[] = Object.keys(permissionsFor([])) as Permission[];

/**
 * Every role named in the rights tables of spec 000 §6 and spec 001 §6, alone and together with
 * the super role, with exactly the flags it must grant. Flags not listed must be false.
 */
const CASES: [roles: string[], granted: Permission[]][] = [
  [[], []],
  [['geen'], []],
  [['Configuraties Beheren'], ['canViewConfig', 'canCreateDraft']],
  [['Opdrachtverstrekking Beheren'], []],
  [['Verbindingen Beheren'], []],
  [['Beheer Monitoring'], ['canViewMonitoring', 'canRetryMessage']],
  [['Beheer User Viewers'], ['canViewUsers']],
  [['Beheer User Beheer'], ['canCreateUser', 'canSynchronize']],
  [['Gebruikers Beheren'], []],
  [['Uitval Beheren'], ['canViewUitval', 'canRetryMessage']],
  [['Business Rules Zoeker'], ['canSearchRules', 'canAccessRules']],
  [['Business rules Zoeken'], ['canSearchRules', 'canAccessRules']],
  [['Business Rules Viewer'], ['canViewConceptRules', 'canAccessRules', 'canAccessConceptScenarios']],
  [['Business rules Concept Bekijken'], ['canViewConceptRules', 'canAccessRules', 'canAccessConceptScenarios']],
  [['Business Rules Editor'], ['canEditConceptRules', 'canAccessRules', 'canAccessConceptScenarios']],
  [['Business rules Concept Bewerken'], ['canEditConceptRules', 'canAccessRules', 'canAccessConceptScenarios']],
  [['Business Rules Beheer'], ['canBeheerRules', 'canAccessRules', 'canAccessConceptScenarios']],
  [['Business rules Beheren'], []],
  [['Beheer connectiviteit'], ['canManageClients']],
  [['Connectiviteit Beheren'], []],
  [['Testtool Verzenden'], ['canSendTesttool']],
  // A Beheerder role: nothing without the super role.
  [['Testtool Beheren'], []],
];

const SUPER_GRANTS: Permission[] = [
  'canViewConfig',
  'canCancelOpdracht',
  'canViewMonitoring',
  'canViewUsers',
  'canViewUitval',
  'canSearchRules',
  'canViewConceptRules',
  'canEditConceptRules',
  'canAccessRules',
  'canAccessConceptScenarios',
  'canSeeAllParticipants',
  'canRetryMessage',
  'canViewAuditLog',
];

const SUPER_CASES: [extraRoles: string[], extraGranted: Permission[]][] = [
  [[], []],
  [['Opdrachtverstrekking Beheren'], ['canCreateDraft', 'canCreateConfig']],
  [['Verbindingen Beheren'], ['canCreateDraft']],
  // With the super role the super-role column replaces the plain one.
  [['Configuraties Beheren'], []],
  [['Gebruikers Beheren'], ['canCreateUser', 'canSynchronize']],
  [['Beheer User Beheer'], []],
  [['Business rules Beheren'], ['canBeheerRules']],
  [['Business Rules Beheer'], []],
  [['Connectiviteit Beheren'], ['canManageClients']],
  [['Beheer connectiviteit'], []],
  [['Testtool Verzenden'], ['canSendTesttool']],
  [['Testtool Beheren'], ['canManageTesttool']],
];

function expectExactly(roles: string[], granted: Permission[]) {
  const flags = permissionsFor(roles);
  for (const flag of ALL_FLAGS) {
    expect({ roles, flag, value: flags[flag] }).toEqual({ roles, flag, value: granted.includes(flag) });
  }
}

describe('permissionsFor', () => {
  it.each(CASES)('roles %j grant exactly %j', (roles, granted) => {
    expectExactly(roles, granted);
  });

  it.each(SUPER_CASES)('the super role with %j grants its own rights plus %j', (extra, granted) => {
    expectExactly([SUPER_ROLE, ...extra], [...SUPER_GRANTS, ...granted]);
  });

  it('grants the demo administrator every right of both specs', () => {
    const flags = permissionsFor([
      SUPER_ROLE,
      'Opdrachtverstrekking Beheren',
      'Gebruikers Beheren',
      'Business rules Beheren',
      'Connectiviteit Beheren',
      'Testtool Verzenden',
      'Testtool Beheren',
    ]);
    expect(ALL_FLAGS.filter((flag) => !flags[flag])).toEqual([]);
  });

  it('ignores roles it does not know', () => {
    expectExactly(['Aanvraag kopieren', 'iets anders'], []);
  });
});
