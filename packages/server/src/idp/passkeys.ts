import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import { PASSKEYS_MAX, PASSKEY_TEXTS } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { userPasskeys, userRecoveryCodes, users, userTotp } from '../db/schema';
import { recoveryCodesLeft, replaceRecoveryCodes } from './second-factor';

/*
 * Passkeys and security keys (WebAuthn) as a second factor (decision 0054, 'Passkeys'). The
 * relying party is the platform's PUBLIC_URL: its host name is the RP ID a credential is bound to,
 * its origin the only one whose ceremonies are accepted. The challenge of a ceremony travels to the
 * browser and back in the caller's sealed ticket; nothing of a ceremony is stored here.
 */

export interface RelyingParty {
  /** The RP ID: PUBLIC_URL's host name. */
  id: string;
  /** PUBLIC_URL's origin: the only origin whose answers count. */
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Knooppunt' };
}

/** COSE algorithms offered: ES256 (what passkeys use) and RS256 (Windows Hello, older keys). */
const ALGORITHMS = [-7, -257];
/** How long the browser waits for the user to touch a key; the ticket lasts longer. */
const CEREMONY_TIMEOUT_MS = 5 * 60_000;

/** A ceremony's challenge (32 random bytes, base64url as the options carry it). */
export const newChallenge = () => randomBytes(32).toString('base64url');

/** The options' challenge as bytes: a string would be taken as text and encoded once more. */
const challengeBytes = (challenge: string) => Uint8Array.from(Buffer.from(challenge, 'base64url'));

/** A credential as a verified registration answers it, to be stored. */
export interface NewPasskey {
  id: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

/** The user's passkeys, oldest first. */
export function passkeysOf(db: Database, userId: string) {
  return db
    .select({
      id: userPasskeys.id,
      name: userPasskeys.name,
      transports: userPasskeys.transports,
      created: userPasskeys.created,
      lastUsed: userPasskeys.lastUsed,
    })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(asc(userPasskeys.created), asc(userPasskeys.id));
}

export async function passkeyCount(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  return row?.n ?? 0;
}

/**
 * Stores a verified registration; false when that credential is registered already (to anyone:
 * a credential id is the authenticator's and unique). Named 'Passkey <n>' without a name.
 */
export async function insertPasskey(
  db: Database,
  userId: string,
  passkey: NewPasskey,
  name?: string,
): Promise<{ id: string; name: string; created: Date } | undefined> {
  const [row] = await db
    .insert(userPasskeys)
    .values({
      id: passkey.id,
      userId,
      publicKey: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      name: name ?? PASSKEY_TEXTS.defaultName((await passkeyCount(db, userId)) + 1),
    })
    .onConflictDoNothing()
    .returning({ id: userPasskeys.id, name: userPasskeys.name, created: userPasskeys.created });
  return row;
}

/** Holds the user's row until the caller's transaction ends: its second factors change one call at a time. */
const holdUser = (db: Database, userId: string) =>
  db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/**
 * Adds a verified passkey in the caller's transaction, with ten recovery codes when the user has
 * none left unused (a passkey-only user has them as an app's user does): the plain codes are
 * answered once, to be shown once. Refused when that credential is registered already (to anyone:
 * its id is the authenticator's) or the user has PASSKEYS_MAX.
 */
export async function addPasskey(db: Database, userId: string, passkey: NewPasskey, name?: string) {
  await holdUser(db, userId);
  if ((await passkeyCount(db, userId)) >= PASSKEYS_MAX) return 'too-many' as const;
  const added = await insertPasskey(db, userId, passkey, name);
  if (!added) return 'exists' as const;
  const recoveryCodes = (await recoveryCodesLeft(db, userId)) > 0 ? undefined : await replaceRecoveryCodes(db, userId);
  return { ...added, recoveryCodes };
}

/**
 * Removes one of the user's passkeys in the caller's transaction; answers its name. Refused when
 * the user has none with that id, or when it is the user's last second factor (no app, no other
 * passkey) and `required`; the last where none is required takes the recovery codes with it.
 */
export async function removePasskey(db: Database, userId: string, id: string, required: boolean) {
  await holdUser(db, userId);
  const [removed] = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning({ name: userPasskeys.name });
  if (!removed) return 'not-found' as const;
  const [app] = await db.select({ userId: userTotp.userId }).from(userTotp).where(eq(userTotp.userId, userId));
  if (!app && (await passkeyCount(db, userId)) === 0) {
    // The caller rolls the removal back.
    if (required) return 'last' as const;
    await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  }
  return removed;
}

/**
 * Removes the user's authenticator app in the caller's transaction ('Tweede stap verwijderen' in
 * the account menu), as removePasskey removes a passkey: refused when the user has no app, or when
 * it is the user's last second factor (no passkey) and `required`; the last where none is required
 * takes the recovery codes with it.
 */
export async function removeApp(db: Database, userId: string, required: boolean) {
  await holdUser(db, userId);
  const removed = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
  if (removed.length === 0) return 'not-found' as const;
  if ((await passkeyCount(db, userId)) === 0) {
    // The caller rolls the removal back.
    if (required) return 'last' as const;
    await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  }
  return 'removed' as const;
}

export type Passkeys = ReturnType<typeof createPasskeys>;

export function createPasskeys(db: Database, rp: RelyingParty) {
  return {
    rp,

    /** Enrols a verified passkey at the login: `addPasskey` in a transaction of its own. */
    async enrol(userId: string, passkey: NewPasskey) {
      const added = await db.transaction((tx) => addPasskey(tx, userId, passkey));
      return typeof added === 'string' ? undefined : added;
    },

    /** Whether the user has a passkey. */
    async has(userId: string): Promise<boolean> {
      return (await passkeyCount(db, userId)) > 0;
    },

    /**
     * The options of `navigator.credentials.create` for a new passkey of the user: none of the
     * user's own again, a passkey kept on the authenticator when it can, no attestation asked.
     */
    async registrationOptions(
      user: { id: string; email: string },
      challenge?: string,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const own = await passkeysOf(db, user.id);
      return generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.email,
        userID: Uint8Array.from(Buffer.from(user.id, 'utf8')),
        ...(challenge !== undefined && { challenge: challengeBytes(challenge) }),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: own.map(({ id, transports }) => ({ id, transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
    },

    /** The new credential when the browser's answer is right for `challenge`, origin and RP ID. */
    async verifyRegistration(response: RegistrationResponseJSON, challenge: string): Promise<NewPasskey | undefined> {
      try {
        const verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          // A security key without a PIN is a second factor all the same: the password is the first.
          requireUserVerification: false,
          supportedAlgorithmIDs: ALGORITHMS,
        });
        if (!verified.verified) return undefined;
        const { credential } = verified.registrationInfo;
        return {
          id: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? response.response.transports ?? [],
        };
      } catch {
        // A malformed or forged answer is a wrong one: the caller counts it.
        return undefined;
      }
    },

    /** The options of `navigator.credentials.get` for the user's passkeys; undefined without any. */
    async authenticationOptions(
      userId: string,
      challenge?: string,
    ): Promise<PublicKeyCredentialRequestOptionsJSON | undefined> {
      const own = await passkeysOf(db, userId);
      if (own.length === 0) return undefined;
      return generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: own.map(({ id, transports }) => ({ id, transports })),
        ...(challenge !== undefined && { challenge: challengeBytes(challenge) }),
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'preferred',
      });
    },

    /**
     * Whether the answer is a signature of `challenge` by one of the user's passkeys, from our
     * origin. Its signature counter must have grown (both 0: an authenticator that keeps none):
     * checked and stored in one statement, so of two uses of one answer only one counts.
     */
    async verifyAuthentication(userId: string, response: AuthenticationResponseJSON, challenge: string) {
      const [passkey] = await db
        .select()
        .from(userPasskeys)
        .where(and(eq(userPasskeys.id, response.id), eq(userPasskeys.userId, userId)));
      if (!passkey) return false;
      let counter: number;
      try {
        const verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.id,
            publicKey: passkey.publicKey,
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: false,
        });
        if (!verified.verified) return false;
        counter = verified.authenticationInfo.newCounter;
      } catch {
        return false;
      }
      const used = await db
        .update(userPasskeys)
        .set({ counter, lastUsed: sql`now()` })
        .where(
          and(
            eq(userPasskeys.id, passkey.id),
            eq(userPasskeys.userId, userId),
            counter === 0 ? eq(userPasskeys.counter, 0) : lt(userPasskeys.counter, counter),
          ),
        )
        .returning({ id: userPasskeys.id });
      return used.length === 1;
    },
  };
}
