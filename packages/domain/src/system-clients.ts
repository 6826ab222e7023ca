import { z } from 'zod';
import { ORGANISATION_NAME_MAX } from './constants';
import { OMGEVINGEN, omgevingSchema } from './omgeving';
import { shownName } from './shown-names';

/**
 * Participants' system clients: the OAuth clients (client credentials) a grid operator's or
 * contractor's system uses to call /api/v1 (issue 19, decision 0019). Identified by their client
 * id; the organisation follows from the client.
 */

/** The organisation types whose systems exchange messages, so the types that get system clients. */
export const CLIENT_ORGANISATION_TYPES = ['Netbeheerder', 'Gedelegeerd netbeheerder', 'Aannemer', 'Combi'] as const;

/** client_secret_basic: id and secret in the Basic header; private_key_jwt: an assertion signed with a registered key. */
export const CLIENT_AUTH_METHODS = ['client_secret_basic', 'private_key_jwt'] as const;
export type ClientAuthMethod = (typeof CLIENT_AUTH_METHODS)[number];

export const SYSTEM_CLIENT_STATUSES = ['actief', 'ingetrokken'] as const;

export const SYSTEM_CLIENT_DESCRIPTION_MAX = 200;
/** Public keys a private_key_jwt client may register at once (room for a key rollover); CLIENT_JWKS_MAX_KEYS. */
export const SYSTEM_CLIENT_JWKS_MAX_KEYS = 5;
/** What CLIENT_JWKS_MAX_KEYS may be raised to, and so what a request may hold at all. */
export const SYSTEM_CLIENT_JWKS_KEYS_CEILING = 20;

export const SYSTEM_CLIENT_TEXTS = {
  omschrijvingRequired: 'Omschrijving moet ingevuld zijn.',
  omschrijvingTooLong: `Omschrijving mag maximaal ${SYSTEM_CLIENT_DESCRIPTION_MAX} tekens bevatten.`,
  methodeInvalid: `Methode moet een van ${CLIENT_AUTH_METHODS.join(', ')} zijn.`,
  jwksRequired: 'Bij private_key_jwt hoort een JWKS met ten minste één publieke sleutel.',
  jwksInvalid: 'De JWKS bevat een ongeldige of geen publieke sleutel.',
  jwksNotAllowed: 'Een JWKS hoort alleen bij private_key_jwt.',
  jwksTooLarge: (maxBytes: number) => `De JWKS is te groot: ten hoogste ${maxBytes} bytes.`,
  jwksTooManyKeys: (max: number) => `Een client heeft ten hoogste ${max} publieke sleutels.`,
  keyType: (key: number) => `Sleutel ${key}: alleen RSA- en EC-sleutels (kty RSA of EC) worden ondersteund.`,
  keyUse: (key: number) => `Sleutel ${key}: use moet sig zijn (een sleutel om mee te ondertekenen).`,
  keyAlg: (key: number, allowed: readonly string[]) =>
    `Sleutel ${key}: alg moet ${allowed.join(' of ')} zijn bij dit type sleutel.`,
  keyNumber: (key: number, member: string) =>
    `Sleutel ${key}: ${member} is geen geldig getal (base64url, niet nul, zonder voorloopnullen).`,
  rsaBits: (key: number, bits: number, min: number, max: number) =>
    `Sleutel ${key}: de RSA-modulus (n) heeft ${bits} bits; toegestaan is ${min} tot en met ${max} bits.`,
  rsaEven: (key: number) => `Sleutel ${key}: de RSA-modulus (n) is even en dus geen RSA-modulus.`,
  rsaExponent: (key: number) =>
    `Sleutel ${key}: de publieke exponent (e) moet oneven zijn, ten minste 65537 en kleiner dan 2^256.`,
  ecCurve: (key: number) => `Sleutel ${key}: alleen de curves P-256 en P-384 (crv) worden ondersteund.`,
  ecCoordinate: (key: number, member: string, bytes: number) =>
    `Sleutel ${key}: coördinaat ${member} moet ${bytes} bytes lang zijn (base64url).`,
  keyInvalid: (key: number) =>
    `Sleutel ${key} is geen geldige publieke sleutel (een EC-punt moet bijvoorbeeld op de curve liggen).`,
  kidNotText: (key: number) => `Sleutel ${key}: kid moet een tekst zijn.`,
  duplicateKid: (key: number) => `Sleutel ${key}: deze kid komt al eerder in de JWKS voor.`,
  tooManyClients: (organisatie: string, max: number) =>
    `Organisatie '${organisatie}' heeft al ${max} actieve systeemclients, het maximum. Trek eerst een client in die niet meer gebruikt wordt.`,
  organisationTypeWithoutClients: (type: string) => `Organisaties van het type ${type} hebben geen systeemclients.`,
  notFound: 'Client niet gevonden.',
  organisationNotFound: (name: string) => `Organisatie '${name}' bestaat niet.`,
  otherOrganisation: 'U beheert alleen de systeemclients van uw eigen organisatie.',
  revoked: 'Deze client is ingetrokken.',
  noSecret: 'Deze client meldt zich aan met private_key_jwt en heeft geen geheim.',
  external:
    'Met een externe identity provider worden systeemclients bij die provider geregistreerd, niet in Knooppunt.',
} as const;

const isoDateTime = z.iso.datetime({ offset: true });

export const systemClientSchema = z.object({
  clientId: z.string(),
  organisatie: z.string(),
  omschrijving: z.string(),
  methode: z.enum(CLIENT_AUTH_METHODS),
  /** Production, or the test environment (decision 0038): where the client's messages go. */
  omgeving: z.enum(OMGEVINGEN),
  status: z.enum(SYSTEM_CLIENT_STATUSES),
  aangemaakt: isoDateTime,
  aangemaaktDoor: z.string(),
  /** The last 'Nieuw geheim'; null when the first secret is still the only one. */
  geheimVernieuwd: isoDateTime.nullable(),
  /** Until when the secret before the last rotation still works; null when none does. */
  vorigGeheimGeldigTot: isoDateTime.nullable(),
  /** The last token issued to the client (kept to the minute). */
  laatstGebruikt: isoDateTime.nullable(),
  ingetrokken: isoDateTime.nullable(),
  ingetrokkenDoor: z.string().nullable(),
});
export type SystemClient = z.infer<typeof systemClientSchema>;

/** What a participant's system needs to connect, shown beside the list. */
export const connectionInfoSchema = z.object({
  /** True with OIDC_ISSUER: clients are registered at that provider, the list stays empty. */
  extern: z.boolean(),
  issuer: z.string(),
  tokenEndpoint: z.string(),
  audience: z.string(),
  /** The token claim that carries the participant (OIDC_CLAIM_DEELNEMER). */
  deelnemerClaim: z.string(),
  /** The claim and value that mark a token as a system's (decision 0015). */
  systeemClaim: z.string(),
  systeemClaimWaarde: z.string(),
  /** How long the previous secret keeps working after 'Nieuw geheim'. */
  respijtUren: z.number(),
  /** Lifetime of an access token: a revoked client's tokens stop working within it. */
  tokenLevensduurSeconden: z.number(),
});
export type ConnectionInfo = z.infer<typeof connectionInfoSchema>;

export const systemClientListSchema = z.object({
  /** null: every organisation's clients (the super role without `organisatie`), each item naming its own. */
  organisatie: z.string().nullable(),
  type: z.string().nullable(),
  items: z.array(systemClientSchema),
  verbinding: connectionInfoSchema,
});
export type SystemClientList = z.infer<typeof systemClientListSchema>;

/** GET /rest/clients: without `organisatie` the user's own organisation (the super role: every organisation). */
export const systemClientQuerySchema = z.object({
  organisatie: z.string().min(1).max(ORGANISATION_NAME_MAX).optional(),
});

const publicJwkSchema = z
  .object({ kty: z.enum(['RSA', 'EC', 'OKP']) })
  .catchall(z.unknown())
  .refine((key) => !('d' in key) && !('p' in key) && !('q' in key) && !('k' in key), SYSTEM_CLIENT_TEXTS.jwksInvalid);

export const createSystemClientSchema = z
  .object({
    /** Without it: the user's own organisation. */
    organisatie: z.string().min(1).max(ORGANISATION_NAME_MAX).optional(),
    omschrijving: z
      .string({ error: SYSTEM_CLIENT_TEXTS.omschrijvingRequired })
      .trim()
      .normalize('NFC')
      .min(1, SYSTEM_CLIENT_TEXTS.omschrijvingRequired)
      .max(SYSTEM_CLIENT_DESCRIPTION_MAX, SYSTEM_CLIENT_TEXTS.omschrijvingTooLong)
      // A description may mix scripts between its words; it may not hide characters.
      .superRefine(shownName('Omschrijving', { singleScript: false })),
    methode: z.enum(CLIENT_AUTH_METHODS, { error: SYSTEM_CLIENT_TEXTS.methodeInvalid }).default('client_secret_basic'),
    omgeving: omgevingSchema.default('productie'),
    jwks: z
      .object({
        keys: z
          .array(publicJwkSchema, { error: SYSTEM_CLIENT_TEXTS.jwksInvalid })
          .min(1, SYSTEM_CLIENT_TEXTS.jwksRequired)
          .max(SYSTEM_CLIENT_JWKS_KEYS_CEILING, SYSTEM_CLIENT_TEXTS.jwksTooManyKeys(SYSTEM_CLIENT_JWKS_KEYS_CEILING)),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.methode === 'private_key_jwt' && !body.jwks) {
      ctx.addIssue({ code: 'custom', path: ['jwks'], message: SYSTEM_CLIENT_TEXTS.jwksRequired });
    }
    if (body.methode === 'client_secret_basic' && body.jwks) {
      ctx.addIssue({ code: 'custom', path: ['jwks'], message: SYSTEM_CLIENT_TEXTS.jwksNotAllowed });
    }
  });
export type CreateSystemClient = z.input<typeof createSystemClientSchema>;

export const systemClientIdParamsSchema = z.object({ clientId: z.string().min(1).max(200) });

/** The answer to 'Nieuwe client' and 'Nieuw geheim': the secret, this once and never again. */
export const issuedSystemClientSchema = z.object({
  client: systemClientSchema,
  /** Absent for private_key_jwt. */
  geheim: z.string().optional(),
  tokenEndpoint: z.string(),
});
export type IssuedSystemClient = z.infer<typeof issuedSystemClientSchema>;
