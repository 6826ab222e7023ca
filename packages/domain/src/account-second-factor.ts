import { z } from 'zod';
import { SECOND_FACTOR_TEXTS } from './second-factor';

/** How many recovery codes an enrolment or a renewal gives (decision 0054). */
export const RECOVERY_CODE_COUNT = 10;

/** The server's answers to 'Tweede stap' in the account menu (issue 31, decision 0054). */
export const ACCOUNT_SECOND_FACTOR_TEXTS = {
  code: 'Vul de zes cijfers in die uw authenticator-app nu toont.',
  wrongCode: SECOND_FACTOR_TEXTS.failed,
  ticket: 'Het instellen is verlopen of hoort bij een ander account. Begin opnieuw met Instellen.',
  alIngesteld: 'U hebt al een authenticator-app ingesteld.',
  geenApp: 'U hebt geen authenticator-app ingesteld.',
  vereist: 'Voor uw rollen is een tweede stap verplicht: u kunt hem niet verwijderen.',
  geenAccount: 'Alleen een gebruiker van Knooppunt stelt hier een tweede stap in.',
} as const;

const T = ACCOUNT_SECOND_FACTOR_TEXTS;

/** The code an app shows: six digits, typed with or without the space apps show in the middle. */
const appCodeSchema = z
  .string({ error: T.code })
  .max(64, { error: T.code, abort: true })
  .overwrite((value) => value.replace(/\s/g, ''))
  .regex(/^\d{6}$/, T.code);

/** GET /rest/account/second-factor: the signed-in user's second factor. */
export const secondFactorStatusSchema = z.object({
  /** An authenticator app is set up. */
  app: z.boolean(),
  /** How many passkeys and security keys the user has (decision 0054 'Passkeys'). */
  passkeys: z.number().int().min(0),
  /** Recovery codes not used yet (0 without an app or a passkey). */
  herstelcodesOver: z.number().int().min(0),
  /** The policy (`MFA_REQUIRED`) requires a second factor for the user's roles: the last one cannot be removed. */
  vereist: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** 'Instellen': a new app's secret, not stored until its first code is given with the ticket. */
export const appEnrolmentSchema = z.object({
  /** The secret sealed for this user, valid for a few minutes: sent back with the first code. */
  ticket: z.string(),
  /** The secret in base32, for typing by hand. */
  secret: z.string(),
  /** The `otpauth://` address the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type AppEnrolment = z.infer<typeof appEnrolmentSchema>;

/** 'Bevestigen' of the enrolment: the ticket of 'Instellen' and the app's first code. */
export const enrolAppSchema = z.object({
  ticket: z.string({ error: T.ticket }).min(1, T.ticket).max(1024, T.ticket),
  code: appCodeSchema,
});
export type EnrolApp = z.infer<typeof enrolAppSchema>;

/** New recovery codes, or removal: a code the user's app shows now. */
export const secondFactorCodeSchema = z.object({ code: appCodeSchema });
export type SecondFactorCode = z.infer<typeof secondFactorCodeSchema>;

/** The plain recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ herstelcodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
