import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimHolds, createTokenVerifier } from '../src/auth/verifier';
import { markSystem } from '../src/idp/provider';
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
  const sign = (expiresIn: string, extra: Record<string, unknown> = {}) =>
    new SignJWT({ [oidc.claims.deelnemer]: 'Aannemer_Alfa', client_id: 'aannemer_alfa-systeem', ...extra })
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

describe('the system claim (decision 0015)', () => {
  it('holds the value as a word of a scope, an element of a list or the value itself', () => {
    expect(claimHolds('api knooppunt:systeem', 'knooppunt:systeem')).toBe(true);
    expect(claimHolds(['Lezer', 'Knooppunt.Systeem'], 'Knooppunt.Systeem')).toBe(true);
    expect(claimHolds('client-credentials', 'client-credentials')).toBe(true);
    expect(claimHolds(true, 'true')).toBe(true);
    for (const claim of ['api', 'knooppunt:systeemx', ['knooppunt:systeem x'], undefined, null, { scope: 'x' }]) {
      expect(claimHolds(claim, 'knooppunt:systeem')).toBe(false);
    }
  });

  it("the embedded provider adds it to a system's token and takes it out of a user's", () => {
    const system = { claim: 'scope', value: 'knooppunt:systeem' };
    expect(markSystem({ sub: 's' }, true, system)).toEqual({ sub: 's', scope: 'knooppunt:systeem' });
    expect(markSystem({ scope: 'api' }, true, system)).toEqual({ scope: 'api knooppunt:systeem' });
    expect(markSystem({ scope: 'api knooppunt:systeem' }, false, system)).toEqual({ scope: 'api' });
    expect(markSystem({ scope: 'knooppunt:systeem' }, false, system)).toEqual({});
    const roles = { claim: 'roles', value: 'Systeem' };
    expect(markSystem({ roles: ['Systeem', 'Netbeheerder'] }, false, roles)).toEqual({ roles: ['Netbeheerder'] });
    expect(markSystem({ roles: [] }, true, roles)).toEqual({ roles: ['Systeem'] });
  });

  it('makes a verified token a system only with the claim', async () => {
    const { getKey, sign } = await issuer();
    const verify = createTokenVerifier(oidc, getKey);
    expect(await verify(await sign('2m'))).toMatchObject({ clientId: 'aannemer_alfa-systeem', system: false });
    const scoped = await sign('2m', { scope: 'knooppunt:systeem' });
    expect(await verify(scoped)).toMatchObject({ deelnemer: 'Aannemer_Alfa', system: true });
  });
});
