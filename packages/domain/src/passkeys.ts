import { z } from 'zod';

/*
 * Passkeys and security keys (WebAuthn) as a second factor (issue 31, decision 0054): the texts of
 * the provider's pages and of the account menu's section, and the calls' schemas. The browser's
 * answers are WebAuthn's JSON forms (what @simplewebauthn/browser hands over), checked for shape
 * and size here; their signatures are the server's to check.
 */

/** At most this many per user: a list one can still read, and no table grown by one account. */
export const PASSKEYS_MAX = 20;
export const PASSKEY_NAME_MAX = 64;

export const PASSKEY_TEXTS = {
  // The login's second step.
  use: 'Met passkey of beveiligingssleutel',
  or: 'of',
  recoveryLabel: 'Herstelcode',
  recoveryHint: 'Geen passkey of beveiligingssleutel bij de hand? Vul een van uw herstelcodes in.',
  failed: 'Deze passkey of beveiligingssleutel werd niet herkend.',
  notUsed: 'Er is geen passkey of beveiligingssleutel gebruikt. Probeer het opnieuw.',
  needsScript: 'Voor een passkey of beveiligingssleutel moet JavaScript in uw browser aan staan.',
  // Enrolment at the login.
  enrolIntro:
    'Liever geen app? Registreer een passkey (op deze computer of uw telefoon) of een beveiligingssleutel (een USB- of NFC-sleutel).',
  enrol: 'Passkey of beveiligingssleutel registreren',
  enrolFailed: 'De passkey of beveiligingssleutel kon niet worden geregistreerd.',
  // The account menu's section.
  title: 'Passkeys en beveiligingssleutels',
  none: 'U hebt nog geen passkey of beveiligingssleutel.',
  add: 'Passkey toevoegen',
  added: 'De passkey is toegevoegd.',
  remove: 'Verwijderen',
  removeLabel: (naam: string) => `${naam} verwijderen`,
  removed: 'De passkey is verwijderd.',
  removeTitle: 'Passkey verwijderen',
  removeText: (naam: string) => `Wilt u ${naam} verwijderen? Daarmee logt u dan niet meer in.`,
  notSupported: 'Deze browser kan geen passkey of beveiligingssleutel gebruiken.',
  addFailed: 'Passkey toevoegen is niet gelukt',
  removeFailed: 'Passkey verwijderen is niet gelukt',
  listFailed: 'Uw passkeys konden niet worden opgehaald.',
  aangemaakt: 'Toegevoegd',
  laatstGebruikt: 'Laatst gebruikt',
  nooitGebruikt: 'nog niet gebruikt',
  recoveryCodes:
    'Bewaar deze tien herstelcodes op een veilige plek; ze worden niet nog eens getoond. Elke code werkt één keer, in plaats van uw passkey.',
  defaultName: (number: number) => `Passkey ${number}`,
  // The server's refusals.
  naam: `Geef de passkey een naam van 1 tot ${PASSKEY_NAME_MAX} tekens.`,
  ticket: 'Deze registratie is verlopen of hoort niet bij u. Begin opnieuw.',
  response: 'Het antwoord van de passkey of beveiligingssleutel klopt niet.',
  exists: 'Deze passkey of beveiligingssleutel is al geregistreerd.',
  tooMany: `U hebt al ${PASSKEYS_MAX} passkeys. Verwijder er eerst een.`,
  notFound: 'Deze passkey bestaat niet (meer).',
  lastFactor: 'Dit is uw laatste tweede stap, en voor uw rol is een tweede stap verplicht. Voeg eerst een andere toe.',
  geenAccount: 'Alleen een gebruiker van Knooppunt beheert hier passkeys.',
} as const;

/** base64url as WebAuthn's JSON forms write bytes; `max` in characters. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'geen base64url');

/** A credential id: at most 1023 bytes (WebAuthn §5.8.3), so 1364 characters. */
const credentialId = base64url(1364).min(1);
const transports = z
  .array(
    z
      .string()
      .max(32)
      .regex(/^[a-z-]+$/),
  )
  .max(10);
const extensionResults = z.looseObject({});
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** What `startRegistration` answers (WebAuthn's RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(8192),
    authenticatorData: base64url(8192).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});

/** What `startAuthentication` answers (WebAuthn's AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});

/** A passkey of the signed-in user, as the account menu lists it. */
export const passkeySchema = z.object({
  id: z.string(),
  naam: z.string(),
  aangemaakt: z.string(),
  /** When it last confirmed a login; null when never. */
  laatstGebruikt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ items: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/**
 * 'Passkey toevoegen', first call: the options for the browser's `navigator.credentials.create`
 * (WebAuthn's PublicKeyCredentialCreationOptionsJSON) and a sealed ticket holding their challenge.
 */
export const passkeyOptionsSchema = z.object({
  ticket: z.string(),
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** 'Passkey toevoegen', second call: the ticket of the first, the browser's answer, a name. */
export const addPasskeySchema = z.object({
  ticket: z.string({ error: PASSKEY_TEXTS.ticket }).min(1, PASSKEY_TEXTS.ticket).max(4096, PASSKEY_TEXTS.ticket),
  response: passkeyRegistrationResponseSchema,
  naam: z
    .string({ error: PASSKEY_TEXTS.naam })
    .trim()
    .min(1, PASSKEY_TEXTS.naam)
    .max(PASSKEY_NAME_MAX, PASSKEY_TEXTS.naam)
    .optional(),
});
export type AddPasskey = z.infer<typeof addPasskeySchema>;

/** The answer to 'Passkey toevoegen': the passkey, and the recovery codes when the user had none left. */
export const addedPasskeySchema = passkeySchema.extend({ herstelcodes: z.array(z.string()).optional() });
export type AddedPasskey = z.infer<typeof addedPasskeySchema>;

export const passkeyParamsSchema = z.object({ id: credentialId });
