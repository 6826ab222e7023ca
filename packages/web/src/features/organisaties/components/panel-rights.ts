import {
  deelnemerOfOrganisation,
  IMPLEMENTATION_PARTNER_TYPE,
  IMPLEMENTED_TYPES,
  OPERATOR_ORGANISATION_TYPE,
  type Organisation,
  type Permissions,
  type UserManagementPolicy,
} from '@knooppunt/domain';

/** What the organisation's panel shows and offers the signed-in user. */
export interface PanelRights {
  /** The participant's conformity: its own organisation's, or any with the super role (decision 0040). */
  conformity: boolean;
  /** The switch that requires passed runs before activation: 'Testtool Beheren'. */
  requirement: boolean;
  /** Its implementation partners, or the participants it implements for: any for the operator's staff, else its own. */
  links: boolean;
  /** 'Koppelen' and 'Ontkoppelen' (decision 0041). */
  editLinks: boolean;
  /**
   * 'Deactiveren' and 'Activeren' (issue 29): for who may create organisations, the operator's
   * staff user managers; an organisation of type Beheerder stays active.
   */
  activation: boolean;
}

/**
 * The server's rules for this organisation, so the panel offers only what the server takes:
 * conformity is for the super role, or one's own organisation; links for the same and the
 * operator's own staff; linking for the super role's user manager (or the operator's), or a
 * participant's user manager for its own organisation only.
 */
export function panelRights(
  organisation: Organisation,
  userDeelnemer: string | undefined,
  permissions: Permissions,
  policy: UserManagementPolicy,
): PanelRights {
  const participant = IMPLEMENTED_TYPES.includes(organisation.type);
  const partner = organisation.type === IMPLEMENTATION_PARTNER_TYPE;
  const own = !!userDeelnemer && deelnemerOfOrganisation(organisation) === userDeelnemer;
  const readable = permissions.canSeeAllParticipants || own;
  const links = (participant || partner) && (readable || policy.seesAllOrganisations);
  return {
    conformity: participant && readable,
    requirement: participant && readable && permissions.canManageTesttool,
    links,
    editLinks:
      links &&
      permissions.canCreateUser &&
      (policy.seesAllOrganisations || policy.platformAdministrator || (own && participant)),
    activation: policy.mayCreateOrganisations && organisation.type !== OPERATOR_ORGANISATION_TYPE,
  };
}
