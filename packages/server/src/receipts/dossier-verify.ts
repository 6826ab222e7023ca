import { createLocalJWKSet, decodeProtectedHeader, flattenedVerify, type JSONWebKeySet } from 'jose';
import type { DeliveryReceiptClaims } from '@knooppunt/domain';
import { canonicalDossier } from './dossier';
import { DOSSIER_TYP, dossierFileSchema, type Dossier, type DossierBericht } from './dossier-format';
import { sha256Hex } from './claims';
import { verifyReceipt } from './verify-receipt';

/** One finding of the verifier, in Dutch. */
export interface Check {
  ok: boolean;
  text: string;
}

export const VERIFY_TEXTS = {
  unreadable: 'Dit bestand is geen bewijsdossier van Knooppunt (geen geldige JSON in het verwachte formaat).',
  signatureOk: (kid: string) => `Handtekening van het dossier klopt (sleutel ${kid}).`,
  signatureBad: 'Handtekening van het dossier klopt niet: het dossier is na ondertekening gewijzigd.',
  signatureUnknownKey: (kid: string) =>
    `De sleutel waarmee het dossier is ondertekend (${kid}) staat niet tussen de sleutels van Knooppunt.`,
  bericht: (b: Pick<DossierBericht, 'type' | 'id'>) => `Bericht ${b.type} ${b.id}`,
  bodyOk: 'inhoud klopt met de SHA-256',
  bodyBad: 'inhoud wijkt af van de SHA-256: de inhoud is gewijzigd',
  bodyRemoved: (at: string) => `inhoud verwijderd na de bewaartermijn (${at}); de SHA-256 komt uit het ontvangstbewijs`,
  receiptOk: (c: DeliveryReceiptClaims) =>
    `ontvangstbewijs klopt: afgeleverd ${c.deliveredAt} aan ${c.receiver}, HTTP ${c.status}, poging ${c.attempt}`,
  receiptBad: 'ontvangstbewijs klopt niet: de handtekening is ongeldig of de sleutel onbekend',
  receiptChanged: 'ontvangstbewijs klopt niet: de gegevens wijken af van wat Knooppunt ondertekende',
  receiptDiffers: (fields: string[]) => `ontvangstbewijs wijkt af van het dossier: ${fields.join(', ')}`,
  noReceipt: 'niet afgeleverd via HTTP: geen ontvangstbewijs',
  deliveredWithoutReceipt:
    'afgeleverd zonder ontvangstbewijs (afgeleverd door de simulator of vóór ontvangstbewijzen bestonden)',
  keysFromDossier: (url: string) =>
    `Let op: gecontroleerd met de sleutels die in het dossier zelf staan. Bewezen is het pas met de gepubliceerde sleutels: ${url} (geef ze met --sleutels).`,
  allHolds: 'Alles klopt.',
  notAllHolds: (failed: number) => `${failed} ${failed === 1 ? 'controle klopt' : 'controles kloppen'} niet.`,
} as const;

/** Fields a receipt states that the dossier states too: they must agree. */
function receiptDifferences(bericht: DossierBericht, dossier: Dossier, claims: DeliveryReceiptClaims): string[] {
  const expected: Partial<Record<keyof DeliveryReceiptClaims, unknown>> = {
    id: bericht.id,
    opdrachtId: dossier.opdracht.opdrachtId,
    type: bericht.type,
    versienummer: bericht.versienummer,
    sender: bericht.sender,
    receiver: bericht.receiver,
    acceptedAt: bericht.acceptedAt,
    deliveredAt: bericht.deliveredAt,
    sha256: bericht.bodySha256,
  };
  return Object.entries(expected)
    .filter(([field, value]) => claims[field as keyof DeliveryReceiptClaims] !== value)
    .map(([field]) => field);
}

/**
 * Checks an evidence file offline (decision 0062): the dossier's signature over its canonical JSON,
 * each payload against its hash, each receipt's signature and what it states against the dossier.
 * `keys` are the keys to trust — the published ones, or, with `fromDossier`, those the file
 * carries (then it says so: a forger could carry his own). Answers every finding.
 */
export async function verifyDossier(
  text: string,
  keys: JSONWebKeySet | undefined,
): Promise<{ ok: boolean; checks: Check[] }> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, checks: [{ ok: false, text: VERIFY_TEXTS.unreadable }] };
  }
  const parsed = dossierFileSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, checks: [{ ok: false, text: VERIFY_TEXTS.unreadable }] };
  const file = parsed.data;
  // The signature covers the dossier as written, not as the schema reads it (which drops what it does not know).
  const written = (raw as { bewijsdossier: Dossier }).bewijsdossier;
  const trusted = keys ?? (file.sleutels as JSONWebKeySet);
  const getKey = createLocalJWKSet(trusted);
  const checks: Check[] = [];
  if (!keys) checks.push({ ok: true, text: VERIFY_TEXTS.keysFromDossier(file.bewijsdossier.sleutelsUrl) });

  let kid = '?';
  try {
    kid = decodeProtectedHeader(file.handtekening).kid ?? '?';
  } catch {
    // An unreadable header fails below.
  }
  const [header, payload, signature] = file.handtekening.split('.');
  if (!trusted.keys.some((key) => key.kid === kid)) {
    checks.push({ ok: false, text: VERIFY_TEXTS.signatureUnknownKey(kid) });
  } else {
    try {
      if (payload !== '' || header === undefined || signature === undefined) throw new Error('not detached');
      const canonical = Buffer.from(canonicalDossier(written)).toString('base64url');
      const { protectedHeader } = await flattenedVerify({ protected: header, payload: canonical, signature }, getKey, {
        algorithms: ['ES256'],
      });
      if (protectedHeader?.typ !== DOSSIER_TYP) throw new Error('not a dossier signature');
      checks.push({ ok: true, text: VERIFY_TEXTS.signatureOk(kid) });
    } catch {
      checks.push({ ok: false, text: VERIFY_TEXTS.signatureBad });
    }
  }

  for (const bericht of file.bewijsdossier.berichten) {
    const name = VERIFY_TEXTS.bericht(bericht);
    if (bericht.body !== null) {
      const holds = sha256Hex(bericht.body) === bericht.bodySha256;
      checks.push({ ok: holds, text: `${name}: ${holds ? VERIFY_TEXTS.bodyOk : VERIFY_TEXTS.bodyBad}` });
    } else if (bericht.payloadRemovedAt !== null) {
      checks.push({ ok: true, text: `${name}: ${VERIFY_TEXTS.bodyRemoved(bericht.payloadRemovedAt)}` });
    }
    if (bericht.receipt === null) {
      const text = bericht.deliveredAt ? VERIFY_TEXTS.deliveredWithoutReceipt : VERIFY_TEXTS.noReceipt;
      checks.push({ ok: true, text: `${name}: ${text}` });
      continue;
    }
    const verified = await verifyReceipt(bericht.receipt, getKey);
    if ('failure' in verified) {
      const text = verified.failure === 'signature' ? VERIFY_TEXTS.receiptBad : VERIFY_TEXTS.receiptChanged;
      checks.push({ ok: false, text: `${name}: ${text}` });
      continue;
    }
    const { claims } = verified;
    const differences = receiptDifferences(bericht, file.bewijsdossier, claims);
    checks.push(
      differences.length === 0
        ? { ok: true, text: `${name}: ${VERIFY_TEXTS.receiptOk(claims)}` }
        : { ok: false, text: `${name}: ${VERIFY_TEXTS.receiptDiffers(differences)}` },
    );
  }
  const failed = checks.filter((check) => !check.ok).length;
  checks.push({ ok: failed === 0, text: failed === 0 ? VERIFY_TEXTS.allHolds : VERIFY_TEXTS.notAllHolds(failed) });
  return { ok: failed === 0, checks };
}
