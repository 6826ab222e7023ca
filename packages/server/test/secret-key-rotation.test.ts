import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ConfigKey } from '@knooppunt/domain';
import { buildApp } from '../src/app';
import { runCli } from '../src/cli';
import { ROTATE_TEXTS } from '../src/cli/rotate-secret-key';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { auditLog, configurations, webhookSecrets } from '../src/db/schema';
import { createAuditService } from '../src/audit/service';
import { createWebhookSecretsService } from '../src/modules/webhook-secrets/service';
import { createSecretCipher } from '../src/secrets/cipher';
import { assertSecretKeyFits, SECRET_KEY_TEXTS, StartupError } from '../src/secrets/check';
import { secretContext, webhookSecretContext } from '../src/secrets/context';
import { createTestApp, serviceUser } from './helpers';

/*
 * `npm run knooppunt -- rotate-secret-key` (issue 29 item 2, decision 0046): every stored secret —
 * the configurations' client secrets of production and of the test environment — under a new key,
 * in one transaction.
 */

const key = () => randomBytes(32).toString('base64');

async function dataDirEnv() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-rotate-'));
  return { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'api', WEB_DIST: '/nonexistent', DEMO_RULES: '0' };
}

async function command(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    ['rotate-secret-key'],
    env,
    (line) => void out.push(line),
    (line) => void err.push(line),
  );
  return { code, out, err: err.join('\n') };
}

/** Every stored client secret of one environment: its row id and ciphertext. */
async function stored(db: Database) {
  const rows = await db.select().from(configurations).orderBy(configurations.id);
  return rows.map((row) => ({ ...row, context: secretContext(row.deelnemer, row.versienummer) }));
}

/** The demo's configurations and the receivers' signing secrets in both environments, read with a key: every secret decrypts. */
async function readsEverySecret(app: FastifyInstance, base64: string) {
  const cipher = createSecretCipher(Buffer.from(base64, 'base64'));
  for (const db of [app.db, app.testDb]) {
    for (const row of await stored(db)) expect(cipher.decrypt(row.clientSecretEncrypted, row.context)).toBeTruthy();
    for (const row of await db.select().from(webhookSecrets)) {
      const context = webhookSecretContext(row.deelnemer, row.versienummer);
      for (const secret of [row.secretEncrypted, row.previousSecretEncrypted ?? row.secretEncrypted]) {
        expect(cipher.decrypt(secret, context)).toMatch(/^whsec_/);
      }
    }
  }
}

/**
 * Signing secrets (decision 0061) under the key: a production receiver's rotated once (its
 * previous secret still signing) and a test receiver's. Answers how many pairs per environment.
 */
async function storeWebhookSecrets(app: FastifyInstance, base64: string) {
  const cipher = createSecretCipher(Buffer.from(base64, 'base64'));
  const user = serviceUser(['Beheer ziet alles', 'Opdrachtverstrekking Beheren'], 'Knooppunt_Beheer');
  const make = (db: Database) =>
    createWebhookSecretsService({ db, audit: createAuditService(), cipher, graceHours: 24 });
  const [productie] = await stored(app.db);
  const [test] = await stored(app.testDb);
  const key = (row: { deelnemer: string; versienummer: string }) => ({
    deelnemer: row.deelnemer,
    versienummer: row.versienummer as ConfigKey['versienummer'],
  });
  await make(app.db).issue(user, key(productie!));
  await make(app.db).issue(user, key(productie!));
  await make(app.testDb).issue(user, key(test!));
  expect((await app.db.select().from(webhookSecrets))[0]?.previousSecretEncrypted).not.toBeNull();
  return { productie: 1, test: 1 };
}

// Each opens its PGlite folder up to five times (servers and the command), each time starting the
// database and checking its migrations: seconds apiece on a busy machine.
const SLOW = { timeout: 90_000 };

describe('rotate-secret-key with SECRET_KEY', () => {
  it(
    're-encrypts every secret of production and of the test environment; then only the new key starts',
    SLOW,
    async () => {
      const env = await dataDirEnv();
      const oldKey = key();
      const newKey = key();
      // The demo stores configurations with client secrets in production and in the test environment.
      const first = await buildApp(loadConfig({ ...env, SECRET_KEY: oldKey }));
      const productie = (await stored(first.db)).length;
      const test = (await stored(first.testDb)).length;
      expect(productie).toBeGreaterThan(0);
      expect(test).toBeGreaterThan(0);
      const webhookSecretCounts = await storeWebhookSecrets(first, oldKey);
      await first.close();

      const withoutNewKey = await command({ ...env, SECRET_KEY: oldKey });
      expect(withoutNewKey).toMatchObject({ code: 1, err: ROTATE_TEXTS.newKeyNeeded });
      expect(await command({ ...env, SECRET_KEY: oldKey, NEW_SECRET_KEY: 'kort' })).toMatchObject({
        code: 1,
        err: ROTATE_TEXTS.badKey('NEW_SECRET_KEY'),
      });

      const rotated = await command({ ...env, SECRET_KEY: oldKey, NEW_SECRET_KEY: newKey });
      expect(rotated.err).toBe('');
      expect(rotated).toMatchObject({ code: 0 });
      expect(rotated.out).toEqual([
        `Database: PGlite in ${path.join(env.DATA_DIR, 'pgdata')}`,
        ROTATE_TEXTS.done({ clientSecrets: { productie, test }, webhookSecrets: webhookSecretCounts }),
        ROTATE_TEXTS.setSecretKey,
      ]);

      // The new key starts the server and reads every secret; the rotation is in the audit log.
      const again = await buildApp(loadConfig({ ...env, SECRET_KEY: newKey }));
      try {
        await readsEverySecret(again, newKey);
        const [entry] = await again.db.select().from(auditLog).where(eq(auditLog.action, 'secrets.rotate'));
        expect(entry).toMatchObject({
          actor: 'systeem (npm run knooppunt)',
          after: { opnieuwVersleuteld: { productie, test }, ondertekeningsgeheimen: webhookSecretCounts },
        });
        // The old key is refused at start-up.
        const old = createSecretCipher(Buffer.from(oldKey, 'base64'));
        await expect(assertSecretKeyFits([again.db, again.testDb], old)).rejects.toBeInstanceOf(StartupError);
      } finally {
        await again.close();
      }
      await expect(buildApp(loadConfig({ ...env, SECRET_KEY: oldKey }))).rejects.toThrow(/^SECRET_KEY past niet/);
    },
  );
});

describe('rotate-secret-key with the key in DATA_DIR/secret.key', () => {
  it(
    'changes nothing when a secret cannot be read midway, and replaces the key file after the commit',
    SLOW,
    async () => {
      const env = await dataDirEnv();
      const keyFile = path.join(env.DATA_DIR, 'secret.key');
      // Without SECRET_KEY the embedded server generates its key into the data folder.
      const first = await buildApp(loadConfig(env));
      const oldKey = (await readFile(keyFile, 'utf8')).trim();
      const before = await stored(first.db);
      // A test configuration whose secret the key cannot read: production's are re-encrypted first.
      const [broken] = await stored(first.testDb);
      await first.testDb
        .update(configurations)
        .set({ clientSecretEncrypted: createSecretCipher(randomBytes(32)).encrypt('x', broken!.context) })
        .where(eq(configurations.id, broken!.id));
      await first.close();

      const failed = await command(env);
      expect(failed.code).toBe(1);
      expect(failed.err).toContain(
        `het client secret van de configuratie ${broken!.deelnemer} ${broken!.versienummer} versie ${broken!.version} (test)`,
      );
      expect(failed.err).toContain('er is niets veranderd');
      // Nothing changed: production's secrets as they were, the same key file, nothing beside it.
      expect(await readFile(keyFile, 'utf8')).toBe(oldKey);
      expect(await readdir(env.DATA_DIR)).toEqual(
        expect.not.arrayContaining([expect.stringMatching(/^secret\.key\./)]),
      );
      const reopened = await buildApp(loadConfig({ ...env, SECRET_KEY: oldKey }));
      try {
        expect((await stored(reopened.db)).map((row) => row.clientSecretEncrypted)).toEqual(
          before.map((row) => row.clientSecretEncrypted),
        );
        expect(await reopened.db.select().from(auditLog).where(eq(auditLog.action, 'secrets.rotate'))).toEqual([]);
        await reopened.testDb
          .update(configurations)
          .set({ clientSecretEncrypted: broken!.clientSecretEncrypted })
          .where(eq(configurations.id, broken!.id));
      } finally {
        await reopened.close();
      }

      // Repaired: a new key is made and takes the file's place; the previous one is kept beside it.
      const rotated = await command(env);
      expect(rotated).toMatchObject({ code: 0, err: '' });
      const newKey = (await readFile(keyFile, 'utf8')).trim();
      expect(newKey).not.toBe(oldKey);
      const kept = (await readdir(env.DATA_DIR)).filter((name) => /^secret\.key\.\d{8}T\d{6}Z\.old$/.test(name));
      expect(kept).toHaveLength(1);
      expect((await readFile(path.join(env.DATA_DIR, kept[0]!), 'utf8')).trim()).toBe(oldKey);
      expect(existsSync(`${keyFile}.new`)).toBe(false);
      expect(rotated.out.at(-1)).toBe(ROTATE_TEXTS.fileReplaced(keyFile, path.join(env.DATA_DIR, kept[0]!)));

      const again = await buildApp(loadConfig(env));
      try {
        await readsEverySecret(again, newKey);
      } finally {
        await again.close();
      }
      await expect(buildApp(loadConfig({ ...env, SECRET_KEY: oldKey }))).rejects.toThrow(
        SECRET_KEY_TEXTS.mismatch('', '').slice(0, 40),
      );
    },
  );
});

// On PostgreSQL the command shares the database with a server, as the CI's second server run does.
it.runIf(process.env.TEST_DATABASE_URL)('rotate-secret-key on PostgreSQL', async () => {
  const t = await createTestApp();
  try {
    if (t.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const newKey = key();
    const rotated = await command({
      DATABASE_URL: t.config.database.url,
      SECRET_KEY: t.config.secretKey!,
      NEW_SECRET_KEY: newKey,
      LOG_LEVEL: 'silent',
    });
    expect(rotated).toMatchObject({ code: 0, err: '' });
    await readsEverySecret(t.app, newKey);
    const old = createSecretCipher(Buffer.from(t.config.secretKey!, 'base64'));
    await expect(assertSecretKeyFits([t.app.db, t.app.testDb], old)).rejects.toBeInstanceOf(StartupError);
  } finally {
    await t.close();
  }
});
