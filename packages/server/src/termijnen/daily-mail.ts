import { sql } from 'drizzle-orm';
import { TERMIJN_TEXTS, flowOf, type Flow } from '@knooppunt/domain';
import { queryRows, type Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { opdrachten } from '../db/schema';
import { periodic } from '../lib/periodic';
import { NamedStatement, value } from '../db/statement';
import type { Mailer } from '../mail/outbox';
import { alertMail, dutchMoment, FLOW_NAMES } from '../mail/templates';
import { deadlinesParameter, deadlinesPastOf, type DeadlineRules } from './deadlines';
import { amsterdamDate, deadlineOf, isWorkingDay } from './working-days';

/**
 * The daily mail about orders past a deadline (issue 32 item 6, decision 0063). Opt-in per
 * netbeheerder ('Termijnen'). Each working day from `hour` (Europe/Amsterdam) on, once: to the
 * addresses of the active configuration of each party of its open orders past a deadline, one mail
 * per party and flow listing its orders — the netbeheerder hears of all of them, each contractor
 * of its own. Every process looks; the netbeheerder's row, locked and marked sent in the same
 * transaction that writes the mails to the outbox, makes it once a day whoever sends.
 */
export interface DeadlineMailOptions {
  db: Database;
  mailer: Pick<Mailer, 'enqueue' | 'wake'>;
  deadlines: DeadlineRules;
  /** The portal's address: the mail links to Opdrachten, narrowed to the orders past a deadline. */
  publicUrl: string;
  /** The hour of the day (Amsterdam) from which the day's mail goes. */
  hour: number;
  checkMs: number;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}

export interface DeadlineMailRun {
  /** Netbeheerders whose mail of the day this run sent (or found nothing to mail for). */
  netbeheerders: string[];
  /** Mails written to the outbox. */
  mails: number;
}

export interface DeadlineMail {
  run(): Promise<DeadlineMailRun>;
  start(): void;
  stop(): Promise<void>;
}

interface LateRow extends Record<string, unknown> {
  opdracht_id: string;
  versienummer: string;
  opdrachtnemer: string;
  status_text: string;
  termijn_id: string;
  started: string | Date;
}

/** One netbeheerder's open orders past a deadline, each with the deadline and its start. */
const lateOrdersOf = new NamedStatement<LateRow, LateRow[]>(
  sql`select ${opdrachten.opdrachtId} as opdracht_id, ${opdrachten.versienummer} as versienummer,
        ${opdrachten.opdrachtnemer} as opdrachtnemer, ${opdrachten.statusText} as status_text, late.termijn_id, late.started
      from ${opdrachten}
      cross join lateral (${deadlinesPastOf(opdrachten)}) as late
      where ${opdrachten.opdrachtgever} = ${value('netbeheerder')}
      order by ${opdrachten.opdrachtId}, late.termijn_id`,
  (rows) => rows,
);

const TEXTS = {
  subject: (count: number, netbeheerder: string, flow: Flow) =>
    `${count} ${count === 1 ? 'opdracht' : 'opdrachten'} ${FLOW_NAMES[flow]} van ${netbeheerder} over de termijn`,
  intro: (netbeheerder: string) =>
    `Deze opdrachten van ${netbeheerder} zijn over een termijn die ${netbeheerder} in Knooppunt heeft vastgelegd:`,
  line: (row: {
    opdrachtId: string;
    opdrachtnemer: string;
    statusText: string;
    omschrijving: string;
    uiterlijk: Date;
  }) =>
    `Opdracht ${row.opdrachtId} (${row.opdrachtnemer}, ${row.statusText}): ${row.omschrijving}, uiterlijk ${dutchMoment(row.uiterlijk)}.`,
  outro:
    'U krijgt deze mail elke werkdag zolang een opdracht over de termijn is. De netbeheerder zet hem aan of uit op het scherm Termijnen.',
  link: 'Bekijk de opdrachten in Knooppunt',
} as const;

export function createDeadlineMail(options: DeadlineMailOptions): DeadlineMail {
  const { db, mailer, deadlines, log } = options;

  /** The netbeheerders whose mail of `today` has not gone yet. */
  const due = (today: string) =>
    queryRows<{ netbeheerder: string }>(
      db,
      sql`select netbeheerder from termijn_mail
          where dagelijks and (last_sent is null or last_sent < ${today}::date) order by netbeheerder`,
    );

  /** Emails of each party's active configuration per versienummer (the newest that is no draft). */
  const addresses = async (tx: Database, parties: string[]) => {
    const rows = await queryRows<{ deelnemer: string; versienummer: string; emails: string[] }>(
      tx,
      sql`select distinct on (deelnemer, versienummer) deelnemer, versienummer, emails from configurations
          where deelnemer in (${sql.join(
            parties.map((party) => sql`${party}`),
            sql`, `,
          )}) and not draft
          order by deelnemer, versienummer, version desc`,
    );
    return new Map(rows.map((row) => [`${row.deelnemer}|${row.versienummer}`, row.emails]));
  };

  async function mailFor(netbeheerder: string, today: string, now: Date): Promise<number | undefined> {
    const rules = (await deadlines.rules()).filter((rule) => rule.netbeheerder === netbeheerder);
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    return db.transaction(async (tx) => {
      const [claimed] = await queryRows<{ netbeheerder: string }>(
        tx,
        sql`select netbeheerder from termijn_mail
            where netbeheerder = ${netbeheerder} and dagelijks and (last_sent is null or last_sent < ${today}::date)
            for update skip locked`,
      );
      // Another process sends it, or sent it already, or it was switched off meanwhile.
      if (!claimed) return undefined;
      const rows =
        rules.length === 0
          ? []
          : await lateOrdersOf.run(tx, { netbeheerder, termijnen: deadlinesParameter(rules, now) });
      // Per party and versienummer: its lines.
      const lines = new Map<string, { party: string; versienummer: string; lines: string[]; orders: Set<string> }>();
      for (const row of rows) {
        const rule = byId.get(row.termijn_id);
        if (!rule) continue;
        const line = TEXTS.line({
          opdrachtId: row.opdracht_id,
          opdrachtnemer: row.opdrachtnemer,
          statusText: row.status_text,
          omschrijving: TERMIJN_TEXTS.omschrijving(rule),
          uiterlijk: deadlineOf(new Date(row.started), rule.aantal, rule.eenheid),
        });
        for (const party of [netbeheerder, row.opdrachtnemer]) {
          const key = `${party}|${row.versienummer}`;
          const entry = lines.get(key) ?? { party, versienummer: row.versienummer, lines: [], orders: new Set() };
          entry.lines.push(line);
          entry.orders.add(row.opdracht_id);
          lines.set(key, entry);
        }
      }
      let mails = 0;
      if (lines.size > 0) {
        const emails = await addresses(tx, [...new Set([...lines.values()].map((entry) => entry.party))]);
        for (const [key, entry] of lines) {
          const flow = flowOf(entry.versienummer);
          const link = {
            url: `${options.publicUrl}${flow === 'hoofdnet' ? '/hoofdnet' : ''}/opdrachten?status=Open&termijnVerlopen=true`,
            label: TEXTS.link,
          };
          for (const to of emails.get(key) ?? []) {
            const mail = alertMail(
              to,
              TEXTS.subject(entry.orders.size, netbeheerder, flow),
              [TEXTS.intro(netbeheerder), ...entry.lines, TEXTS.outro],
              link,
            );
            if (await mailer.enqueue(tx, mail)) mails += 1;
          }
        }
      }
      await tx.execute(sql`update termijn_mail set last_sent = ${today}::date where netbeheerder = ${netbeheerder}`);
      return mails;
    });
  }

  async function run(): Promise<DeadlineMailRun> {
    const now = deadlines.now();
    const today = amsterdamDate(now);
    const result: DeadlineMailRun = { netbeheerders: [], mails: 0 };
    if (!isWorkingDay(today) || amsterdamHour(now) < options.hour) return result;
    for (const { netbeheerder } of await due(today)) {
      const mails = await mailFor(netbeheerder, today, now);
      if (mails === undefined) continue;
      result.netbeheerders.push(netbeheerder);
      result.mails += mails;
    }
    if (result.mails > 0) {
      mailer.wake();
      log.info({ termijnMail: result }, 'daily mail about orders past a deadline written');
    }
    return result;
  }

  const timer = periodic(run, {
    everyMs: options.checkMs,
    // An outage is the operator's alert already (decision 0048); the next look tries again.
    onError: (error) => {
      if (!isDatabaseUnavailable(error)) log.error({ err: error }, 'daily deadline mail failed');
    },
  });
  return { run, start: timer.start, stop: timer.stop };
}

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  hour: '2-digit',
  hourCycle: 'h23',
});

function amsterdamHour(at: Date): number {
  return Number(hourFormat.format(at));
}
