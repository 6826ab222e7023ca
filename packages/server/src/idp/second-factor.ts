import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@knooppunt/domain';
import type { Database } from '../db/client';
import { userPasskeys, userRecoveryCodes, userTotp } from '../db/schema';
import type { SecretCipher } from '../secrets/cipher';

/*
 * The second factor of the embedded provider's login (decision 0054): an authenticator app (TOTP,
 * RFC 6238: SHA-1, 6 digits, 30 s — what every app reads from the QR code) and ten one-time
 * recovery codes. The secret is stored encrypted with the secret key, bound to its user; a code
 * counts once (the last accepted time step is kept, and only a later one is accepted).
 */

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Codes of one step before or after now are accepted too: a phone's clock may be off a little. */
const WINDOW = 1;
const ISSUER = 'Knooppunt';

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits (RFC 4226's recommendation), base32 as apps take it by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address the enrolment's QR code holds. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The enrolment's QR code, an SVG document holding `totpUri`. */
export function totpQrSvg(secret: string, email: string): Promise<string> {
  return QRCode.toString(totpUri(secret, email), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** The current code of a secret (for tests and the acceptance run, which play the app). */
export function totpCode(secret: string, at = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at });
}

/** The time step a code belongs to, when it is right for now (± WINDOW steps); undefined otherwise. */
export function totpStep(secret: string, code: string, at = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: WINDOW });
  return delta === null ? undefined : Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
}

/** Recovery codes as people copy them: 'ABCD-EFGH-JKLM' (60 bits, no look-alike letters or digits). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** What is typed, however spaced or cased, hashed as stored. */
const recoveryHash = (code: string) =>
  createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');

/** A typed value that looks like a recovery code rather than an app's code. */
export const looksLikeRecoveryCode = (value: string) => /^[A-Za-z0-9]{12}$/.test(value.replace(/[\s-]/g, ''));

const cipherContext = (userId: string) => `totp:${userId}`;

export type SecondFactors = ReturnType<typeof createSecondFactors>;

export function createSecondFactors(db: Database, cipher: SecretCipher) {
  return {
    /** The user's app secret, when the user has enrolled one. */
    async totpSecret(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ secret: userTotp.secretEncrypted })
        .from(userTotp)
        .where(eq(userTotp.userId, userId));
      return row ? cipher.decrypt(row.secret, cipherContext(userId)) : undefined;
    },

    /**
     * Enrols the app whose code for `step` was just shown, with ten new recovery codes (the plain
     * codes are returned once, to be shown once). Nothing when the user enrolled meanwhile. In the
     * caller's transaction when given (beside its audit entry), else in one of its own.
     */
    async enrol(userId: string, secret: string, step: number, tx?: Database): Promise<string[] | undefined> {
      const enrolIn = async (transaction: Database) => {
        const [enrolled] = await transaction
          .insert(userTotp)
          .values({ userId, secretEncrypted: cipher.encrypt(secret, cipherContext(userId)), lastStep: step })
          .onConflictDoNothing()
          .returning({ userId: userTotp.userId });
        return enrolled ? replaceRecoveryCodes(transaction, userId) : undefined;
      };
      return tx ? enrolIn(tx) : db.transaction(enrolIn);
    },

    /** Takes a code's time step: true once per step, and only for a step later than the last taken. */
    async takeStep(userId: string, step: number): Promise<boolean> {
      const taken = await db
        .update(userTotp)
        .set({ lastStep: step })
        .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step)))
        .returning({ userId: userTotp.userId });
      return taken.length === 1;
    },

    /** Uses a recovery code: true once per code. */
    async useRecoveryCode(userId: string, code: string): Promise<boolean> {
      const used = await db
        .update(userRecoveryCodes)
        .set({ used: sql`now()` })
        .where(
          and(
            eq(userRecoveryCodes.userId, userId),
            eq(userRecoveryCodes.codeHash, recoveryHash(code)),
            isNull(userRecoveryCodes.used),
          ),
        )
        .returning({ userId: userRecoveryCodes.userId });
      return used.length === 1;
    },
  };
}

/** How many of the user's recovery codes are still unused (in the caller's transaction, when given). */
export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.used)));
  return row?.left ?? 0;
}

/**
 * Ten new recovery codes in place of all the user's earlier ones, used or not, in the caller's
 * transaction; answers the plain codes, to be shown once (only their hashes are kept).
 */
export async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(code) })));
  return codes;
}

/**
 * Removes the user's second factors, app, passkeys and recovery codes (a user manager's reset);
 * true when there was one. In the caller's transaction, beside its audit entry and the end of the
 * sessions.
 */
export async function resetSecondFactor(db: Database, userId: string): Promise<boolean> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const app = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
  const passkeys = await db
    .delete(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .returning({ id: userPasskeys.id });
  return app.length + passkeys.length > 0;
}
