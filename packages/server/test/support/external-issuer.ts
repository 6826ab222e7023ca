import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { startLocalServer } from './local-server';

export interface ExternalIssuer {
  /** The issuer's URL, for OIDC_ISSUER. */
  origin: string;
  /** An access token for Knooppunt's default audience, signed with the issuer's key. */
  sign(claims: Record<string, unknown>, subject?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * An external OpenID provider as far as Knooppunt looks at one: its discovery document and public
 * keys served from a local server, and tokens signed with its private key.
 */
export async function startExternalIssuer(): Promise<ExternalIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'extern-1', alg: 'RS256', use: 'sig' };
  const server = await startLocalServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer: server.origin, jwks_uri: `${server.origin}/jwks` }));
    } else if (request.url === '/jwks') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  return {
    origin: server.origin,
    sign: (claims, subject = randomUUID()) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'extern-1' })
        .setSubject(subject)
        .setIssuer(server.origin)
        .setAudience('urn:knooppunt:api')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey),
    close: () => server.close(),
  };
}
