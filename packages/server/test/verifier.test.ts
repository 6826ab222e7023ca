import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier } from '../src/auth/verifier';
import { loadConfig } from '../src/config';

const { oidc } = loadConfig({ WEB_DIST: '/nonexistent' });

async function issuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] });
  let lookups = 0;
  const getKey: JWTVerifyGetKey = (header, token) => {
    lookups++;
    return jwks(header, token);
  };
  const sign = (expiresIn: string) =>
    new SignJWT({ [oidc.claims.deelnemer]: 'Aannemer_Alfa', client_id: 'aannemer_alfa-systeem' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('aannemer_alfa-systeem')
      .setIssuer(oidc.issuer)
      .setAudience(oidc.audience)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);
  return { getKey, sign, lookups: () => lookups };
}

afterEach(() => vi.useRealTimers());

describe('token verifier', () => {
  it('verifies a token once and remembers it until it expires', async () => {
    const { getKey, sign, lookups } = await issuer();
    const verify = createTokenVerifier(oidc, getKey);
    const token = await sign('2m');

    const first = await verify(token);
    const second = await verify(token);
    expect(second).toBe(first);
    expect(first.deelnemer).toBe('Aannemer_Alfa');
    expect(lookups()).toBe(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 60_000);
    await expect(verify(token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('remembers nothing about a token that fails', async () => {
    const { getKey, sign } = await issuer();
    const verify = createTokenVerifier(oidc, getKey);
    const token = await sign('2m');
    const tampered = `${token.slice(0, -4)}AAAA`;
    await expect(verify(tampered)).rejects.toMatchObject({ statusCode: 401 });
    await expect(verify(tampered)).rejects.toMatchObject({ statusCode: 401 });
    await expect(verify(token)).resolves.toMatchObject({ deelnemer: 'Aannemer_Alfa' });
  });
});
