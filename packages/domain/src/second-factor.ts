import { OPERATOR_ROLE_GROUP, USER_MANAGEMENT_ROLES } from './roles';

/**
 * Who must log in with a second factor (`MFA_REQUIRED`, decision 0054): `beheer` (the default
 * without demo mode) the users who hold one of `SECOND_FACTOR_ROLES`; `all` everyone; `none`
 * nobody (demo mode's default). Anyone may enrol one all the same.
 */
export const SECOND_FACTOR_POLICIES = ['beheer', 'all', 'none'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];

/**
 * The roles that administer the platform or a participant's access: the Beheerder group's (the
 * super role and its optional roles), the user-management roles, and 'Beheer connectiviteit'
 * (a participant's system clients and their secrets).
 */
export const SECOND_FACTOR_ROLES: readonly string[] = [
  ...OPERATOR_ROLE_GROUP.roles,
  ...OPERATOR_ROLE_GROUP.optionalRoles,
  ...USER_MANAGEMENT_ROLES,
  'Beheer connectiviteit',
].filter((role, i, all) => all.indexOf(role) === i);

/** Whether a user with these roles must use a second factor under `policy`. */
export function secondFactorRequired(roles: readonly string[], policy: SecondFactorPolicy): boolean {
  if (policy === 'none') return false;
  if (policy === 'all') return true;
  return roles.some((role) => SECOND_FACTOR_ROLES.includes(role));
}

/**
 * The authentication methods (`amr`, RFC 8176) that are a second factor beside a password: a
 * one-time code, a hardware-bound key (a passkey or security key), or a provider's plain 'mfa'.
 */
export const SECOND_FACTOR_METHODS = ['mfa', 'otp', 'hwk', 'swk'] as const;

/**
 * How sure a login is (`acr`, OpenID Connect), beside how it was made (`amr`): '1' a password
 * alone, '2' with a second factor — the levels Keycloak names the same way.
 */
export const ACR_VALUES = { password: '1', secondFactor: '2' } as const;

/** The `acr` of a login made with these methods. */
export const acrOf = (amr: unknown): string => (hasSecondFactor(amr) ? ACR_VALUES.secondFactor : ACR_VALUES.password);

/** Whether a token's `amr` claim says the user logged in with a second factor. */
export function hasSecondFactor(amr: unknown): boolean {
  return Array.isArray(amr) && amr.some((method) => (SECOND_FACTOR_METHODS as readonly unknown[]).includes(method));
}

export const SECOND_FACTOR_TEXTS = {
  title: 'Tweede stap',
  codeLabel: 'Code uit uw authenticator-app',
  codeHint: 'Of een van uw herstelcodes, als u de app niet bij de hand hebt.',
  submit: 'Bevestigen',
  failed: 'Deze code klopt niet of is al gebruikt.',
  enrolTitle: 'Tweede stap instellen',
  enrolIntro:
    'Voor uw rol in Knooppunt is een tweede stap verplicht. Scan de QR-code met een authenticator-app (bijvoorbeeld Microsoft Authenticator, Google Authenticator of FreeOTP) en vul de code in die de app toont.',
  enrolManual: 'Lukt scannen niet? Vul deze sleutel dan met de hand in:',
  enrolSubmit: 'Instellen',
  recoveryTitle: 'Uw herstelcodes',
  recoveryIntro:
    'Bewaar deze tien codes op een veilige plek. Elke code werkt één keer, in plaats van een code uit de app, als u de app kwijt bent.',
  recoveryContinue: 'Ik heb de codes bewaard, verder',
} as const;
