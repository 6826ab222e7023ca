/**
 * The operator's command: `npm run knooppunt -- <command>`. It works on the database of the same
 * configuration as the server (DATABASE_URL, else PGlite under DATA_DIR).
 *
 *   invite <e-mailadres>   a fresh one-time set-password link for an existing user: printed here and,
 *                          with SMTP_URL, mailed too (the recovery path for a locked-out administrator)
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { createPasswordLink, PASSWORD_LINK_DAYS } from './idp/password-links';
import { userByEmail } from './idp/users-repository';
import { createMailer } from './mail/outbox';
import { invitationMail } from './mail/templates';
import { createAuditService } from './audit/service';

const USAGE = `Gebruik: npm run knooppunt -- invite <e-mailadres>

  invite <e-mailadres>  maakt een nieuwe eenmalige link om het wachtwoord in te stellen voor een
                        bestaande gebruiker (${PASSWORD_LINK_DAYS} dagen geldig), toont die hier en mailt hem als SMTP_URL is gezet.`;

/** Runs one command; answers the exit code. Output goes through `out` and `err` (tests read them). */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = (line) => void process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): Promise<number> {
  const [command, email, ...rest] = args;
  if (command !== 'invite' || !email || rest.length > 0) {
    err(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  let database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
  const silent = {
    info: () => undefined,
    warn: () => undefined,
    error: (o: object, m: string) => err(`${m} ${JSON.stringify(o)}`),
  };
  const mailer = createMailer({
    db: database.db,
    smtp: config.mail && { url: config.mail.smtpUrl, from: config.mail.from },
    log: silent,
  });
  try {
    const user = await userByEmail(database.db, email);
    if (!user) {
      err(
        `Geen gebruiker met e-mailadres ${email}. Een nieuwe gebruiker maakt u aan in het portaal (Gebruikers) of met ADMIN_EMAIL.`,
      );
      return 1;
    }
    const url = await database.db.transaction(async (tx) => {
      const url = await createPasswordLink(tx, user.id, config.publicUrl);
      await createAuditService().record(
        tx,
        { sub: 'systeem', email: 'systeem (npm run knooppunt)' },
        {
          action: 'user.password-link',
          subjectType: 'user',
          subjectId: user.email,
        },
      );
      await mailer.enqueue(tx, invitationMail(user.email, url, `${config.publicUrl}/`));
      return url;
    });
    out(
      `Link om het wachtwoord van ${user.email} in te stellen (${PASSWORD_LINK_DAYS} dagen geldig, één keer te gebruiken):`,
    );
    out(url);
    if (mailer.enabled) {
      const sent = await mailer.flush();
      out(
        sent > 0
          ? `De link is ook gemaild naar ${user.email}.`
          : 'Mailen lukte nu niet; de server probeert het opnieuw. De link hierboven werkt al.',
      );
    }
    return 0;
  } finally {
    await mailer.stop();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
