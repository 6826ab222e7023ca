import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import { ACR_VALUES } from '@knooppunt/domain';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createAccounts } from './accounts';
import { postgresAdapter } from './adapter';
import { staticClients } from './clients';
import { PAGE_HEADERS } from './html';
import { cookieKeys } from './keys';
import {
  renderErrorPage,
  renderLoggedOutPage,
  renderLoggingOutPage,
  renderLogoutPage,
  SUBMIT_LOGOUT_SCRIPT_SRC,
} from './status-pages';
import { SECRET_HASHES_PROPERTY, type SecretHashes, type SystemClientStore } from './system-clients';
import { CLIENT_ASSERTION_ALGORITHMS } from '../modules/system-clients/service';
import { MOUNT_PATH } from './mount';

export { MOUNT_PATH };

const HOUR = 60 * 60;
const SESSION_TTL = 8 * HOUR;

/**
 * How far ahead of now a client assertion's `exp` may lie (RFC 7523 §3 leaves the limit to the
 * server). An assertion is made for one token request: one valid for years would get a token at
 * any time to whoever copied it before its use, and the provider keeps its jti until its exp.
 */
export const CLIENT_ASSERTION_MAX_AHEAD_SECONDS = 5 * 60;

function sendPage(ctx: KoaContextWithOIDC, html: string) {
  ctx.set(PAGE_HEADERS);
  ctx.body = html;
}

/**
 * The token's claims with the system claim set for a system (the value added to what the claim
 * holds: a word of a scope, an element of a list, else the value itself) and taken out for anyone else.
 */
export function markSystem(
  payload: Record<string, unknown>,
  isSystem: boolean,
  { claim, value }: Config['oidc']['system'],
): Record<string, unknown> {
  const current = payload[claim];
  const words = typeof current === 'string' ? current.split(' ').filter((word) => word && word !== value) : undefined;
  const items = Array.isArray(current) ? current.filter((item) => item !== value) : undefined;
  let next: unknown;
  if (words) next = isSystem ? [...words, value].join(' ') : words.join(' ') || undefined;
  else if (items) next = isSystem ? [...items, value] : items;
  else next = isSystem ? value : undefined;
  const { [claim]: _old, ...rest } = payload;
  return next === undefined ? rest : { ...rest, [claim]: next };
}

/** The embedded OpenID Connect provider: the portal's login and the participants' client credentials. */
export function createProvider({
  config,
  db,
  signingKeys,
  systemClients,
}: {
  config: Config;
  db: Database;
  signingKeys: JWK[];
  systemClients: SystemClientStore;
}) {
  const { oidc } = config;
  const { findAccount, extraTokenClaims } = createAccounts(db, oidc.claims);
  const portalUrl = `${config.publicUrl}/`;
  const isPortal = (clientId: string | undefined) => clientId === oidc.portalClientId;
  // The portal's access token is its login at our API, so the API's scopes include the OpenID ones
  // the portal asks for: its token and the token response then say what was granted (as Keycloak's
  // or Auth0's do) instead of an empty scope.
  const apiScopes = [...new Set(['api', ...oidc.scope.split(' ')])].join(' ');

  const payloads = postgresAdapter(db);
  const configuration: Configuration = {
    // Participants' system clients live in system_clients (decision 0019); everything else in oidc_payloads.
    adapter: (model) => (model === 'Client' ? systemClients.adapter : payloads(model)),
    clients: staticClients(config),
    jwks: { keys: signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    // The session cookie concerns /oidc only; the portal and the API never need it. (The short-lived
    // interaction cookies get their own narrower paths from the provider.)
    cookies: {
      keys: cookieKeys(signingKeys),
      long: { httpOnly: true, sameSite: 'lax', path: new URL(oidc.issuer).pathname },
    },
    findAccount,
    extraTokenClaims,
    // A participant's system is told apart by the system claim (decision 0015): put in every
    // client-credentials token, kept out of every user's, whatever else the claim holds.
    formats: {
      customizers: {
        jwt: (_ctx, token, jwt) => {
          jwt.payload = markSystem(jwt.payload, token.kind === 'ClientCredentials', oidc.system);
        },
      },
    },
    extraClientMetadata: { properties: ['deelnemer', 'omgeving', SECRET_HASHES_PROPERTY] },
    responseTypes: ['code'],
    // A client's secret travels only in the Basic header; a private_key_jwt client sends a signed
    // assertion in the body. The token endpoint's throttle (plugin.ts) reads the client id from
    // either to count failures against; the portal has no secret.
    clientAuthMethods: ['client_secret_basic', 'private_key_jwt', 'none'],
    // Called once the assertion's signature, issuer and audience are verified: the provider's own
    // 401 invalid_client for an expiry too far ahead (decision 0019).
    assertJwtClientAuthClaimsAndHeader: (_ctx, claims) => {
      if (Number(claims.exp) > Date.now() / 1000 + CLIENT_ASSERTION_MAX_AHEAD_SECONDS) {
        throw new errors.InvalidClientAuth(
          `the client_assertion exp must be at most ${CLIENT_ASSERTION_MAX_AHEAD_SECONDS} seconds ahead`,
        );
      }
    },
    // Nothing symmetric: a secret is kept only as a hash, so it can key no HMAC (HS*).
    enabledJWA: {
      clientAuthSigningAlgValues: [...CLIENT_ASSERTION_ALGORITHMS],
      requestObjectSigningAlgValues: [...CLIENT_ASSERTION_ALGORITHMS],
    },
    pkce: { required: () => true },
    // The ID token says how sure the login is (`acr`), discovery which values there are.
    acrValues: [ACR_VALUES.password, ACR_VALUES.secondFactor],
    claims: {
      openid: ['sub'],
      email: [oidc.claims.email],
      profile: [oidc.claims.deelnemer, oidc.claims.roles],
    },
    // The portal reads e-mail, participant and roles from its ID token; there is no userinfo.
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `${oidc.issuer}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // Every access token is a JWT for our API, which the provider's userinfo refuses by design; the
      // portal reads e-mail, participant and roles from its ID token. Not offered, so not advertised.
      userinfo: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Every token is for our API, whether or not the client names it.
        defaultResource: () => oidc.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== oidc.audience) throw new errors.InvalidTarget();
          return {
            scope: apiScopes,
            audience: oidc.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: oidc.accessTokenTtlSeconds,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // The provider validated a hint it was given (signature, issuer, audience) before this
        // page. A hint for the session's own account is the portal's logout of this login: done at
        // once (decision 0028). Without one (a link from elsewhere) the user is asked first.
        logoutSource: (ctx, form) => {
          const hinted = ctx.oidc.entities.IdTokenHint?.payload.sub;
          if (hinted !== undefined && hinted === ctx.oidc.session?.accountId) {
            ctx.set(PAGE_HEADERS);
            ctx.set(
              'content-security-policy',
              `${PAGE_HEADERS['content-security-policy']}; script-src ${SUBMIT_LOGOUT_SCRIPT_SRC}`,
            );
            ctx.body = renderLoggingOutPage(form);
            return;
          }
          sendPage(ctx, renderLogoutPage(form));
        },
        postLogoutSuccessSource: (ctx) => sendPage(ctx, renderLoggedOutPage(portalUrl)),
      },
    },
    // The portal is first party: it gets refresh tokens for silent renewal without a consent screen.
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && (isPortal(client.clientId) || code.scopes.has('offline_access')),
    // Logging out (or the session's end) also ends the portal's refresh tokens.
    expiresWithSession: () => true,
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    ttl: {
      AccessToken: oidc.accessTokenTtlSeconds,
      ClientCredentials: oidc.accessTokenTtlSeconds,
      IdToken: oidc.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      Interaction: 10 * 60,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      // A rotated refresh token keeps its predecessor's end: a login lasts 8 hours, not forever.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? SESSION_TTL,
    },
    renderError: (ctx, out) =>
      sendPage(ctx, renderErrorPage(typeof out.error === 'string' ? out.error : undefined, portalUrl)),
  };

  const provider = new Provider(oidc.issuer, configuration);
  // Behind a reverse proxy the original scheme and host come from X-Forwarded-*, as for Fastify
  // (TRUST_PROXY=false turns both off). The issuer is fixed by PUBLIC_URL either way.
  provider.proxy = config.trustProxy !== false;
  // The provider compares a secret with the plain one in the metadata; we keep only scrypt hashes
  // (the current one, and the previous one during its grace period after a rotation).
  provider.Client.prototype.compareClientSecret = function compareClientSecret(this: object, actual: string) {
    const hashes = (this as Record<string, unknown>)[SECRET_HASHES_PROPERTY] as SecretHashes | undefined;
    return systemClients.verifySecret(hashes, actual);
  };
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const clientId = ctx.oidc.client?.clientId;
    if (ctx.oidc.params?.grant_type === 'client_credentials' && clientId && !isPortal(clientId)) {
      systemClients.recordUse(clientId);
    }
  });
  return provider;
}
