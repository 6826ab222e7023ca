import { shownNameProblem } from '@knooppunt/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { organisations, users } from '../db/schema';
import { lookAlikesAmong } from '../lib/skeleton';

/** Findings the warning's text lists; all of them are in its `findings`. */
const SHOWN_IN_WARNING = 50;

export const SHOWN_NAMES_CHECK_TEXTS = {
  warning: (findings: string[]) =>
    `Bestaande namen die Knooppunt nu zou weigeren (besluit 0053; de gegevens zijn niet gewijzigd): ${findings
      .slice(0, SHOWN_IN_WARNING)
      .join('; ')}${findings.length > SHOWN_IN_WARNING ? ` en nog ${findings.length - SHOWN_IN_WARNING}` : ''}.`,
  notNfc: 'is niet in NFC-vorm opgeslagen',
  lookAlike: (other: string) => `lijkt op organisatie ${JSON.stringify(other)}`,
} as const;

/**
 * What the stored organisation names and users' e-mail addresses hold that a new one may no longer
 * (decision 0053): invisible characters, mixed scripts, a form other than NFC, a look-alike of
 * another organisation. Each finding names the stored text (as JSON, so what hides in it shows).
 */
export async function shownNameFindings(db: Database): Promise<string[]> {
  const names = (await db.select({ name: organisations.organisatie }).from(organisations)).map((row) => row.name);
  const emails = (await db.select({ email: users.email }).from(users)).map((row) => row.email);
  const findings: string[] = [];
  const check = (value: string, label: string, singleScript: boolean, extra?: string) => {
    const problems = [
      shownNameProblem(value, label, { singleScript }),
      value.normalize('NFC') === value ? undefined : `${label} ${SHOWN_NAMES_CHECK_TEXTS.notNfc}`,
      extra,
    ].filter((problem): problem is string => problem !== undefined);
    if (problems.length) findings.push(`${JSON.stringify(value)}: ${problems.join(' ')}`);
  };
  const lookAlikes = lookAlikesAmong(names);
  for (const name of names) {
    const other = lookAlikes.get(name);
    check(name, 'Organisatie', true, other === undefined ? undefined : SHOWN_NAMES_CHECK_TEXTS.lookAlike(other));
  }
  for (const email of emails) check(email, 'E-mailadres', true);
  return findings;
}

/** Says the findings once at start-up, as one warning; changes nothing. */
export async function warnOfShownNames(db: Database, log: FastifyBaseLogger): Promise<void> {
  const findings = await shownNameFindings(db);
  if (findings.length) log.warn({ findings }, SHOWN_NAMES_CHECK_TEXTS.warning(findings));
}
