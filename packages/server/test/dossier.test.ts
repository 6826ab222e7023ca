import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { EXAMPLE_BERICHTEN, OPDRACHT_TEXTS, opdrachtHistorySchema } from '@knooppunt/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { messages, opdrachten } from '../src/db/schema';
import { VERIFY_TEXTS } from '../src/receipts/dossier-verify';
import { dossierFileSchema, type DossierFile } from '../src/receipts/dossier-format';
import { runRetention } from '../src/retention/run';
import { bearer, createListeningTestApp, systemHeaders, tokenFor, type TestApp } from './helpers';

/*
 * The evidence file (issue 32 item 4, decision 0062): drawn up for a party of the order, checked
 * offline by `npm run knooppunt -- verify` against the published keys; each kind of tampering fails.
 */

let t: TestApp;
let dir: string;
let keysFile: string;

beforeAll(async () => {
  t = await createListeningTestApp({ ROLE: 'all' });
  dir = await mkdtemp(path.join(tmpdir(), 'knooppunt-dossier-'));
  keysFile = path.join(dir, 'sleutels.json');
  await writeFile(keysFile, (await t.app.inject({ method: 'GET', url: '/api/v1/sleutels' })).body);
});
afterAll(() => t.close());

const system = (deelnemer: string) => systemHeaders(t, deelnemer);

/** An order given by Netbeheer_Noord to Aannemer_Alfa, its Opdracht delivered (with its receipt). */
async function deliveredOrder(opdrachtId: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/berichten',
    headers: await system('Netbeheer_Noord'),
    payload: {
      ...EXAMPLE_BERICHTEN.Opdracht,
      opdrachtId,
      data: { ...EXAMPLE_BERICHTEN.Opdracht.data, opdrachtnemer: 'Aannemer_Alfa', omschrijving: 'Ĳsselkade 3 — €' },
    },
  });
  expect(response.statusCode).toBe(202);
  const id = response.json<{ id: string }>().id;
  for (const until = Date.now() + 10_000; Date.now() < until;) {
    const [row] = await t.app.db.select().from(messages).where(eq(messages.id, id));
    if (row?.receipt) return id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the Opdracht was not delivered');
}

async function download(opdrachtId: string, deelnemer = 'Aannemer_Alfa'): Promise<DossierFile> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/opdrachten/${opdrachtId}/bewijsdossier`,
    headers: await system(deelnemer),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-disposition']).toContain(`bewijsdossier-${opdrachtId}.json`);
  return dossierFileSchema.parse(response.json());
}

async function verify(file: DossierFile | string, keys: string | null = keysFile) {
  const target = path.join(dir, `dossier-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(target, typeof file === 'string' ? file : JSON.stringify(file, null, 2));
  const out: string[] = [];
  const code = await runCli(
    ['verify', target, ...(keys ? ['--sleutels', keys] : [])],
    {},
    (line) => void out.push(line),
    (line) => void out.push(line),
  );
  return { code, out };
}

const copy = (file: DossierFile) => structuredClone(file);

describe('the evidence file', { timeout: 60_000 }, () => {
  it('verifies offline with the published keys: signature, hash and receipt of every message', async () => {
    const id = await deliveredOrder('DOSSIER-1');
    const file = await download('DOSSIER-1');
    const [bericht] = file.bewijsdossier.berichten;
    expect(bericht).toMatchObject({ id, type: 'Opdracht', sender: 'Netbeheer_Noord', receiver: 'Aannemer_Alfa' });
    expect(bericht?.body).toContain('Ĳsselkade 3 — €');
    expect(file.bewijsdossier.sleutelsUrl).toMatch(/\/api\/v1\/sleutels$/);

    const result = await verify(file);
    expect(result.out.at(-1)).toBe(`✓ ${VERIFY_TEXTS.allHolds}`);
    expect(result.code).toBe(0);
    expect(result.out.some((line) => line.startsWith('✓ Handtekening van het dossier klopt'))).toBe(true);
    expect(result.out).toContain(`✓ ${VERIFY_TEXTS.bericht(bericht!)}: ${VERIFY_TEXTS.bodyOk}`);
    expect(result.out.some((line) => line.includes('ontvangstbewijs klopt: afgeleverd'))).toBe(true);

    // Without keys it uses the file's own, and says that this proves nothing by itself.
    const own = await verify(file, null);
    expect(own.code).toBe(0);
    expect(own.out[0]).toBe(`✓ ${VERIFY_TEXTS.keysFromDossier(file.bewijsdossier.sleutelsUrl)}`);
  });

  it('fails on one byte of a payload, a time, a receipt, or a key that is not Knooppunt’s', async () => {
    await deliveredOrder('DOSSIER-2');
    const file = await download('DOSSIER-2', 'Netbeheer_Noord');
    const name = VERIFY_TEXTS.bericht(file.bewijsdossier.berichten[0]!);

    const payload = copy(file);
    payload.bewijsdossier.berichten[0]!.body = payload.bewijsdossier.berichten[0]!.body!.replace(
      'Ĳsselkade 3',
      'Ĳsselkade 4',
    );
    const byPayload = await verify(payload);
    expect(byPayload.code).toBe(1);
    expect(byPayload.out).toContain(`✗ ${VERIFY_TEXTS.signatureBad}`);
    expect(byPayload.out).toContain(`✗ ${name}: ${VERIFY_TEXTS.bodyBad}`);

    const time = copy(file);
    time.bewijsdossier.berichten[0]!.deliveredAt = new Date(
      Date.parse(time.bewijsdossier.berichten[0]!.deliveredAt!) - 86_400_000,
    ).toISOString();
    const byTime = await verify(time);
    expect(byTime.code).toBe(1);
    expect(byTime.out).toContain(`✗ ${VERIFY_TEXTS.signatureBad}`);
    expect(byTime.out).toContain(`✗ ${name}: ${VERIFY_TEXTS.receiptDiffers(['deliveredAt'])}`);

    // A receipt's claims changed (a later status): the dossier's own signature fails, and the
    // receipt no longer matches what its batch signed.
    const receipt = copy(file);
    receipt.bewijsdossier.berichten[0]!.receipt!.claims.status = 204;
    const byReceipt = await verify(receipt);
    expect(byReceipt.code).toBe(1);
    expect(byReceipt.out).toContain(`✗ ${VERIFY_TEXTS.signatureBad}`);
    expect(byReceipt.out).toContain(`✗ ${name}: ${VERIFY_TEXTS.receiptChanged}`);

    // A receipt's signed batch changed: its signature fails.
    const batch = copy(file);
    const signed = batch.bewijsdossier.berichten[0]!.receipt!;
    signed.batch = `${signed.batch.slice(0, -3)}${signed.batch.endsWith('A') ? 'B' : 'A'}${signed.batch.slice(-2)}`;
    const byBatch = await verify(batch);
    expect(byBatch.code).toBe(1);
    expect(byBatch.out).toContain(`✗ ${name}: ${VERIFY_TEXTS.receiptBad}`);

    // Verified against keys that are not Knooppunt's: nothing holds.
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const foreign = path.join(dir, 'vreemd.json');
    await writeFile(foreign, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'vreemd' }] }));
    const byForeignKeys = await verify(file, foreign);
    expect(byForeignKeys.code).toBe(1);
    expect(byForeignKeys.out.some((line) => line.startsWith('✗ De sleutel waarmee het dossier is ondertekend'))).toBe(
      true,
    );

    // Not a dossier at all.
    expect((await verify('{"niet":"een dossier"}')).out).toEqual([`✗ ${VERIFY_TEXTS.unreadable}`]);
  });

  it('after retention removed the payload, the dossier keeps the receipt’s hash and still verifies', async () => {
    await deliveredOrder('DOSSIER-3');
    await t.app.db
      .update(opdrachten)
      .set({ status: 900, statusText: 'Gereed' })
      .where(eq(opdrachten.opdrachtId, 'DOSSIER-3'));
    await runRetention(t.app.db, { messageDays: 0, auditDays: 730, testDays: 30 }, { pauseMs: 0 });
    const file = await download('DOSSIER-3');
    const [bericht] = file.bewijsdossier.berichten;
    expect(bericht?.body).toBeNull();
    expect(bericht?.payloadRemovedAt).not.toBeNull();
    expect(bericht?.bodySha256).toMatch(/^[0-9a-f]{64}$/);
    const result = await verify(file);
    expect(result.code).toBe(0);
    expect(result.out.some((line) => line.includes('inhoud verwijderd na de bewaartermijn'))).toBe(true);
  });

  it('answers a non-party and an unknown order alike; the portal and the PDF', async () => {
    await deliveredOrder('DOSSIER-4');
    const asOther = await t.app.inject({
      method: 'GET',
      url: '/api/v1/opdrachten/DOSSIER-4/bewijsdossier',
      headers: await system('Aannemer_Beta'),
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/opdrachten/BESTAAT-NIET/bewijsdossier',
      headers: await system('Aannemer_Alfa'),
    });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.body).toBe(unknown.body);
    expect(asOther.json()).toEqual({ message: OPDRACHT_TEXTS.notFound });

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/opdrachten/DOSSIER-4',
      headers: await system('Aannemer_Alfa'),
    });
    expect(history.statusCode).toBe(200);
    expect(opdrachtHistorySchema.parse(history.json()).berichten).toHaveLength(1);
    const historyAsOther = await t.app.inject({
      method: 'GET',
      url: '/api/v1/opdrachten/DOSSIER-4',
      headers: await system('Aannemer_Beta'),
    });
    expect(historyAsOther.statusCode).toBe(404);
    expect(historyAsOther.body).toBe(unknown.body);

    const pdf = await t.app.inject({
      method: 'GET',
      url: '/api/v1/opdrachten/DOSSIER-4/bewijsdossier?formaat=pdf',
      headers: await system('Netbeheer_Noord'),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const superUser = bearer(await tokenFor(t, { roles: ['Beheer ziet alles'], amr: ['pwd', 'otp', 'mfa'] }));
    const portal = await t.app.inject({
      method: 'GET',
      url: '/rest/opdrachten/DOSSIER-4/bewijsdossier',
      headers: superUser,
    });
    expect(portal.statusCode).toBe(200);
    expect(dossierFileSchema.parse(portal.json()).bewijsdossier.opdracht.opdrachtId).toBe('DOSSIER-4');
    const otherUser = bearer(await tokenFor(t, { roles: ['Beheer Monitoring'], deelnemer: 'Netbeheer_Zuid' }));
    const portalOther = await t.app.inject({
      method: 'GET',
      url: '/rest/opdrachten/DOSSIER-4/bewijsdossier',
      headers: otherUser,
    });
    expect(portalOther.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/rest/opdrachten/DOSSIER-4/bewijsdossier' })).statusCode).toBe(
      401,
    );
    const badFormat = await t.app.inject({
      method: 'GET',
      url: '/rest/opdrachten/DOSSIER-4/bewijsdossier?formaat=docx',
      headers: superUser,
    });
    expect(badFormat.statusCode).toBe(400);
    expect(JSON.stringify(badFormat.json())).toContain('formaat');
  });
});
