import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import canonicalize from 'canonicalize';
import type { DeliveryReceiptClaims } from '@knooppunt/domain';
import { buildApp } from '../src/app';
import { CLI_TEXTS, runCli } from '../src/cli';
import { loadConfig } from '../src/config';
import { auditLog, messages, orderHeads } from '../src/db/schema';
import { publishedReceiptKeys, rotateReceiptKey } from '../src/receipts/keys';
import { receiptClaims, receiptView } from '../src/receipts/claims';
import { createReceiptSigner, RECEIPT_TYP } from '../src/receipts/signer';
import { verifyReceipt } from '../src/receipts/verify-receipt';
import { messageStatus } from '../src/modules/proof/message-status';
import type { Database } from '../src/db/client';
import { VERSIENUMMER, bodyOf, eventually, seedReceiver, submit, useDeliveryResources } from './support/delivery';

const { fixture, receiver } = useDeliveryResources();

/** Verifies a message's receipt as a party would (as the API answers it), against the published keys only. */
async function verified(db: Database, messageId: string) {
  const status = await messageStatus(db, messageId, 'Netbeheer_Test');
  if (!status?.receipt) throw new Error('no receipt');
  const result = await verifyReceipt(status.receipt, createLocalJWKSet(await publishedReceiptKeys(db)));
  if ('failure' in result) throw new Error(`receipt fails: ${result.failure}`);
  return { ...result, receipt: status.receipt };
}

const claimsOf = (n: number): DeliveryReceiptClaims =>
  receiptClaims(
    {
      id: `0b7e5a52-3c1f-4f7e-9d6a-2f1c8e4b9a1${n}`,
      opdrachtId: `O-${n}`,
      type: 'Opdracht',
      versienummer: '2.0',
      sender: 'Netbeheer_Test',
      receiver: 'Aannemer_Alfa',
      created: new Date('2026-11-28T08:00:00Z'),
      failedAttempts: 0,
    },
    { at: new Date('2026-11-28T08:00:01Z'), status: 200, sha256: 'a'.repeat(64) },
  );

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('delivery receipts', { timeout: 60_000 }, () => {
  it('records for every delivered message a signed receipt of the exact bytes the receiver got', async () => {
    const f = await fixture();
    let calls = 0;
    // The second order's first call fails: its receipt says attempt 2.
    const alfa = await receiver({
      status: (request) => (bodyOf(request).opdrachtId === 'O-2' && calls++ === 0 ? 503 : 202),
    });
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    const first = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1', data: { straat: 'Ĳsselkade €' } });
    const second = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-2', data: { n: 2 } });
    await f.db.update(messages).set({ nextAttempt: new Date() });
    f.startWorker();
    // The failed one is due again at once rather than after its backoff; the worker polls each second.
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, second));
      expect(row?.failedAttempts).toBe(1);
    });
    await f.db.update(orderHeads).set({ due: new Date() });

    await eventually(async () => {
      const rows = await f.db.select().from(messages);
      expect(rows.every((row) => row.receipt !== null)).toBe(true);
    });
    for (const [id, attempt] of [
      [first, 1],
      [second, 2],
    ] as const) {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
      const { claims, kid, receipt } = await verified(f.db, id);
      const got = alfa.callbacks.filter((request) => bodyOf(request).id === id).at(-1)!;
      expect(claims).toMatchObject({
        id,
        opdrachtId: row!.opdrachtId,
        type: 'Opdracht',
        versienummer: VERSIENUMMER,
        flow: 'aansluiting',
        sender: 'Netbeheer_Test',
        receiver: 'Aannemer_Alfa',
        sha256: sha256(got.body),
        status: 202,
        attempt,
        acceptedAt: row!.created.toISOString(),
        deliveredAt: row!.deliveredAt!.toISOString(),
      });
      expect(kid).toBe(decodeProtectedHeader(receipt.batch).kid);
    }
  });

  it('a changed receipt or another key does not verify; a rotated key still verifies what it signed', async () => {
    const f = await fixture();
    const alfa = await receiver();
    await seedReceiver(f.db, f.cipher, { deelnemer: 'Aannemer_Alfa', origin: alfa.origin });
    const id = await submit(f.db, { receiver: 'Aannemer_Alfa', opdrachtId: 'O-1' });
    f.startWorker();
    await eventually(async () => {
      const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
      expect(row?.receipt).toBeTruthy();
    });
    const { kid: before, receipt } = await verified(f.db, id);
    const keys = createLocalJWKSet(await publishedReceiptKeys(f.db));

    // A claim changed: its hash is no longer the batch's leaf. A batch changed: its signature fails.
    expect(await verifyReceipt({ ...receipt, claims: { ...receipt.claims, status: 201 } }, keys)).toEqual({
      failure: 'hash',
    });
    const [header, payload, signature] = receipt.batch.split('.') as [string, string, string];
    const leaves = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...leaves, iat: 1 })).toString('base64url');
    expect(await verifyReceipt({ ...receipt, batch: `${header}.${forged}.${signature}` }, keys)).toEqual({
      failure: 'signature',
    });

    // Rotated: the new key signs, the retired one is still published and verifies the old receipt.
    const rotation = await rotateReceiptKey(f.db, { sub: 'test', email: 'test' });
    expect(rotation.retired).toBe(before);
    expect((await publishedReceiptKeys(f.db)).keys.map((key) => key.kid)).toEqual([before, rotation.kid]);
    expect((await verified(f.db, id)).kid).toBe(before);
    const signer = await createReceiptSigner(f.db, { refreshMs: 20 });
    try {
      expect(decodeProtectedHeader(signer.signBatch([claimsOf(1)]).jws).kid).toBe(rotation.kid);
    } finally {
      signer.stop();
    }
    // The published set holds public keys only.
    for (const key of (await publishedReceiptKeys(f.db)).keys) expect(key).not.toHaveProperty('d');
  });

  it('signs a batch once: each receipt verifies at its own index, and at no other', async () => {
    const f = await fixture();
    const signer = await createReceiptSigner(f.db);
    try {
      const claims = [claimsOf(1), claimsOf(2), claimsOf(3)];
      const batch = signer.signBatch(claims);
      const keys = createLocalJWKSet(await publishedReceiptKeys(f.db));
      for (const [index, one] of claims.entries()) {
        // As messages.receipt keeps it: the batch, the index and the claims (base64url of their canonical JSON).
        // As messages.receipt keeps it (the batch, the index and what the message's row does not
        // hold), made whole with the message's row: the claims signed.
        expect(batch.stored[index]!.startsWith(`${batch.id}.${index}.${one.sha256}.200.1.`)).toBe(true);
        expect(receiptView(batch.stored[index]!, batch.jws, one)).toEqual({ claims: one, index, batch: batch.jws });
        expect(await verifyReceipt({ claims: one, index, batch: batch.jws }, keys)).toMatchObject({ claims: one });
        expect(await verifyReceipt({ claims: one, index: (index + 1) % 3, batch: batch.jws }, keys)).toEqual({
          failure: 'hash',
        });
      }
      // The leaf is the SHA-256 of the claims in RFC 8785 canonical JSON, as any verifier computes it.
      const { payload } = await jwtVerify(batch.jws, keys, { typ: RECEIPT_TYP });
      expect(payload.leaves).toEqual(claims.map((one) => sha256(canonicalize(one)!)));
    } finally {
      signer.stop();
    }
  });

  it('a running signer moves to a rotated key within its refresh', async () => {
    const f = await fixture();
    const signer = await createReceiptSigner(f.db, { refreshMs: 20 });
    try {
      const before = decodeProtectedHeader(signer.signBatch([claimsOf(1)]).jws).kid;
      const { kid } = await rotateReceiptKey(f.db, { sub: 'test', email: 'test' });
      expect(kid).not.toBe(before);
      await eventually(() => expect(decodeProtectedHeader(signer.signBatch([claimsOf(1)]).jws).kid).toBe(kid));
    } finally {
      signer.stop();
    }
  });
});

describe('npm run knooppunt -- rotate-receipt-key', { timeout: 60_000 }, () => {
  it('makes a new current key, keeps the old one published, and is audited', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-receipt-key-'));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api', WEB_DIST: '/nonexistent', DEMO_RULES: '0' };
    const first = await buildApp(loadConfig(env));
    const before = await first.inject({ method: 'GET', url: '/api/v1/sleutels' });
    await first.close();
    const [old] = before.json<{ keys: { kid: string }[] }>().keys;
    expect(old?.kid).toBeTruthy();

    const out: string[] = [];
    const code = await runCli(
      ['rotate-receipt-key'],
      env,
      (line) => void out.push(line),
      (line) => void out.push(line),
    );
    expect(code).toBe(0);
    const again = await buildApp(loadConfig(env));
    try {
      const keys = (await again.inject({ method: 'GET', url: '/api/v1/sleutels' })).json<{ keys: { kid: string }[] }>()
        .keys;
      expect(keys.map((key) => key.kid)[0]).toBe(old!.kid);
      expect(keys).toHaveLength(2);
      expect(out).toEqual([
        `Database: PGlite in ${path.join(dataDir, 'pgdata')}`,
        CLI_TEXTS.receiptKeyRotated(keys[1]!.kid, old!.kid),
      ]);
      const [entry] = await again.db.select().from(auditLog).where(eq(auditLog.action, 'receipt-key.rotate'));
      expect(entry).toMatchObject({ subjectId: keys[1]!.kid, before: { kid: old!.kid } });
    } finally {
      await again.close();
    }
  });
});
