import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

/*
 * A passkey authenticator in software, as a browser and its authenticator answer WebAuthn's two
 * ceremonies (WebAuthn Level 2 §6.1, §6.5): an ES256 key pair per credential, 'none' attestation,
 * a signature counter. The test plays the browser too: it writes clientDataJSON with the origin
 * and challenge it is told, so a test can answer for another origin or challenge as an attacker would.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** User present, user verified; with attested credential data when registering. */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };

interface Ceremony {
  challenge: string;
  /** The origin the browser says it ran on. */
  origin: string;
  /** The RP ID the authenticator signs for (its SHA-256 leads the authenticator data). */
  rpId: string;
}

export class SoftwareAuthenticator {
  private readonly credentials = new Map<string, { privateKey: KeyObject; counter: number }>();

  /** `counts`: false for an authenticator that keeps no signature counter (always 0, as synced passkeys). */
  constructor(private readonly counts = true) {}

  /** `navigator.credentials.create` answered: a new credential for the options' challenge. */
  register({ challenge, origin, rpId }: Ceremony): RegistrationResponseJSON {
    const id = randomBytes(16);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const credentialId = Buffer.alloc(2);
    credentialId.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      this.authenticatorData(rpId, FLAGS.up | FLAGS.uv | FLAGS.at, 0),
      Buffer.alloc(16), // AAGUID: none given with 'none' attestation
      credentialId,
      id,
      coseKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.credentials.set(b64url(id), { privateKey, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', challenge, origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * `navigator.credentials.get` answered by credential `id` (the first one registered without):
   * a signature over the authenticator data and the hash of clientDataJSON. `counter` sets the
   * counter sent (a cloned key's); `forge` signs with a key of no credential.
   */
  authenticate(
    { challenge, origin, rpId }: Ceremony,
    { id, counter, forge = false }: { id?: string; counter?: number; forge?: boolean } = {},
  ): AuthenticationResponseJSON {
    const credentialId = id ?? [...this.credentials.keys()][0] ?? '';
    const credential = this.credentials.get(credentialId);
    if (!credential) throw new Error('no such credential');
    if (this.counts) credential.counter += 1;
    const authData = this.authenticatorData(rpId, FLAGS.up | FLAGS.uv, counter ?? credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', challenge, origin);
    const key = forge ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : credential.privateKey;
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), key);
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: { clientDataJSON, authenticatorData: b64url(authData), signature: b64url(signature) },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  private authenticatorData(rpId: string, flags: number, counter: number): Buffer {
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), signCount]);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }
}
