import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { permissionsFor, type Permissions } from '@knooppunt/domain';
import type { Config } from '../config';
import { UnauthorizedError } from '../errors';

/** The caller of a request, as its access token says. */
export interface AuthUser {
  sub: string;
  email: string | undefined;
  deelnemer: string | undefined;
  roles: string[];
  permissions: Permissions;
  /** The OAuth client that obtained the token (a participant's system for client credentials). */
  clientId: string | undefined;
}

export type TokenVerifier = (token: string) => Promise<AuthUser>;

/**
 * Verifies a JWT access token: signature against the issuer's keys, issuer, audience and expiry;
 * then reads the participant, roles and e-mail from the configured claim names.
 */
export function createTokenVerifier(oidc: Config['oidc'], getKey: JWTVerifyGetKey): TokenVerifier {
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, { issuer: oidc.issuer, audience: oidc.audience }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new UnauthorizedError('Ongeldig of verlopen token');
      throw error;
    }
    const roles = payload[oidc.claims.roles];
    const roleList = Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return {
      sub: payload.sub ?? text(payload.client_id) ?? 'onbekend',
      email: text(payload[oidc.claims.email]),
      deelnemer: text(payload[oidc.claims.deelnemer]),
      roles: roleList,
      permissions: permissionsFor(roleList),
      clientId: text(payload.client_id),
    };
  };
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
