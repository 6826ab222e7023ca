import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { SYSTEM_CLIENT_TEXTS } from '@knooppunt/domain';
import type { Config } from '../../config';
import { ValidationError } from '../../errors';

export type Jwks = { keys: Record<string, unknown>[] };
export type JwksLimits = Config['systemClients']['keys'];

/** The curves an EC key may be on, each with the one algorithm it signs with and its coordinates' size. */
const CURVES: Record<string, { alg: string; bytes: number }> = {
  'P-256': { alg: 'ES256', bytes: 32 },
  'P-384': { alg: 'ES384', bytes: 48 },
};
const RSA_ALGORITHMS = ['RS256', 'PS256'];
/** NIST SP 800-89 / FIPS 186-5: an RSA public exponent is odd, 2^16+1 ≤ e < 2^256. */
const MIN_EXPONENT = 65537n;
const MAX_EXPONENT_BYTES = 32;
/** What a key's verification needs; anything else a key carries is not looked at. */
const PUBLIC_MEMBERS = ['kty', 'n', 'e', 'crv', 'x', 'y'] as const;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The bytes of a base64url member, or undefined when it is no canonical base64url text: Node
 * decodes leniently (it skips what does not belong), so a text that does not encode back to
 * itself says something other than its length suggests.
 */
function canonicalBytes(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || !BASE64URL.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.toString('base64url') === value ? bytes : undefined;
}

/** An unsigned big-endian number: not empty, not zero, no leading zero byte. */
function unsignedNumber(value: unknown): Buffer | undefined {
  const bytes = canonicalBytes(value);
  return bytes && bytes.length > 0 && bytes[0] !== 0 ? bytes : undefined;
}

const bitLength = (bytes: Buffer) => (bytes.length - 1) * 8 + bytes[0]!.toString(2).length;

/**
 * A JWKS whose every key is a public signing key the provider can verify assertions with, judged by
 * its values (issue 31, decision 0052): RSA with a real modulus of the configured size and a sane
 * exponent, or EC on P-256/P-384 with a point on the curve; at most so many keys and bytes. Else a
 * 400 naming the field at fault (`jwks`, `jwks.keys`, `jwks.keys.2.n`), its message naming the key.
 */
export function checkedJwks(jwks: Jwks, limits: JwksLimits): Jwks {
  if (Buffer.byteLength(JSON.stringify(jwks)) > limits.maxBytes) {
    throw new ValidationError('jwks', SYSTEM_CLIENT_TEXTS.jwksTooLarge(limits.maxBytes));
  }
  if (jwks.keys.length > limits.maxKeys) {
    throw new ValidationError('jwks.keys', SYSTEM_CLIENT_TEXTS.jwksTooManyKeys(limits.maxKeys));
  }
  const kids = new Set<unknown>();
  jwks.keys.forEach((key, index) => {
    checkKey(key, index, limits);
    if (key.kid !== undefined) {
      if (kids.has(key.kid)) {
        throw new ValidationError(`jwks.keys.${index}.kid`, SYSTEM_CLIENT_TEXTS.duplicateKid(index + 1));
      }
      kids.add(key.kid);
    }
  });
  return jwks;
}

function checkKey(key: Record<string, unknown>, index: number, limits: JwksLimits): void {
  const number = index + 1;
  const refuse = (member: string | undefined, message: string): never => {
    throw new ValidationError(`jwks.keys.${index}${member ? `.${member}` : ''}`, message);
  };
  if (key.use !== undefined && key.use !== 'sig') refuse('use', SYSTEM_CLIENT_TEXTS.keyUse(number));
  if (key.kid !== undefined && typeof key.kid !== 'string') refuse('kid', SYSTEM_CLIENT_TEXTS.kidNotText(number));
  let algorithms: string[];
  if (key.kty === 'RSA') {
    const n = unsignedNumber(key.n) ?? refuse('n', SYSTEM_CLIENT_TEXTS.keyNumber(number, 'n'));
    const bits = bitLength(n);
    if (bits < limits.rsaMinBits || bits > limits.rsaMaxBits) {
      refuse('n', SYSTEM_CLIENT_TEXTS.rsaBits(number, bits, limits.rsaMinBits, limits.rsaMaxBits));
    }
    if ((n[n.length - 1]! & 1) === 0) refuse('n', SYSTEM_CLIENT_TEXTS.rsaEven(number));
    const e = unsignedNumber(key.e) ?? refuse('e', SYSTEM_CLIENT_TEXTS.keyNumber(number, 'e'));
    const exponent = e.length <= MAX_EXPONENT_BYTES ? BigInt(`0x${e.toString('hex')}`) : 0n;
    if (exponent < MIN_EXPONENT || exponent % 2n === 0n) refuse('e', SYSTEM_CLIENT_TEXTS.rsaExponent(number));
    algorithms = RSA_ALGORITHMS;
  } else if (key.kty === 'EC') {
    const curve = typeof key.crv === 'string' ? CURVES[key.crv] : undefined;
    if (!curve) return refuse('crv', SYSTEM_CLIENT_TEXTS.ecCurve(number));
    for (const member of ['x', 'y']) {
      if (canonicalBytes(key[member])?.length !== curve.bytes) {
        refuse(member, SYSTEM_CLIENT_TEXTS.ecCoordinate(number, member, curve.bytes));
      }
    }
    algorithms = [curve.alg];
  } else {
    return refuse('kty', SYSTEM_CLIENT_TEXTS.keyType(number));
  }
  if (key.alg !== undefined && !algorithms.includes(key.alg as string)) {
    refuse('alg', SYSTEM_CLIENT_TEXTS.keyAlg(number, algorithms));
  }
  // OpenSSL's own import: it refuses an EC point that is not on the curve, and a key that is private.
  const publicPart = Object.fromEntries(PUBLIC_MEMBERS.filter((m) => m in key).map((m) => [m, key[m]]));
  try {
    if (createPublicKey({ key: publicPart as JsonWebKey, format: 'jwk' }).type !== 'public') throw new Error();
  } catch {
    refuse(undefined, SYSTEM_CLIENT_TEXTS.keyInvalid(number));
  }
}
