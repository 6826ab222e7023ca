import canonicalize from 'canonicalize';
import { decodeProtectedHeader } from 'jose';
import { sql } from 'drizzle-orm';
import type { Omgeving, OpdrachtHistory } from '@knooppunt/domain';
import { queryRows, type Database } from '../db/client';
import { callbackBody } from '../delivery/body';
import { sha256Hex } from './claims';
import { currentReceiptKey, publishedReceiptKeys } from './keys';
import {
  DOSSIER_KIND,
  DOSSIER_TYP,
  dossierSchema,
  type Dossier,
  type DossierBericht,
  type DossierFile,
} from './dossier-format';
import { signDetached } from './signer';

/** The canonical JSON the dossier's signature covers (RFC 8785). */
export function canonicalDossier(dossier: Dossier): string {
  const text = canonicalize(dossier);
  if (text === undefined) throw new Error('the dossier has no canonical form');
  return text;
}

interface PayloadRow extends Record<string, unknown> {
  id: string;
  data_json: string;
}

/**
 * The evidence file of an order (decision 0062), drawn up now from its history — which the
 * caller fetched for this viewer, so tenancy is decided already — and its messages' payloads and
 * receipts. Each body is rebuilt exactly as the worker POSTed it (delivery/body.ts), so that its
 * hash is the receipt's. Signed with the current receipt key.
 */
export async function buildDossier(
  db: Database,
  history: OpdrachtHistory,
  options: { omgeving: Omgeving; keysUrl: string; now?: Date },
): Promise<DossierFile> {
  const rows = await queryRows<PayloadRow>(
    db,
    // The history has the rest (receipts, removed payloads); the bodies need the data as stored.
    sql`select id, data::text as data_json from messages where opdracht_id = ${history.opdrachtId}`,
  );
  const payloads = new Map(rows.map((row) => [row.id, row]));
  const berichten = history.berichten.map((bericht): DossierBericht => {
    const row = payloads.get(bericht.id);
    const body =
      row && !bericht.dataRemoved
        ? callbackBody({
            id: bericht.id,
            opdrachtId: history.opdrachtId,
            type: bericht.type,
            versienummer: bericht.versienummer,
            sender: bericht.sender,
            dataJson: row.data_json,
          })
        : null;
    const { receipt } = bericht;
    return {
      id: bericht.id,
      type: bericht.type,
      versienummer: bericht.versienummer,
      sender: bericht.sender,
      receiver: bericht.receiver,
      acceptedAt: bericht.created,
      deliveredAt: bericht.deliveredAt,
      attempts: bericht.failedAttempts,
      lastError: bericht.err?.msg ?? null,
      status: bericht.status,
      statusText: bericht.statusText,
      body,
      bodySha256: body !== null ? sha256Hex(body) : (receipt?.claims.sha256 ?? null),
      payloadRemovedAt: bericht.dataRemoved?.at ?? null,
      receipt,
    };
  });
  const { leveringen, acties } = history;
  // The order's fields the format names, and no others: what is signed is what the format says.
  const opdracht = dossierSchema.shape.opdracht.parse(history);
  const dossier: Dossier = {
    kind: DOSSIER_KIND,
    versie: 1,
    opgesteld: (options.now ?? new Date()).toISOString(),
    omgeving: options.omgeving,
    sleutelsUrl: options.keysUrl,
    opdracht,
    berichten,
    leveringen,
    acties,
  };
  const key = await currentReceiptKey(db);
  const handtekening = signDetached(key, DOSSIER_TYP, canonicalDossier(dossier));
  const used = new Set([
    key.kid,
    ...berichten.flatMap((b) => (b.receipt ? [decodeProtectedHeader(b.receipt.batch).kid] : [])),
  ]);
  const { keys } = await publishedReceiptKeys(db);
  return { bewijsdossier: dossier, handtekening, sleutels: { keys: keys.filter((jwk) => used.has(jwk.kid)) } };
}
