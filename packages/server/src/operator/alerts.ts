import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import type { Mailer } from '../mail/outbox';
import { periodic } from '../lib/periodic';
import { alertMail, dutchDuration, dutchMoment } from '../mail/templates';
import { PLATFORM_FAULT_QUIET_MS } from './faults';

/** The platform's alerts to its operator (issue 29 item 3), one open alert per kind at most. */
export type AlertKind = 'mail' | 'delivery' | 'stalled' | 'retention';

/** A mail the outbox keeps retrying for longer than this is an alert. */
export const MAIL_STUCK_MS = 15 * 60_000;
/** Messages due this long while nothing was delivered at all: no worker is delivering. */
export const STALLED_MS = 5 * 60_000;

/** One kind's state now: down, with what the operator reads about it. */
interface Condition {
  since: Date;
  lines: string[];
}

export interface OperatorAlertsOptions {
  db: Database;
  mailer: Pick<Mailer, 'enqueue' | 'wake'>;
  /** OPERATOR_EMAIL; empty: the alerts are only logged. */
  emails: readonly string[];
  publicUrl: string;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  checkMs: number;
  /** Tests: the clock. */
  now?: () => number;
  /** Tests: told of every evaluation. */
  onEvaluation?: (evaluation: OperatorEvaluation) => void;
  /** This process as the Overzicht lists it (process_heartbeats), written at every evaluation. */
  process?: { name: string; role: string };
}

export interface OperatorEvaluation {
  skipped: boolean;
  opened: AlertKind[];
  recovered: AlertKind[];
  /** The database was unreachable until this evaluation: its outage, reported once. */
  databaseOutage?: { from: Date; to: Date };
}

/** The advisory lock that lets one process at a time evaluate (a constant of this feature). */
const OPERATOR_LOCK = 7_402_235_023;

const TEXTS = {
  mail: {
    subject: 'E-mail blijft in de wachtrij',
    recovered: 'E-mail wordt weer verstuurd',
    recoveredLine: 'De wachtrij van de e-mail loopt weer: geen bericht wacht nog langer dan 15 minuten.',
  },
  delivery: {
    subject: 'Storing bij afleveren aan de kant van Knooppunt',
    recovered: 'Afleveren werkt weer',
    recoveredLine: 'De storing aan de kant van Knooppunt is voorbij: berichten worden weer aangeboden.',
  },
  stalled: {
    subject: 'Berichten wachten en er wordt niets afgeleverd',
    recovered: 'Er wordt weer afgeleverd',
    recoveredLine: 'Er wordt weer afgeleverd: geen bericht wacht nog langer dan 5 minuten op een worker.',
  },
  retention: {
    subject: 'Opruimen volgens de bewaartermijnen mislukt',
    recovered: 'Opruimen volgens de bewaartermijnen gelukt',
    recoveredLine: 'De dagelijkse opruiming volgens de bewaartermijnen is weer gelukt.',
  },
  database: 'Database was onbereikbaar',
} as const;

/**
 * The operator's alerts (issue 29 item 3, decision 0045): evaluated by every process on its own
 * timer, one at a time (an advisory lock), off the delivery path. A condition that starts opens
 * an alert (table platform_alerts) with a mail to OPERATOR_EMAIL and an error in the log; when it
 * ends, one recovery mail and an info line. Conditions: a mail the outbox retries for more than 15
 * minutes; deliveries that could not be attempted for a fault on the platform's side (a secret it
 * cannot read, its mTLS certificate missing, the database failing while a configuration loads);
 * messages due for 5 minutes while nothing at all was delivered (no worker running); the daily
 * retention run failing. And the database: while it is unreachable nothing can be written or
 * mailed, so the first evaluation that reaches it again reports the outage, once.
 */
export function createOperatorAlerts(options: OperatorAlertsOptions) {
  const { db, mailer, log } = options;
  const now = options.now ?? Date.now;
  let unreachableSince: Date | undefined;
  const started = new Date();

  const mailAll = async (tx: Database, subject: string, lines: string[]) => {
    let queued = 0;
    for (const to of options.emails) {
      if (await mailer.enqueue(tx, alertMail(to, subject, ['Beste beheerder van Knooppunt,', ...lines]))) queued += 1;
    }
    return queued;
  };

  async function conditions(tx: Database, at: Date): Promise<Partial<Record<AlertKind, Condition>>> {
    const found: Partial<Record<AlertKind, Condition>> = {};
    const [mail] = await queryRows<{ n: number; oldest: Date | null; last_error: string | null; recipients: string }>(
      tx,
      sql`select count(*)::int as n, min(created) as oldest,
                 (array_agg(last_error order by created))[1] as last_error,
                 coalesce(string_agg(distinct recipient, ', '), '') as recipients
          from mail_outbox
          where sent is null and abandoned is null and attempts > 0
            and created < ${new Date(at.getTime() - MAIL_STUCK_MS).toISOString()}`,
    );
    if (mail && mail.n > 0 && mail.oldest) {
      const oldest = new Date(mail.oldest);
      found.mail = {
        since: oldest,
        lines: [
          `${mail.n} e-mail${mail.n === 1 ? '' : 's'} wacht${mail.n === 1 ? '' : 'en'} langer dan 15 minuten op verzending, de oudste sinds ${dutchMoment(oldest)} (aan ${mail.recipients}).`,
          `Laatste fout van de mailserver: ${mail.last_error ?? 'onbekend'}.`,
          'Controleer SMTP_URL en de mailserver; het Overzicht toont de wachtrij. Deze melding zelf komt pas aan als de mailserver weer bereikbaar is.',
        ],
      };
    }
    const faults = await queryRows<{ key: string; detail: string; last_at: Date }>(
      tx,
      sql`select key, detail, last_at from platform_faults
          where kind = 'delivery' and resolved_at is null
            and last_at > ${new Date(at.getTime() - PLATFORM_FAULT_QUIET_MS).toISOString()}
          order by key limit 20`,
    );
    if (faults.length > 0) {
      found.delivery = {
        since: at,
        lines: [
          'Berichten worden niet aangeboden door een storing aan de kant van Knooppunt:',
          ...faults.map((fault) => `${fault.key.replace('|', ', versie ')}: ${fault.detail}`),
          'De ontvangers zijn niet gewaarschuwd en er telt geen mislukte poging voor hen: hun berichten wachten en worden elke 30 seconden opnieuw aangeboden. Controleer SECRET_KEY, MTLS_CERT_FILE/MTLS_KEY_FILE en de database.',
        ],
      };
    }
    const [stalled] = await queryRows<{ due: Date }>(
      tx,
      sql`select h.due from order_heads h
          join senders s on s.deelnemer = h.receiver and s.versienummer = h.versienummer
          where s.running and s.max_messages > 0
            and h.due < ${new Date(at.getTime() - STALLED_MS).toISOString()}
            and (h.claimed_until is null or h.claimed_until < now())
            and not exists (select 1 from delivery_minutes d
                            where d.delivered > 0 and d.minute >= ${new Date(at.getTime() - STALLED_MS - 60_000).toISOString()})
          order by h.due limit 1`,
    );
    if (stalled) {
      const due = new Date(stalled.due);
      found.stalled = {
        since: due,
        lines: [
          `Berichten wachten sinds ${dutchMoment(due)} op aflevering, en in de laatste 5 minuten is niets afgeleverd.`,
          'Draait er een proces dat aflevert (ROLE=all of ROLE=worker)? Kijk in het log van de workers en op het Overzicht.',
        ],
      };
    }
    const [retention] = await queryRows<{ detail: string; last_at: Date }>(
      tx,
      sql`select detail, last_at from platform_faults where kind = 'retention' and resolved_at is null limit 1`,
    );
    if (retention) {
      found.retention = {
        since: new Date(retention.last_at),
        lines: [
          `Het dagelijks opruimen volgens de bewaartermijnen is mislukt (${dutchMoment(new Date(retention.last_at))}): ${retention.detail}`,
          'Het wordt bij de volgende run opnieuw geprobeerd; tot dan groeien de tabellen.',
        ],
      };
    }
    return found;
  }

  async function evaluate(): Promise<OperatorEvaluation> {
    const result: OperatorEvaluation = { skipped: false, opened: [], recovered: [] };
    const at = new Date(now());
    let queued = 0;
    try {
      await db.transaction(async (tx) => {
        if (options.process) {
          await tx.execute(
            sql`insert into process_heartbeats (name, role, started, last_seen)
                values (${options.process.name}, ${options.process.role}, ${started.toISOString()}, now())
                on conflict (name) do update set role = excluded.role, started = excluded.started, last_seen = now()`,
          );
        }
        const [lock] = await queryRows<{ locked: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(${OPERATOR_LOCK}) as locked`,
        );
        if (!lock?.locked) {
          result.skipped = true;
          return;
        }
        const found = await conditions(tx, at);
        const open = await queryRows<{ kind: AlertKind; down_since: Date }>(
          tx,
          sql`select kind, down_since from platform_alerts`,
        );
        const openKinds = new Set(open.map((row) => row.kind));
        for (const [kind, condition] of Object.entries(found) as [AlertKind, Condition][]) {
          const detail = condition.lines.join('\n');
          if (openKinds.has(kind)) {
            await tx.execute(sql`update platform_alerts set detail = ${detail} where kind = ${kind}`);
            continue;
          }
          await tx.execute(
            sql`insert into platform_alerts (kind, down_since, detail, alerted_at)
                values (${kind}, ${condition.since.toISOString()}, ${detail}, ${at.toISOString()})`,
          );
          log.error({ alert: kind, detail }, `platform alert: ${TEXTS[kind].subject}`);
          queued += await mailAll(tx, TEXTS[kind].subject, condition.lines);
          result.opened.push(kind);
        }
        for (const row of open) {
          if (found[row.kind]) continue;
          await tx.execute(sql`delete from platform_alerts where kind = ${row.kind}`);
          const since = new Date(row.down_since);
          log.info({ alert: row.kind }, `platform alert over: ${TEXTS[row.kind].recovered}`);
          queued += await mailAll(tx, TEXTS[row.kind].recovered, [
            TEXTS[row.kind].recoveredLine,
            `De storing begon ${dutchMoment(since)} en duurde ${dutchDuration(at.getTime() - since.getTime())}.`,
          ]);
          result.recovered.push(row.kind);
        }
        if (unreachableSince) {
          // Every process saw the outage; the first to reach the database again reports it.
          const from = unreachableSince;
          const reported = await queryRows<{ kind: string }>(
            tx,
            sql`insert into platform_faults (kind, key, last_at, detail, resolved_at)
                values ('database', ${from.toISOString().slice(0, 16)}, ${from.toISOString()}, 'onbereikbaar', now())
                on conflict (kind, key) do nothing returning kind`,
          );
          if (reported.length > 0) {
            queued += await mailAll(tx, TEXTS.database, [
              `De database was onbereikbaar vanaf ${dutchMoment(from)} tot ${dutchMoment(at)} (${dutchDuration(at.getTime() - from.getTime())}).`,
              'In die tijd weigerde Knooppunt berichten en konden geen meldingen worden verstuurd; nu werkt de database weer. Wat tijdens de storing geweigerd werd, bieden de systemen van de deelnemers opnieuw aan.',
            ]);
            log.info({ from, to: at }, 'database reachable again after an outage');
          }
          result.databaseOutage = { from, to: at };
        }
      });
      unreachableSince = undefined;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        log.error({ err: error }, 'platform alerts could not be evaluated');
        return result;
      }
      if (!unreachableSince) log.error({ err: error }, 'the database is unreachable');
      unreachableSince ??= at;
      return result;
    }
    if (queued > 0) mailer.wake();
    options.onEvaluation?.(result);
    return result;
  }

  // At start too: the Overzicht lists this process from its start.
  const timer = periodic(evaluate, { everyMs: options.checkMs, atStart: true, onError: () => undefined });
  return { evaluate, start: timer.start, stop: timer.stop };
}

export type OperatorAlerts = ReturnType<typeof createOperatorAlerts>;
