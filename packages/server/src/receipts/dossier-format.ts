import { z } from 'zod';
import { deliveryReceiptSchema, opdrachtHistorySchema } from '@knooppunt/domain';

/*
 * The evidence file (issue 32 item 4, decision 0062): an order's messages with their payloads as
 * delivered, the hashes, the signed receipts and the status each brought, signed as a whole with
 * Knooppunt's receipt key. Read by the verifier without a database (dossier-verify.ts).
 */

export const DOSSIER_KIND = 'knooppunt-bewijsdossier';
/** The JOSE header `typ` of the dossier's signature. */
export const DOSSIER_TYP = 'knooppunt-bewijsdossier+jws';

export const dossierBerichtSchema = z.object({
  id: z.string(),
  type: z.string(),
  versienummer: z.string(),
  sender: z.string(),
  receiver: z.string(),
  acceptedAt: z.string(),
  deliveredAt: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The order's status right after this message, and its text (docs/lifecycle.md). */
  status: z.number().int().nullable(),
  statusText: z.string().nullable(),
  /** The exact body Knooppunt POSTed to the receiver; null once retention removed the payload. */
  body: z.string().nullable(),
  /** Hex SHA-256 of `body`; once the payload is removed, the receipt's. */
  bodySha256: z.string().nullable(),
  payloadRemovedAt: z.string().nullable(),
  /** The delivery receipt with its signed batch (decision 0060); null while not delivered over HTTP. */
  receipt: deliveryReceiptSchema.nullable(),
});
export type DossierBericht = z.infer<typeof dossierBerichtSchema>;

export const dossierSchema = z.object({
  kind: z.literal(DOSSIER_KIND),
  versie: z.literal(1),
  /** When Knooppunt drew it up. */
  opgesteld: z.string(),
  omgeving: z.enum(['productie', 'test']),
  /** Where Knooppunt publishes its keys: verify against these. */
  sleutelsUrl: z.string(),
  /** The order as it is now: its history's header (decision 0059). */
  opdracht: opdrachtHistorySchema.omit({ berichten: true, leveringen: true, acties: true }),
  berichten: z.array(dossierBerichtSchema),
  leveringen: z.array(z.record(z.string(), z.unknown())),
  acties: z.array(z.record(z.string(), z.unknown())),
});
export type Dossier = z.infer<typeof dossierSchema>;

/**
 * The file: the dossier, its signature — a compact JWS with detached payload over the dossier's
 * RFC 8785 canonical JSON — and the public keys that signed it and its receipts, for reading
 * offline (the verifier trusts them only when told to: the published ones decide).
 */
export const dossierFileSchema = z.object({
  bewijsdossier: dossierSchema,
  handtekening: z.string(),
  sleutels: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
});
export type DossierFile = z.infer<typeof dossierFileSchema>;
