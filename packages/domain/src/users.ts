import { z } from 'zod';
import { pagedSchema, typedSearchBodySchema } from './paging';
import {
  NO_ROLE,
  OPERATOR_ORGANISATION_TYPE,
  OPERATOR_ROLE_GROUP,
  OPERATOR_STAFF_ROLES,
  OTHER_ROLE_GROUP,
  ROLE_GROUPS,
  SUPER_ROLE,
} from './roles';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { shownName } from './shown-names';

/** Spec 001 §9: the user overview pages by 10. */
export const USERS_PAGE_SIZE = 10;
/** Spec 001 §5: the autosuggest asks only for a trimmed text longer than this. */
export const AUTOSUGGEST_MIN_EXCLUSIVE = 3;
export const DELEGATED_ROLE = 'Gedelegeerd Netbeheerder';

export const USER_TEXTS = {
  email: `Vul een geldig e-mailadres in (maximaal ${EMAIL_MAX} tekens)`,
  emailBestaat: (email: string) => `Er is al een gebruiker met e-mailadres ${email}`,
  organisatie: 'Kies een bestaande organisatie',
  rolNodig: 'Kies een rol',
  rolOfOptioneel: 'Kies een rol of ten minste één optionele rol',
  rolNietInGroep: (role: string, type: string) => `De rol '${role}' hoort niet bij organisaties van het type ${type}`,
  delegerende: 'Kies de delegerende netbeheerder',
  geenDelegerende: 'Een delegerende hoort alleen bij de rol Gedelegeerd Netbeheerder van een gedelegeerd netbeheerder',
  autosuggest: `Typ meer dan ${AUTOSUGGEST_MIN_EXCLUSIVE} tekens`,
  gebruikerNietGevonden: 'Gebruiker niet gevonden',
  rolAlleenBijSuperrol: (role: string) => `De rol '${role}' hoort alleen bij de rol '${SUPER_ROLE}'`,
  rolNietBijSuperrol: (role: string) => `De rol '${role}' gaat niet samen met de rol '${SUPER_ROLE}'`,
  geenAlleen: `De rol '${NO_ROLE}' gaat niet samen met andere rollen`,
  medewerkerRolNodig: 'Kies ten minste één rol voor de medewerker',
  eigenRollen: 'U kunt uw eigen rollen niet wijzigen.',
  organisatieNietBeheren: (organisatie: string) => `U mag geen gebruikers van organisatie ${organisatie} beheren.`,
  rolNietToekennen: (role: string) => `U mag de rol '${role}' niet toekennen of intrekken.`,
  eigenAccount: 'U kunt uw eigen account niet blokkeren of verwijderen.',
  alGeblokkeerd: 'Deze gebruiker is al geblokkeerd.',
  nietGeblokkeerd: 'Deze gebruiker is niet geblokkeerd.',
  nietVergrendeld: 'Deze gebruiker is niet vergrendeld.',
  geenTweedeStap: 'Deze gebruiker heeft geen tweede stap ingesteld.',
  alWachtwoord:
    "Deze gebruiker heeft al een wachtwoord ingesteld. Een nieuw wachtwoord vraagt hij zelf aan met 'Wachtwoord vergeten?' op het inlogscherm.",
  geblokkeerdUitnodigen: 'Deze gebruiker is geblokkeerd: deblokkeer hem eerst.',
  geenUitnodigingExtern:
    'Uitnodigingen verstuurt de externe identity provider van Knooppunt; vraag daar een nieuwe aan.',
  synchroniserenAlleenPlatform:
    'Synchroniseren geldt voor alle organisaties: alleen medewerkers van het platform mogen dat.',
} as const;

export const roleSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  userid: z.string(),
  email: z.string(),
  organisatie: z.string(),
  /** The organisation's type, for the letter badge and the role picker. */
  organisatieType: z.string(),
  metadata: z.object({
    combi: z.string().optional(),
    deelnemer: z.string().optional(),
    delegerende: z.string().optional(),
  }),
  roles: z.array(roleSchema),
  /** Blocked by a user manager ('Blokkeren'): cannot log in. */
  geblokkeerd: z.boolean(),
  /** Whether the user ever set a password (an invitation not yet followed: false). */
  wachtwoordIngesteld: z.boolean(),
  /** Locked for a while after too many failed logins ('Ontgrendelen' lifts it). */
  vergrendeld: z.boolean(),
  /** Has a second factor (an authenticator app; decision 0054): 'Tweede stap resetten' removes it. */
  tweedeStap: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const PASSWORD_TEXTS = {
  tooShort: `Kies een wachtwoord van ten minste ${PASSWORD_MIN} tekens.`,
  tooLong: `Een wachtwoord heeft ten hoogste ${PASSWORD_MAX} tekens.`,
  required: 'Vul uw huidige wachtwoord in.',
  wrong: 'Uw huidige wachtwoord is niet juist.',
  same: 'Kies een ander wachtwoord dan uw huidige.',
  locked: (minutes: number) =>
    `Te veel mislukte pogingen. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
  external: 'Uw wachtwoord beheert de identity provider van uw organisatie; wijzig het daar.',
  geenAccount: 'Alleen een gebruiker van Knooppunt wijzigt hier een wachtwoord.',
} as const;

/** 'Wachtwoord wijzigen' (account menu): the current password, and the new one. */
export const changePasswordSchema = z.object({
  huidigWachtwoord: z.string({ error: PASSWORD_TEXTS.required }).min(1, PASSWORD_TEXTS.required).max(PASSWORD_MAX),
  nieuwWachtwoord: z
    .string({ error: PASSWORD_TEXTS.tooShort })
    .min(PASSWORD_MIN, PASSWORD_TEXTS.tooShort)
    .max(PASSWORD_MAX, PASSWORD_TEXTS.tooLong),
});

/** One user acted on ('Blokkeren', 'Deblokkeren', 'Verwijderen', 'Uitnodiging opnieuw versturen', 'Ontgrendelen'). */
export const userActionSchema = z.object({ user: z.string().min(1).max(100) });

export const userSearchSchema = typedSearchBodySchema({
  filters: {
    roles: z.string().trim().min(1),
    organisatie: z.string().trim().min(1),
    search: z.string().trim().min(1),
  },
  sortFields: ['email', 'organisatie'],
});
export const userPageSchema = pagedSchema(userSchema);

export const autosuggestSchema = z.object({
  text: z
    .string({ error: USER_TEXTS.autosuggest })
    .trim()
    .refine((text) => text.length > AUTOSUGGEST_MIN_EXCLUSIVE, USER_TEXTS.autosuggest),
});
/** An option of the 'Filter overzicht' autosuggest: v the text shown and searched for, k what it is. */
export const autosuggestOptionSchema = z.object({ v: z.string(), k: z.enum(['email', 'organisatie']) });

export const changeRolesSchema = z.object({
  user: z.string().min(1),
  roles: z.array(z.string().trim().min(1)).max(30),
});

/** The role tree: one group per organisation type of spec 001 §6, then 'geen' and 'Overig'. */
export const roleGroupSchema = z.object({
  organisatieType: z.string(),
  roles: z.array(roleSchema.extend({ optional: z.boolean() })),
});
export const roleTreeSchema = z.object({ items: z.array(roleGroupSchema) });

/**
 * The role object of a role name: its id is its name (the token's roles claim), the description its
 * group. A role several groups offer (an optional role such as 'Beheer connectiviteit') is
 * described with the group of `organisationType` (the user's organisation, or the role tree's
 * group) when that group has it, else with every group that has it.
 */
export function roleOf(name: string, organisationType?: string): Role {
  const groups = ROLE_GROUPS.filter((g) => g.roles.includes(name) || g.optionalRoles.includes(name));
  const own = groups.filter((g) => g.organisationType === organisationType);
  const described = own.length > 0 ? own : groups;
  if (described.length === 0) return { id: name, name, description: OTHER_ROLE_GROUP };
  const kind = described.some((g) => g.roles.includes(name)) ? 'Hoofdrol' : 'Optionele rol';
  return { id: name, name, description: `${kind} ${described.map((g) => g.organisationType).join(', ')}` };
}

/**
 * Spec 001 §5 for the roles of a user of an organisation of `organisationType`: one main role of
 * the type's group when the group has main roles (else at least one optional role), optional roles
 * only of that group. The operator's own organisations (type 'Beheerder') follow decision 0014
 * (`roleOptionsFor`). Answers the problems as {field, message}; empty when the roles are valid.
 */
export function roleProblems(organisationType: string, roles: readonly string[]): { field: string; message: string }[] {
  if (organisationType === OPERATOR_ORGANISATION_TYPE) return operatorRoleProblems(roles);
  const group = ROLE_GROUPS.find((g) => g.organisationType === organisationType);
  if (!group) return roles.length ? [] : [{ field: 'roles', message: USER_TEXTS.rolOfOptioneel }];
  const problems = roles
    .filter((role) => !group.roles.includes(role) && !group.optionalRoles.includes(role))
    .map((role) => ({ field: 'roles', message: USER_TEXTS.rolNietInGroep(role, organisationType) }));
  const main = roles.filter((role) => group.roles.includes(role));
  if (group.roles.length > 0 && main.length !== 1) problems.push({ field: 'roles', message: USER_TEXTS.rolNodig });
  if (group.roles.length === 0 && roles.length === 0) {
    problems.push({ field: 'roles', message: USER_TEXTS.rolOfOptioneel });
  }
  return problems;
}

const STAFF_ROLES: readonly string[] = OPERATOR_STAFF_ROLES;

/**
 * Decision 0014: a user of the operator's own organisation holds the super role with optional
 * roles of the Beheerder group, or one or more staff roles (no group's, `OPERATOR_STAFF_ROLES`),
 * or 'geen' alone.
 */
function operatorRoleProblems(roles: readonly string[]): { field: string; message: string }[] {
  const problem = (message: string) => ({ field: 'roles', message });
  if (roles.length === 0) return [problem(USER_TEXTS.rolNodig)];
  if (roles.includes(NO_ROLE)) return roles.length === 1 ? [] : [problem(USER_TEXTS.geenAlleen)];
  if (roles.includes(SUPER_ROLE)) {
    return roles
      .filter((role) => role !== SUPER_ROLE && !OPERATOR_ROLE_GROUP.optionalRoles.includes(role))
      .map((role) => problem(USER_TEXTS.rolNietBijSuperrol(role)));
  }
  return roles
    .filter((role) => !STAFF_ROLES.includes(role))
    .map((role) =>
      problem(
        OPERATOR_ROLE_GROUP.optionalRoles.includes(role)
          ? USER_TEXTS.rolAlleenBijSuperrol(role)
          : USER_TEXTS.rolNietInGroep(role, OPERATOR_ORGANISATION_TYPE),
      ),
    );
}

/** The role picker's choice for the operator's staff without the super role (decision 0014). */
export const STAFF_CHOICE = 'Medewerker zonder superrol';

/**
 * A choice of the role picker's 'Rol' field: the role it grants — none for a choice that only
 * opens its roles (`STAFF_CHOICE`, or a group without main roles) — and the roles that may go with
 * it; with no role, at least one of those is needed.
 */
export interface RoleOption {
  label: string;
  role: string | undefined;
  optionalRoles: readonly string[];
}

/** What `roleProblems` accepts for an organisation type, as the role picker offers it. */
export function roleOptionsFor(organisationType: string): RoleOption[] {
  if (organisationType === OPERATOR_ORGANISATION_TYPE) {
    return [
      { label: SUPER_ROLE, role: SUPER_ROLE, optionalRoles: OPERATOR_ROLE_GROUP.optionalRoles },
      { label: STAFF_CHOICE, role: undefined, optionalRoles: STAFF_ROLES },
      { label: NO_ROLE, role: NO_ROLE, optionalRoles: [] },
    ];
  }
  const group = ROLE_GROUPS.find((g) => g.organisationType === organisationType);
  if (!group) return [];
  if (group.roles.length === 0) return [{ label: '', role: undefined, optionalRoles: group.optionalRoles }];
  return group.roles.map((role) => ({ label: role, role, optionalRoles: group.optionalRoles }));
}

/** The choice a user's roles were made with, if any. */
export function roleOptionOf(options: readonly RoleOption[], roles: readonly string[]): RoleOption | undefined {
  return (
    options.find((option) => option.role !== undefined && roles.includes(option.role)) ??
    options.find(
      (option) =>
        option.role === undefined &&
        (options.length === 1 || roles.some((role) => option.optionalRoles.includes(role))),
    )
  );
}

export const createUserSchema = z.object({
  email: z
    .string({ error: USER_TEXTS.email })
    .trim()
    .normalize('NFC')
    .max(EMAIL_MAX, USER_TEXTS.email)
    // Before the address check: its answer would not say which character is wrong.
    .superRefine(shownName('E-mailadres', { singleScript: true }))
    .pipe(z.email({ error: USER_TEXTS.email })),
  organisatie: z.string({ error: USER_TEXTS.organisatie }).trim().min(1, USER_TEXTS.organisatie),
  roles: z.array(z.string().trim().min(1)).max(30).default([]),
  /** Only `delegerende` is read: combi and deelnemer follow from the organisation. */
  metadata: z
    .object({ delegerende: z.string().trim().min(1).optional() })
    .loose()
    .default({}),
  /** Assigned by the platform; a value sent is ignored. */
  userid: z.string().optional(),
});
export const createdUserSchema = userSchema.extend({
  /** Demo mode: the new user's one-time set-password link, for the administrator to pass on. */
  setPasswordUrl: z.string().optional(),
});

export const syncReportSchema = z.object({
  verwijderd: z.number().int(),
  bijgewerkt: z.number().int(),
  meldingen: z.array(z.string()),
});
