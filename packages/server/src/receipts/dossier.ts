import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { decodeProtectedHeader } from 'jose';
import { sql } from 'drizzle-orm';
import type { Omgeving, OpdrachtHistory } from '@knooppunt/domain';
import { queryRows, type Database } from '../db/client';
import { callbackBody } from '../delivery/body';
import { receiptView } from './claims';
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

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The canonical JSON the dossier's signature covers (RFC 8785). */
export function canonicalDossier(dossier: Dossier): string {
  const text = canonicalize(dossier);
  if (text === undefined) throw new Error('the dossier has no canonical form');
  return text;
}

interface PayloadRow extends Record<string, unknown> {
  id: string;
  data_json: string;
  receipt: string | null;
  receipt_batch: string | null;
  data_removed_at: Date | string | null;
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
    sql`select m.id, m.data::text as data_json, m.receipt, rb.jws as receipt_batch, m.data_removed_at
        from messages m left join receipt_batches rb on rb.id = split_part(m.receipt, '.', 1)::uuid
        where m.opdracht_id = ${history.opdrachtId}`,
  );
  const payloads = new Map(rows.map((row) => [row.id, row]));
  const berichten = history.berichten.map((bericht): DossierBericht => {
    const row = payloads.get(bericht.id);
    const removed = row?.data_removed_at != null;
    const body =
      row && !removed
        ? callbackBody({
            id: bericht.id,
            opdrachtId: history.opdrachtId,
            type: bericht.type,
            versienummer: bericht.versienummer,
            sender: bericht.sender,
            dataJson: row.data_json,
          })
        : null;
    const receipt = row
      ? receiptView(row.receipt, row.receipt_batch, { ...bericht, opdrachtId: history.opdrachtId })
      : null;
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
      bodySha256: body !== null ? sha256(body) : (receipt?.claims.sha256 ?? null),
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
