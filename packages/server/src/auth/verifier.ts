import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import {
  RECENT_LOGIN_DEFAULT_MINUTES,
  SECOND_FACTOR_ROLES,
  hasSecondFactor,
  permissionsFor,
  secondFactorRequired,
  type Omgeving,
  type Permissions,
  type SecondFactorPolicy,
} from '@knooppunt/domain';
import type { Config } from '../config';
import { RecentLoginRequiredError, UnauthorizedError } from '../errors';
import { SESSION_GENERATION_CLAIM } from '../idp/sessions';

/** The caller of a request, as its access token says. */
export interface AuthUser {
  sub: string;
  email: string | undefined;
  deelnemer: string | undefined;
  roles: string[];
  permissions: Permissions;
  /** The OAuth client that obtained the token (a participant's system for client credentials). */
  clientId: string | undefined;
  /**
   * A participant's system: the token carries the configured system claim (`oidc.system`), which
   * the embedded provider puts in client-credentials tokens only. Never a portal user.
   */
  system: boolean;
  /**
   * The environment a system's messages belong to (decision 0038): `test` when the token's
   * environment claim (`OIDC_CLAIM_OMGEVING`) says so, production otherwise.
   */
  omgeving: Omgeving;
  /**
   * Set while a user acts for another participant (decision 0041): `deelnemer` is then that
   * participant and `actingAs` the user's own organisation; the audit log records both.
   */
  actingFor?: string;
  actingAs?: string;
  /** The user's session generation the token was issued in (idp/sessions.ts): an ended one is refused. */
  sessionGeneration?: number;
  /**
   * How recent the user's login is for the dangerous actions (decision 0055): until when (ms since
   * the epoch) it counts as recent — `auth_time` plus the window, 0 without `auth_time`, Infinity
   * when the check is off — and the window (RECENT_LOGIN_MINUTES, in seconds). Without it a
   * dangerous action is refused. See assertRecentLogin.
   */
  recentLogin?: { until: number; windowSeconds: number };
}

/** How a verifier reads the tokens: who needs a second factor, how recent a login must be. */
export interface VerifierPolicy {
  secondFactor: SecondFactorPolicy;
  /** RECENT_LOGIN_MINUTES in seconds; 0: not checked. */
  recentLoginSeconds: number;
}

/**
 * The roles a token's rights come from: all of them, unless the policy requires a second factor
 * for this user and the token shows none — then those roles that require one are left out (all
 * roles with policy `all`), so every call that needs them answers 403. A system's token has no
 * roles. With an external provider the same holds when it asserts `amr` (decision 0054).
 */
export function effectiveRoles(roles: string[], secondFactor: boolean, policy: SecondFactorPolicy): string[] {
  if (secondFactor || !secondFactorRequired(roles, policy)) return roles;
  return policy === 'all' ? [] : roles.filter((role) => !SECOND_FACTOR_ROLES.includes(role));
}

/** How recent a login at `authTime` (the claim, seconds) is; see AuthUser.recentLogin. */
export function recentLoginOf(authTime: unknown, windowSeconds: number): NonNullable<AuthUser['recentLogin']> {
  if (windowSeconds === 0) return { until: Number.POSITIVE_INFINITY, windowSeconds };
  const until = typeof authTime === 'number' && Number.isFinite(authTime) ? (authTime + windowSeconds) * 1000 : 0;
  return { until, windowSeconds };
}

/**
 * Refuses a dangerous action (decision 0055) unless the user logged in recently enough: 401 with
 * the step-up challenge of RFC 9470, which the portal answers with a new login.
 */
export function assertRecentLogin(user: AuthUser): void {
  const { until, windowSeconds } = user.recentLogin ?? { until: 0, windowSeconds: RECENT_LOGIN_DEFAULT_MINUTES * 60 };
  if (until >= Date.now()) return;
  throw new RecentLoginRequiredError(windowSeconds);
}

/** Whether a claim holds `value`: equal to it, one of its space-separated words (a scope), or in its list. */
export function claimHolds(claim: unknown, value: string): boolean {
  if (typeof claim === 'string') return claim.split(' ').includes(value);
  if (Array.isArray(claim)) return claim.includes(value);
  if (typeof claim === 'boolean' || typeof claim === 'number') return String(claim) === value;
  return false;
}

export type TokenVerifier = (token: string) => Promise<AuthUser>;

/** Verified tokens remembered; a participant's system sends the same token for its whole life. */
const CACHED_TOKENS = 10_000;

/**
 * Verifies a JWT access token: signature against the issuer's keys, issuer, audience and expiry;
 * then reads the participant, roles and e-mail from the configured claim names. A token once
 * verified is remembered until it expires (a JWT cannot change, and a verified one stays valid
 * until its exp), so a busy system's requests skip the RSA check; the oldest are forgotten first.
 */
export function createTokenVerifier(
  oidc: Config['oidc'],
  getKey: JWTVerifyGetKey,
  policy: VerifierPolicy = { secondFactor: 'none', recentLoginSeconds: 0 },
): TokenVerifier {
  const verified = new Map<string, { user: AuthUser; expiresAt: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit && hit.expiresAt > Date.now()) return hit.user;
    if (hit) verified.delete(token);
    const user = await verify(oidc, getKey, token, policy);
    if (user.expiresAt !== undefined) {
      if (verified.size >= CACHED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, { user: user.user, expiresAt: user.expiresAt });
    }
    return user.user;
  };
}

async function verify(
  oidc: Config['oidc'],
  getKey: JWTVerifyGetKey,
  token: string,
  policy: VerifierPolicy,
): Promise<{ user: AuthUser; expiresAt: number | undefined }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, getKey, { issuer: oidc.issuer, audience: oidc.audience }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new UnauthorizedError('Ongeldig of verlopen token');
    throw error;
  }
  const roles = payload[oidc.claims.roles];
  const roleList = effectiveRoles(
    Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
    hasSecondFactor(payload.amr),
    policy.secondFactor,
  );
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const user: AuthUser = {
    sub: payload.sub ?? text(payload.client_id) ?? 'onbekend',
    email: text(payload[oidc.claims.email]),
    deelnemer: text(payload[oidc.claims.deelnemer]),
    roles: roleList,
    permissions: permissionsFor(roleList),
    clientId: text(payload.client_id),
    system: claimHolds(payload[oidc.system.claim], oidc.system.value),
    omgeving: payload[oidc.claims.omgeving] === 'test' ? 'test' : 'productie',
    sessionGeneration:
      typeof payload[SESSION_GENERATION_CLAIM] === 'number' ? payload[SESSION_GENERATION_CLAIM] : undefined,
    recentLogin: recentLoginOf(payload.auth_time, policy.recentLoginSeconds),
  };
  return { user, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : undefined };
}

/** Keys of an external issuer: its discovery document names the JWKS, fetched once and cached. */
export function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`OpenID discovery of ${issuer} failed: ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
    return createRemoteJWKSet(new URL(jwksUri));
  };
  return async (header, token) => {
    keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}
