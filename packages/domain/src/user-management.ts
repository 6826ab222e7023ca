import type { Organisation } from './organisations';
import { permissionsFor } from './permissions';
import { OPERATOR_ORGANISATION_TYPE, PLATFORM_USER_MANAGEMENT_ROLE, SUPER_ROLE, isPrivilegedRole } from './roles';
import type { RoleOption } from './users';

/**
 * Who administers whose users (decision 0014). The server feeds it the token's roles and
 * deelnemer and whether that deelnemer is an organisation of type 'Beheerder'; the portal the
 * same from its ID token and the organisations it loads.
 */
export interface UserManagementActor {
  roles: readonly string[];
  /** The token's deelnemer: the actor's organisation. */
  deelnemer: string | undefined;
  /** Whether that deelnemer is one of the operator's own organisations (type 'Beheerder'). */
  operator: boolean;
  /** The token's subject: the userid with the embedded provider. */
  sub?: string | undefined;
  email?: string | undefined;
}

/** An organisation as the rules need it: its name, type and deelnemer. */
export interface ScopedOrganisation {
  organisatie: string;
  type: string;
  deelnemer: string;
}

/** A user as the rules need it. */
export interface ManagedUser {
  userid: string;
  email: string;
  organisatie: string;
  organisatieType: string;
  metadata: { deelnemer?: string | undefined };
  roles: readonly { name: string }[];
}

/** The participant an organisation is: its deelnemer, else its name (as tokens carry it). */
export function deelnemerOfOrganisation(organisation: Pick<Organisation, 'organisatie' | 'metadata'>): string {
  return organisation.metadata.deelnemer ?? organisation.organisatie;
}

function organisationOfUser(user: ManagedUser): ScopedOrganisation {
  return {
    organisatie: user.organisatie,
    type: user.organisatieType,
    deelnemer: user.metadata.deelnemer ?? user.organisatie,
  };
}

/** Whether a deelnemer is one of the operator's own organisations, among the organisations known. */
export function isOperatorDeelnemer(
  organisations: readonly Pick<Organisation, 'organisatie' | 'type' | 'metadata'>[],
  deelnemer: string | undefined,
): boolean {
  return (
    !!deelnemer &&
    organisations.some(
      (organisation) =>
        organisation.type === OPERATOR_ORGANISATION_TYPE && deelnemerOfOrganisation(organisation) === deelnemer,
    )
  );
}

/** The super role with 'Gebruikers Beheren': manages every organisation's users and grants every role. */
export function isPlatformAdministrator(roles: readonly string[]): boolean {
  return roles.includes(SUPER_ROLE) && roles.includes(PLATFORM_USER_MANAGEMENT_ROLE);
}

export type UserManagementPolicy = ReturnType<typeof userManagementPolicy>;

/**
 * Decision 0014. Viewing: the super role or a 'Beheerder'-type organisation sees every
 * organisation's users, anyone else only their own organisation's. Managing (create, change
 * roles): a platform administrator every organisation and every role; any other user manager
 * only organisations in view that are not of type 'Beheerder', and no privileged role. Nobody
 * changes their own roles.
 */
export function userManagementPolicy(actor: UserManagementActor) {
  const permissions = permissionsFor(actor.roles);
  const platformAdministrator = isPlatformAdministrator(actor.roles);
  const seesAllOrganisations = actor.roles.includes(SUPER_ROLE) || actor.operator;

  const mayView = (organisation: ScopedOrganisation) =>
    seesAllOrganisations || (!!actor.deelnemer && organisation.deelnemer === actor.deelnemer);
  const mayManage = (organisation: ScopedOrganisation) =>
    permissions.canCreateUser &&
    (platformAdministrator || (organisation.type !== OPERATOR_ORGANISATION_TYPE && mayView(organisation)));
  const mayGrant = (role: string) => permissions.canCreateUser && (platformAdministrator || !isPrivilegedRole(role));
  const isSelf = (user: Pick<ManagedUser, 'userid' | 'email'>) =>
    (!!actor.sub && user.userid === actor.sub) ||
    (!!actor.email && user.email.toLowerCase() === actor.email.toLowerCase());

  return {
    platformAdministrator,
    seesAllOrganisations,
    /** Whose users the actor sees: every organisation's (`undefined`) or one deelnemer's. */
    viewScope: seesAllOrganisations ? undefined : (actor.deelnemer ?? ''),
    mayView,
    mayManage,
    mayGrant,
    isSelf,
    /**
     * A new organisation is a tenant of the platform: created only by a user manager who sees every
     * organisation (the operator's staff or the super role), never by a participant's.
     */
    mayCreateOrganisations: permissions.canCreateUser && seesAllOrganisations,
    /** Synchronising reconciles every organisation's accounts: only for who sees them all. */
    maySynchronize: permissions.canSynchronize && seesAllOrganisations,
    /** Whether the actor may change this user's roles at all: not their own, in scope, none they may not remove. */
    mayChangeRolesOf: (user: ManagedUser) =>
      !isSelf(user) && mayManage(organisationOfUser(user)) && user.roles.every((role) => mayGrant(role.name)),
    /** The picker's choices limited to what the actor may grant; a choice left with nothing to grant goes. */
    grantableOptions: (options: readonly RoleOption[]): RoleOption[] =>
      options
        .filter((option) => option.role === undefined || mayGrant(option.role))
        .map((option) => ({ ...option, optionalRoles: option.optionalRoles.filter(mayGrant) }))
        .filter((option) => option.role !== undefined || option.optionalRoles.length > 0),
  };
}
