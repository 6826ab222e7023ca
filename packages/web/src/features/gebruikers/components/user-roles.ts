import {
  DELEGATED_ROLE,
  USER_TEXTS,
  createUserSchema,
  roleOptionOf,
  roleOptionsFor,
  type Organisation,
  type RoleOption,
  type UserManagementPolicy,
} from '@knooppunt/domain';

/**
 * The choices of the role pickers for an organisation type (domain `roleOptionsFor`), limited to
 * the roles the signed-in user may grant (decision 0014): only what the server accepts.
 */
export function roleOptionsOf(organisationType: string | undefined, policy: UserManagementPolicy): RoleOption[] {
  return policy.grantableOptions(organisationType ? roleOptionsFor(organisationType) : []);
}

/** Whether the picker asks for a 'Rol': every type but one whose group has no main roles. */
export function hasMainRoles(options: readonly RoleOption[]): boolean {
  return options.some((option) => option.label !== '');
}

/** What the role pickers of both dialogs hold: the chosen option's label and the roles with it. */
export interface RoleChoice {
  role: string;
  optionalRoles: string[];
}

/** The option chosen: by its label, or the only one of a group without main roles. */
export function chosenOption(options: readonly RoleOption[], choice: Pick<RoleChoice, 'role'>): RoleOption | undefined {
  return hasMainRoles(options) ? options.find((option) => option.label === choice.role) : options[0];
}

/** A user's roles as the pickers show them; roles that fit no choice are `others`. */
export function roleChoiceOf(
  options: readonly RoleOption[],
  roles: readonly string[],
): RoleChoice & { others: string[] } {
  const option = roleOptionOf(options, roles);
  const fits = (role: string) => role === option?.role || !!option?.optionalRoles.includes(role);
  return {
    role: option?.label ?? '',
    optionalRoles: roles.filter((role) => role !== option?.role && fits(role)),
    others: roles.filter((role) => !fits(role)),
  };
}

/** The roles sent: the chosen option's role, if it has one, and the roles chosen with it. */
export function rolesOf(options: readonly RoleOption[], choice: RoleChoice): string[] {
  const option = chosenOption(options, choice);
  return option ? [option.role, ...choice.optionalRoles].filter((role): role is string => !!role) : [];
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Spec 001 §5: a role is required when the group has main roles; otherwise at least one
 * optional role. A choice without a role of its own (decision 0014, 'Medewerker zonder
 * superrol') needs at least one of its roles.
 */
export function roleChoiceErrors(options: readonly RoleOption[], choice: RoleChoice): FieldErrors<keyof RoleChoice> {
  const option = chosenOption(options, choice);
  if (!option) return { role: USER_TEXTS.rolNodig };
  if (option.role !== undefined || choice.optionalRoles.length > 0) return {};
  return { optionalRoles: hasMainRoles(options) ? USER_TEXTS.medewerkerRolNodig : USER_TEXTS.rolOfOptioneel };
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
export function newUserErrors(
  values: NewUser,
  organisation: Organisation | undefined,
  options: readonly RoleOption[],
): FieldErrors<keyof NewUser> {
  const errors: FieldErrors<keyof NewUser> = {};
  if (!createUserSchema.shape.email.safeParse(values.email).success) errors.email = USER_TEXTS.email;
  if (!organisation) return { ...errors, organisatie: USER_TEXTS.organisatie };
  Object.assign(errors, roleChoiceErrors(options, values));
  if (needsDelegerende(organisation, values.role) && !values.delegerende) errors.delegerende = USER_TEXTS.delegerende;
  return errors;
}
