import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { deliveryReceiptClaimsSchema } from '@knooppunt/domain';
import { buildApp } from '../src/app';
import { CLI_TEXTS, runCli } from '../src/cli';
import { loadConfig } from '../src/config';
import { auditLog, messages, orderHeads } from '../src/db/schema';
import { publishedReceiptKeys, rotateReceiptKey } from '../src/receipts/keys';
import { createReceiptSigner, RECEIPT_TYP } from '../src/receipts/signer';
import type { Database } from '../src/db/client';
import { VERSIENUMMER, bodyOf, eventually, seedReceiver, submit, useDeliveryResources } from './support/delivery';

const { fixture, receiver } = useDeliveryResources();

/** Verifies a receipt as a party would: against the published keys only. */
async function verified(db: Database, jws: string) {
  const keys = createLocalJWKSet(await publishedReceiptKeys(db));
  const { payload, protectedHeader } = await jwtVerify(jws, keys, { typ: RECEIPT_TYP, algorithms: ['ES256'] });
  return { claims: deliveryReceiptClaimsSchema.parse(payload), kid: protectedHeader.kid };
}

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
      const { claims, kid } = await verified(f.db, row!.receipt!);
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
      expect(kid).toBe(decodeProtectedHeader(row!.receipt!).kid);
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
    const [row] = await f.db.select().from(messages).where(eq(messages.id, id));
    const receipt = row!.receipt!;
    const { kid: before } = await verified(f.db, receipt);

    // One character of the claims changed: the signature no longer holds.
    const [header, payload, signature] = receipt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, status: 201 })).toString('base64url');
    await expect(verified(f.db, `${header}.${forged}.${signature}`)).rejects.toThrow(/signature/);

    // Rotated: the new key signs, the retired one is still published and verifies the old receipt.
    const rotation = await rotateReceiptKey(f.db, { sub: 'test', email: 'test' });
    expect(rotation.retired).toBe(before);
    expect((await publishedReceiptKeys(f.db)).keys.map((key) => key.kid)).toEqual([before, rotation.kid]);
    expect((await verified(f.db, receipt)).kid).toBe(before);
    const signer = await createReceiptSigner(f.db, { refreshMs: 20 });
    try {
      expect(decodeProtectedHeader(signer.sign({ a: 1 })).kid).toBe(rotation.kid);
    } finally {
      signer.stop();
    }
    // The published set holds public keys only.
    for (const key of (await publishedReceiptKeys(f.db)).keys) expect(key).not.toHaveProperty('d');
  });

  it('a running signer moves to a rotated key within its refresh', async () => {
    const f = await fixture();
    const signer = await createReceiptSigner(f.db, { refreshMs: 20 });
    try {
      const before = decodeProtectedHeader(signer.sign({})).kid;
      const { kid } = await rotateReceiptKey(f.db, { sub: 'test', email: 'test' });
      expect(kid).not.toBe(before);
      await eventually(() => expect(decodeProtectedHeader(signer.sign({})).kid).toBe(kid));
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
