import {
  DELEGATED_ROLE,
  ROLE_GROUPS,
  USER_TEXTS,
  createUserSchema,
  type Organisation,
  type RoleGroup,
} from '@knooppunt/domain';

/** The role group of an organisation type (spec 001 §6); an unknown type offers no roles. */
export function roleGroupOf(organisationType: string | undefined): RoleGroup {
  return (
    ROLE_GROUPS.find((group) => group.organisationType === organisationType) ?? {
      organisationType: organisationType ?? '',
      roles: [],
      optionalRoles: [],
    }
  );
}

/** What the role pickers of both dialogs hold. */
export interface RoleChoice {
  role: string;
  optionalRoles: string[];
}

/** A user's roles as the pickers show them; roles outside the group are `others`. */
export function roleChoiceOf(group: RoleGroup, roles: readonly string[]): RoleChoice & { others: string[] } {
  return {
    role: roles.find((role) => group.roles.includes(role)) ?? '',
    optionalRoles: roles.filter((role) => group.optionalRoles.includes(role)),
    others: roles.filter((role) => !group.roles.includes(role) && !group.optionalRoles.includes(role)),
  };
}

export function rolesOf(choice: RoleChoice): string[] {
  return [choice.role, ...choice.optionalRoles].filter(Boolean);
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Spec 001 §5: a role is required when the group has main roles; otherwise at least one
 * optional role.
 */
export function roleChoiceErrors(group: RoleGroup, choice: RoleChoice): FieldErrors<keyof RoleChoice> {
  if (group.roles.length > 0) return choice.role ? {} : { role: USER_TEXTS.rolNodig };
  return choice.optionalRoles.length > 0 ? {} : { optionalRoles: USER_TEXTS.rolOfOptioneel };
}

export interface NewUser extends RoleChoice {
  email: string;
  organisatie: string;
  delegerende: string;
}

/** The delegerende is asked for only for a Gedelegeerd Netbeheerder of an organisation that has delegating parties. */
export function needsDelegerende(organisation: Organisation | undefined, role: string): boolean {
  return role === DELEGATED_ROLE && (organisation?.metadata.delegerenden.length ?? 0) > 0;
}

/** Spec 001 §5 'Create user', as the server checks it (domain `createUserSchema`, `roleProblems`). */
export function newUserErrors(values: NewUser, organisation: Organisation | undefined): FieldErrors<keyof NewUser> {
  const errors: FieldErrors<keyof NewUser> = {};
  if (!createUserSchema.shape.email.safeParse(values.email).success) errors.email = USER_TEXTS.email;
  if (!organisation) return { ...errors, organisatie: USER_TEXTS.organisatie };
  Object.assign(errors, roleChoiceErrors(roleGroupOf(organisation.type), values));
  if (needsDelegerende(organisation, values.role) && !values.delegerende) errors.delegerende = USER_TEXTS.delegerende;
  return errors;
}
