import { SUPER_ROLE } from './roles';

/**
 * The permission flags of both specifications (spec 000 §6, spec 001 §6), plus two derived
 * flags for the business-rules routes. The server's route guards, the web's routes and its menu
 * all read these; nothing else decides who may do what.
 */
export interface Permissions {
  canViewConfig: boolean;
  canCreateDraft: boolean;
  canCreateConfig: boolean;
  canCancelOpdracht: boolean;
  canViewMonitoring: boolean;
  canViewUsers: boolean;
  canViewUitval: boolean;
  canCreateUser: boolean;
  canSynchronize: boolean;
  canSearchRules: boolean;
  canViewConceptRules: boolean;
  canEditConceptRules: boolean;
  canBeheerRules: boolean;
  /** /zoeken, /scenario/…, /waardenlijsten, /waardenlijst/…: search, beheer or any concept right. */
  canAccessRules: boolean;
  /** /scenarios: beheer or any concept right. */
  canAccessConceptScenarios: boolean;
  /**
   * Sees the data of every participant (super role). Everyone else sees only what concerns their
   * own deelnemer (docs/decisions/0007).
   */
  canSeeAllParticipants: boolean;
  /** Resend a message: offered on the Berichten screens (monitoring) and the Uitval screens. */
  canRetryMessage: boolean;
  /**
   * Administer participants' system clients (client credentials for /api/v1): with the super role
   * 'Connectiviteit Beheren', for every organisation; without it 'Beheer connectiviteit', for the
   * user's own organisation only (decision 0019).
   */
  canManageClients: boolean;
  /** The Auditlog screen: every audited change of every participant (super role, decision 0033). */
  canViewAuditLog: boolean;
  /** The Testtool (issue 28): conformance runs and test messages of the own participant ('Testtool Verzenden'). */
  canSendTesttool: boolean;
  /** Every participant's conformance runs, and the Testtool's settings ('Testtool Beheren', a Beheerder role). */
  canManageTesttool: boolean;
}

export type Permission = keyof Permissions;

export function permissionsFor(roles: readonly string[]): Permissions {
  const has = (...names: string[]) => names.some((name) => roles.includes(name));
  const superRole = has(SUPER_ROLE);
  // Where a spec row reads "with the super role: X; without: Y", X replaces Y for super-role users.
  const bySuper = (withSuper: boolean, without: boolean) => (superRole ? withSuper : without);

  const canSearchRules = superRole || has('Business Rules Zoeker', 'Business rules Zoeken');
  const canViewConceptRules = superRole || has('Business Rules Viewer', 'Business rules Concept Bekijken');
  const canEditConceptRules = superRole || has('Business Rules Editor', 'Business rules Concept Bewerken');
  const canBeheerRules = bySuper(has('Business rules Beheren'), has('Business Rules Beheer'));
  const canManageUsers = bySuper(has('Gebruikers Beheren'), has('Beheer User Beheer'));

  const canViewMonitoring = superRole || has('Beheer Monitoring');
  const canViewUitval = superRole || has('Uitval Beheren');

  return {
    canViewConfig: superRole || has('Configuraties Beheren'),
    canCreateDraft: bySuper(has('Opdrachtverstrekking Beheren', 'Verbindingen Beheren'), has('Configuraties Beheren')),
    canCreateConfig: bySuper(has('Opdrachtverstrekking Beheren'), false),
    canCancelOpdracht: superRole,
    canViewMonitoring,
    canViewUsers: superRole || has('Beheer User Viewers'),
    canViewUitval,
    canCreateUser: canManageUsers,
    canSynchronize: canManageUsers,
    canSearchRules,
    canViewConceptRules,
    canEditConceptRules,
    canBeheerRules,
    canAccessRules: canSearchRules || canBeheerRules || canViewConceptRules || canEditConceptRules,
    canAccessConceptScenarios: canBeheerRules || canViewConceptRules || canEditConceptRules,
    canSeeAllParticipants: superRole,
    canRetryMessage: canViewMonitoring || canViewUitval,
    canManageClients: bySuper(has('Connectiviteit Beheren'), has('Beheer connectiviteit')),
    canViewAuditLog: superRole,
    canSendTesttool: has('Testtool Verzenden'),
    canManageTesttool: superRole && has('Testtool Beheren'),
  };
}

export const NO_PERMISSIONS: Permissions = permissionsFor([]);
