import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_ROLE, SYSTEM_CLIENT_TEXTS, type IssuedSystemClient } from '@knooppunt/domain';
import { organisations, systemClients } from '../src/db/schema';
import { bearer, createListeningTestApp, tokenFor, type TestApp } from './helpers';

/*
 * What a private_key_jwt client may register, judged by the keys' values, and how many clients an
 * organisation keeps (issue 31 item 4, decision 0052).
 */

const ADMIN = { roles: [SUPER_ROLE, 'Connectiviteit Beheren'], deelnemer: 'Knooppunt_Beheer' };
const NO_THROTTLE = { LOGIN_MAX_FAILURES_PER_IP: '10000', LOGIN_DELAY_AFTER_FAILURES: '1000' };

const b64 = (bytes: Buffer) => bytes.toString('base64url');
const rsaJwk = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ format: 'jwk' }) as Record<string, string>;
/** A modulus-shaped number of `bits` bits, top bit set and odd; no key, which is all a size check needs. */
const modulusOf = (bits: number) => {
  const bytes = randomBytes(bits / 8);
  bytes[0]! |= 0x80;
  bytes[bytes.length - 1]! |= 1;
  return b64(bytes);
};

let t: TestApp;
let headers: Record<string, string>;
let rsa2048: Record<string, string>;
let ecP256: Record<string, unknown>;

beforeAll(async () => {
  t = await createListeningTestApp(NO_THROTTLE);
  headers = bearer(await tokenFor(t, ADMIN));
  rsa2048 = rsaJwk(2048);
  ecP256 = await exportJWK((await generateKeyPair('ES256', { extractable: true })).publicKey);
});
afterAll(() => t?.close());

const create = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/rest/clients', headers, payload: payload as object });
const withKeys = (keys: unknown, organisatie = 'Aannemer_Alfa') => ({
  organisatie,
  omschrijving: 'Sleutels',
  methode: 'private_key_jwt',
  jwks: { keys },
});

async function rows() {
  const [row] = await t.app.db.select({ n: count() }).from(systemClients);
  return row?.n ?? 0;
}

describe('the keys of a private_key_jwt client', () => {
  it('refuses keys that are no real public signing keys with a Dutch 400 naming the member, and writes nothing', async () => {
    const { n: n1024 } = rsaJwk(1024);
    const n2048 = Buffer.from(rsa2048.n!, 'base64url');
    const even = Buffer.from(n2048);
    even[even.length - 1]! &= 0xfe;
    const offCurve = { ...ecP256, y: b64(Buffer.alloc(32, 7)) };
    const secp256k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey.export({ format: 'jwk' });
    const p521 = generateKeyPairSync('ec', { namedCurve: 'P-521' }).publicKey.export({ format: 'jwk' });
    const ed25519 = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
    const cases: [keys: unknown, field: string, message: string][] = [
      // The attack: a modulus of zero bytes only, its length promising 2048 bits.
      [[{ kty: 'RSA', n: b64(Buffer.alloc(256)), e: 'AQAB' }], 'jwks.keys.0.n', SYSTEM_CLIENT_TEXTS.keyNumber(1, 'n')],
      // A 1024-bit modulus behind leading zero bytes that make it look like 2048.
      [
        [{ kty: 'RSA', n: b64(Buffer.concat([Buffer.alloc(128), Buffer.from(n1024!, 'base64url')])), e: 'AQAB' }],
        'jwks.keys.0.n',
        SYSTEM_CLIENT_TEXTS.keyNumber(1, 'n'),
      ],
      [[{ kty: 'RSA', n: n1024, e: 'AQAB' }], 'jwks.keys.0.n', SYSTEM_CLIENT_TEXTS.rsaBits(1, 1024, 2048, 8192)],
      [
        [{ kty: 'RSA', n: modulusOf(16_384), e: 'AQAB' }],
        'jwks.keys.0.n',
        SYSTEM_CLIENT_TEXTS.rsaBits(1, 16_384, 2048, 8192),
      ],
      [[{ kty: 'RSA', n: b64(even), e: 'AQAB' }], 'jwks.keys.0.n', SYSTEM_CLIENT_TEXTS.rsaEven(1)],
      [[{ kty: 'RSA', n: `${rsa2048.n}=`, e: 'AQAB' }], 'jwks.keys.0.n', SYSTEM_CLIENT_TEXTS.keyNumber(1, 'n')],
      [[{ ...rsa2048, e: 'Aw' }], 'jwks.keys.0.e', SYSTEM_CLIENT_TEXTS.rsaExponent(1)],
      [[{ ...rsa2048, e: 'AQA' }], 'jwks.keys.0.e', SYSTEM_CLIENT_TEXTS.rsaExponent(1)],
      [[{ ...rsa2048, e: 'AAEAAQ' }], 'jwks.keys.0.e', SYSTEM_CLIENT_TEXTS.keyNumber(1, 'e')],
      [[{ ...rsa2048, e: b64(Buffer.alloc(40, 0xff)) }], 'jwks.keys.0.e', SYSTEM_CLIENT_TEXTS.rsaExponent(1)],
      [[{ ...rsa2048, alg: 'ES256' }], 'jwks.keys.0.alg', SYSTEM_CLIENT_TEXTS.keyAlg(1, ['RS256', 'PS256'])],
      [[secp256k1], 'jwks.keys.0.crv', SYSTEM_CLIENT_TEXTS.ecCurve(1)],
      [[p521], 'jwks.keys.0.crv', SYSTEM_CLIENT_TEXTS.ecCurve(1)],
      [[ed25519], 'jwks.keys.0.kty', SYSTEM_CLIENT_TEXTS.keyType(1)],
      [[offCurve], 'jwks.keys.0', SYSTEM_CLIENT_TEXTS.keyInvalid(1)],
      [[{ ...ecP256, x: b64(Buffer.alloc(31, 1)) }], 'jwks.keys.0.x', SYSTEM_CLIENT_TEXTS.ecCoordinate(1, 'x', 32)],
      [[rsa2048, { ...ecP256, crv: 'P-384' }], 'jwks.keys.1.x', SYSTEM_CLIENT_TEXTS.ecCoordinate(2, 'x', 48)],
      [
        [
          { ...rsa2048, kid: 'een' },
          { ...ecP256, kid: 'een' },
        ],
        'jwks.keys.1.kid',
        SYSTEM_CLIENT_TEXTS.duplicateKid(2),
      ],
      [[{ ...rsa2048, kid: { nested: [1] } }], 'jwks.keys.0.kid', SYSTEM_CLIENT_TEXTS.kidNotText(1)],
      [Array.from({ length: 6 }, () => rsa2048), 'jwks.keys', SYSTEM_CLIENT_TEXTS.jwksTooManyKeys(5)],
      [[{ ...rsa2048, x5c: ['x'.repeat(17 * 1024)] }], 'jwks', SYSTEM_CLIENT_TEXTS.jwksTooLarge(16 * 1024)],
    ];
    const before = await rows();
    for (const [keys, field, message] of cases) {
      const response = await create(withKeys(keys));
      const label = `${field}: ${message}`;
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual({ message: `${field}: ${message}`, details: [{ field, message }] });
    }
    expect(await rows()).toBe(before);
  });

  it('answers a clear 4xx, never a 5xx, to wrong types, NUL bytes and huge values, and writes nothing', async () => {
    const bodies: unknown[] = [
      withKeys([{ kty: 'RSA', n: 5, e: 'AQAB' }]),
      withKeys([{ kty: 'RSA', n: ['a'], e: null }]),
      withKeys([{ kty: 'RSA', n: { big: true }, e: 'AQAB' }]),
      withKeys([{ kty: 'EC', crv: { name: 'P-256' }, x: 1, y: 2 }]),
      withKeys([{ kty: 'EC', crv: 'P-256', x: ecP256.x, y: null }]),
      withKeys([{ ...rsa2048, kid: { nested: [1, 2, 3] } }]),
      withKeys([{ ...rsa2048, use: 5 }]),
      withKeys([{ ...rsa2048, alg: ['RS256'] }]),
      withKeys([{ kty: 'RSA', n: 'a\u0000b', e: 'AQAB' }]),
      withKeys([{ kty: 'RSA', n: 'A'.repeat(900_000), e: 'AQAB' }]),
      withKeys([{ kty: 'RSA', n: 'A'.repeat(2_000_000), e: 'AQAB' }]),
      withKeys([{ kty: 'RSA', n: '!!!', e: 'AQAB' }]),
      withKeys(null),
      withKeys('keys'),
      withKeys(Array.from({ length: 1000 }, () => ({ kty: 'RSA' }))),
      { ...withKeys([rsa2048]), jwks: [rsa2048] },
    ];
    const before = await rows();
    for (const body of bodies) {
      const response = await create(body);
      const label = JSON.stringify(body).slice(70, 200);
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.json<{ message: string }>().message, label).toMatch(/\S/);
    }
    expect(await rows()).toBe(before);
  });

  it('takes RSA from 2048 to 8192 bits and EC on P-256 and P-384, up to five keys', async () => {
    const p384 = await generateKeyPair('ES384', { extractable: true });
    const keys = [
      { ...rsa2048, kid: 'rsa-2048', use: 'sig', alg: 'PS256' },
      { ...rsaJwk(4096), kid: 'rsa-4096' },
      { kty: 'RSA', n: modulusOf(8192), e: 'AQAB', kid: 'rsa-8192' },
      { ...ecP256, kid: 'p-256', alg: 'ES256' },
      { ...(await exportJWK(p384.publicKey)), kid: 'p-384' },
    ];
    const response = await create(withKeys(keys, 'Aannemer_Beta'));
    expect(response.statusCode, response.body).toBe(201);
    const { clientId } = response.json<IssuedSystemClient>().client;

    // The P-384 key signs an assertion (ES384) for which the provider issues a token.
    const now = Math.floor(Date.now() / 1000);
    const signed = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES384', kid: 'p-384' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(`${t.config.oidc.issuer}/token`)
      .setJti(randomUUID())
      .setIssuedAt(now - 5)
      .setExpirationTime(now + 60)
      .sign(p384.privateKey);
    const token = await fetch(`${t.config.oidc.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: signed,
      }).toString(),
    });
    const answer = (await token.json()) as { access_token?: string };
    expect(token.status, JSON.stringify(answer)).toBe(200);
    expect(decodeJwt(answer.access_token!)).toMatchObject({ client_id: clientId });
  });

  it('forgets the keys of a revoked client', async () => {
    const response = await create(withKeys([rsa2048], 'Aannemer_Beta'));
    const { clientId } = response.json<IssuedSystemClient>().client;
    const revoked = await t.app.inject({ method: 'POST', url: `/rest/clients/${clientId}/intrekken`, headers });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const [row] = await t.app.db
      .select({ jwks: systemClients.jwks })
      .from(systemClients)
      .where(eq(systemClients.clientId, clientId));
    expect(row?.jwks).toBeNull();
  });
});

describe('clients per organisation', () => {
  it('refuses the 11th active client with a 409 that says the limit; a revoked one frees its place', async () => {
    const organisatie = 'Aannemer_Gamma';
    const [gamma] = await t.app.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.organisatie, organisatie));
    const active = async () => {
      const [row] = await t.app.db
        .select({ n: count() })
        .from(systemClients)
        .where(and(eq(systemClients.organisationId, gamma!.id), isNull(systemClients.revoked)));
      return row?.n ?? 0;
    };
    const made: string[] = [];
    for (let index = await active(); index < 10; index++) {
      const response = await create({ organisatie, omschrijving: `Systeem ${index + 1}` });
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json<IssuedSystemClient>().client.clientId);
    }
    expect(await active()).toBe(10);

    const eleventh = await create({ organisatie, omschrijving: 'Systeem 11' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({ message: SYSTEM_CLIENT_TEXTS.tooManyClients(organisatie, 10) });
    expect(await active()).toBe(10);

    const revoked = await t.app.inject({ method: 'POST', url: `/rest/clients/${made[0]}/intrekken`, headers });
    expect(revoked.statusCode).toBe(200);
    const again = await create({ organisatie, omschrijving: 'Systeem 11' });
    expect(again.statusCode, again.body).toBe(201);
  });
});
