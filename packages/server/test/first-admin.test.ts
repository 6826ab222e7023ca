import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor } from '@knooppunt/domain';
import { buildApp } from '../src/app';
import { CLI_TEXTS, runCli } from '../src/cli';
import { loadConfig } from '../src/config';
import { auditLog, organisations, users } from '../src/db/schema';
import { verifyPassword } from '../src/idp/passwords';
import { createMailer } from '../src/mail/outbox';
import { FIRST_ADMIN_ROLES, FIRST_ADMIN_TEXTS, ensureFirstAdministrator } from '../src/setup/first-admin';
import { createTestApp, logCollector, type TestApp } from './helpers';
import { linkIn, startInbox, type Inbox } from './support/smtp';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** The command as the operator runs it: its own process (tsx), with the given environment. */
function runCommand(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

const noLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function setPassword(t: TestApp, link: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: new URL(link).pathname,
    payload: { password, repeat: password },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the first administrator (DEMO=0, ADMIN_EMAIL, mail on)', () => {
  let inbox: Inbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startInbox();
    t = await createTestApp(
      { DEMO: '0', ADMIN_EMAIL: 'admin@netbedrijf.example', SMTP_URL: inbox.url, ROLE: 'all' },
      { mail: { pollMs: 100 } },
    );
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('is created with the Beheerder roles in a new Knooppunt_Beheer, audited, and invited by mail', async () => {
    const [organisation] = await t.app.db.select().from(organisations);
    expect(organisation).toMatchObject({ organisatie: 'Knooppunt_Beheer', type: 'Beheerder' });
    const all = await t.app.db.select().from(users);
    expect(all.map((user) => [user.email, user.roles, user.passwordHash])).toEqual([
      ['admin@netbedrijf.example', FIRST_ADMIN_ROLES, null],
    ]);
    expect(permissionsFor(FIRST_ADMIN_ROLES)).toMatchObject({ canCreateUser: true, canManageClients: true });
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectId, 'admin@netbedrijf.example'));
    expect(audit).toMatchObject({ action: 'user.create', actor: 'systeem (ADMIN_EMAIL)' });

    const mail = await inbox.waitFor('admin@netbedrijf.example', /Uw account voor Knooppunt beheer/);
    await setPassword(t, linkIn(mail), 'sterk-beheerwachtwoord');
    const [admin] = await t.app.db.select().from(users);
    expect(await verifyPassword('sterk-beheerwachtwoord', admin!.passwordHash)).toBe(true);
  });

  it('is not created again once someone manages users (the next start-up, another process)', async () => {
    const mailer = createMailer({ db: t.app.db, smtp: undefined, log: noLog });
    await ensureFirstAdministrator({
      db: t.app.db,
      config: { ...t.config, adminEmail: 'nog-een@netbedrijf.example' },
      mailer,
      log: noLog,
    });
    expect((await t.app.db.select().from(users)).map((user) => user.email)).toEqual(['admin@netbedrijf.example']);
    expect(inbox.mails).toHaveLength(1);
  });
});

describe('the first administrator without mail', () => {
  it('logs the link once, clearly', async () => {
    const log = logCollector();
    const t = await createTestApp(
      { DEMO: '0', ADMIN_EMAIL: 'admin@netbedrijf.example', LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    try {
      const lines = log.lines.filter((line) => line.msg?.startsWith('Eerste beheerder'));
      expect(lines).toHaveLength(1);
      const url = /https?:\/\/\S+\/account\/wachtwoord\/[\w-]+/.exec(lines[0]!.msg!)?.[0];
      expect(lines[0]!.msg).toBe(FIRST_ADMIN_TEXTS.logged('admin@netbedrijf.example', url!));
      expect((await t.app.inject(new URL(url!).pathname)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('without ADMIN_EMAIL and without users says in one line what to do', async () => {
    const log = logCollector();
    const t = await createTestApp({ DEMO: '0', LOG_LEVEL: 'info' }, { logStream: log.stream });
    try {
      expect(log.lines.filter((line) => line.msg === FIRST_ADMIN_TEXTS.nobody)).toHaveLength(1);
      expect(await t.app.db.select().from(users)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("refuses an ADMIN_EMAIL that belongs to a participant's user", async () => {
    const log = logCollector();
    // Demo data without user managers: the demo's users, then every manager's roles taken away.
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    try {
      await t.app.db.update(users).set({ roles: ['geen'] });
      const mailer = createMailer({ db: t.app.db, smtp: undefined, log: noLog });
      const errors: string[] = [];
      await ensureFirstAdministrator({
        db: t.app.db,
        config: { ...t.config, adminEmail: 'netbeheer@noord.example' },
        mailer,
        log: { ...noLog, error: (_o, message) => void errors.push(message) },
      });
      expect(errors).toEqual([FIRST_ADMIN_TEXTS.otherOrganisation('netbeheer@noord.example', 'Netbeheer_Noord')]);
      const [user] = await t.app.db.select().from(users).where(eq(users.email, 'netbeheer@noord.example'));
      expect(user?.roles).toEqual(['geen']);

      // A user of the operator's own organisation gets the roles back: the recovery of a lost administrator.
      const warnings: string[] = [];
      await ensureFirstAdministrator({
        db: t.app.db,
        config: { ...t.config, adminEmail: 'geen@knooppunt.example' },
        mailer,
        log: { ...noLog, warn: (_o, message) => void warnings.push(message) },
      });
      const [restored] = await t.app.db.select().from(users).where(eq(users.email, 'geen@knooppunt.example'));
      expect(restored?.roles).toEqual(FIRST_ADMIN_ROLES);
      // The log says what happened: roles added to an existing user, nobody created.
      const url = /https?:\/\/\S+\/account\/wachtwoord\/[\w-]+/.exec(warnings[0] ?? '')?.[0];
      expect(warnings).toEqual([FIRST_ADMIN_TEXTS.rolesLogged('geen@knooppunt.example', url!)]);
      expect(warnings[0]).toMatch(/^Beheerrollen toegevoegd aan de bestaande gebruiker geen@knooppunt\.example\./);
    } finally {
      await t.close();
    }
  });
});

describe('npm run knooppunt -- invite', () => {
  let inbox: Inbox | undefined;
  afterAll(() => inbox?.close());

  // Opens its PGlite folder up to six times (two servers, the command's own process, the runs), each
  // starting the database and checking its migrations: past 30 s beside another test file on two
  // busy cores (seen once).
  it(
    'prints a fresh set-password link for an existing user, and refuses an unknown one and bad usage',
    { timeout: 90_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'knooppunt-cli-'));
      inbox = await startInbox();
      const env = {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ROLE: 'api',
        WEB_DIST: '/nonexistent',
        DEMO_RULES: '0',
        SMTP_URL: inbox.url,
        // The address users reach the server at: the command makes its links from it.
        PUBLIC_URL: 'https://knooppunt.netwerkbedrijf.example',
      };
      const server = await buildApp(loadConfig(env));
      const out: string[] = [];
      const err: string[] = [];
      const run = (...args: string[]) =>
        runCli(
          args,
          env,
          (line) => void out.push(line),
          (line) => void err.push(line),
        );
      try {
        // PGlite allows one process: while the server holds the folder the command (its own process) refuses, clearly.
        const refused = await runCommand(['invite', 'beheer@knooppunt.example'], env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(
          `De gegevensmap ${path.join(dataDir, 'pgdata')} is in gebruik door proces ${process.pid}`,
        );
      } finally {
        await server.close();
      }

      err.splice(0);
      expect(await run('invite', 'Beheer@Knooppunt.example')).toBe(0);
      expect(out[0]).toBe(`Database: PGlite in ${path.join(dataDir, 'pgdata')}`);
      const link = out.find((line) => line.includes('/account/wachtwoord/'));
      expect(link).toMatch(/^https:\/\/knooppunt\.netwerkbedrijf\.example\/account\/wachtwoord\/[\w-]{40,}$/);
      expect(out.at(-1)).toBe('De link is ook gemaild naar beheer@knooppunt.example.');
      expect(linkIn(await inbox.waitFor('beheer@knooppunt.example'))).toBe(link);
      expect(await run('invite', 'niemand@nergens.example')).toBe(1);
      expect(err.join('\n')).toContain('Geen gebruiker met e-mailadres niemand@nergens.example');
      expect(await run('invite')).toBe(2);
      // Without PUBLIC_URL it would link to localhost: it refuses instead.
      err.splice(0);
      expect(
        await runCli(
          ['invite', 'beheer@knooppunt.example'],
          { ...env, PUBLIC_URL: undefined },
          () => undefined,
          (line) => void err.push(line),
        ),
      ).toBe(1);
      expect(err).toEqual([CLI_TEXTS.noPublicUrl]);

      // The printed link works on the server.
      const again = await buildApp(loadConfig(env));
      try {
        const page = await again.inject(new URL(link!).pathname);
        expect(page.statusCode).toBe(200);
        const [audit] = await again.db.select().from(auditLog).where(eq(auditLog.action, 'user.password-link'));
        expect(audit).toMatchObject({ subjectId: 'beheer@knooppunt.example', actor: 'systeem (npm run knooppunt)' });
      } finally {
        await again.close();
      }
    },
  );

  // On PostgreSQL the server and the command share the database at once (the CI's second server run).
  it.runIf(process.env.TEST_DATABASE_URL)('works beside a running server on PostgreSQL', async () => {
    const t = await createTestApp();
    const out: string[] = [];
    try {
      if (t.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const env = { DATABASE_URL: t.config.database.url, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:8080' };
      expect(await runCli(['invite', 'beheer@knooppunt.example'], env, (line) => void out.push(line))).toBe(0);
      const link = out.find((line) => line.includes('/account/wachtwoord/'));
      expect((await t.app.inject(new URL(link!).pathname)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
