/**
 * The set-based statements of the large seed (`npm run seed:large`): every row is computed in SQL
 * from its ordinal by a deterministic hash, so a chunk is one `insert … select … from
 * generate_series`, and messages and leveringen read their order's parties and times from the
 * order row itself. Everything here is a trusted constant: the statements are plain text.
 */
import {
  AANSLUITING_MESSAGE_TYPES,
  EXAMPLE_BERICHTEN,
  HOOFDNET_MESSAGE_TYPES,
  HOOFDNET_OPDRACHT_TYPES,
  OPDRACHT_FINISHED_THRESHOLD,
  PLAN_STATUSSEN,
  VERSIENUMMER_AANSLUITING,
  VERSIENUMMER_HOOFDNET,
  statussenOf,
  type Flow,
} from '@knooppunt/domain';
import { DEMO_ORGANISATIONS } from '../../packages/server/src/demo/data';

export interface SeedSizes {
  messages: number;
  opdrachten: number;
  leveringen: number;
  /** Audit log entries (the Auditlog screen, decision 0033). */
  audit: number;
}

const demoOf = (type: string) => DEMO_ORGANISATIONS.filter((o) => o.type === type).map((o) => o.organisatie);
const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}_${String(i + 1).padStart(2, '0')}`);

/** Grid operators give orders, contractors take them: the demo's, plus generated ones for spread. */
export const NETBEHEERDERS = [...demoOf('Netbeheerder'), ...numbered('Netbeheer_Regio', 9)];
export const AANNEMERS = [...demoOf('Aannemer'), ...numbered('Aannemer_Regio', 37)];

/** Every 5th order is Hoofdnet (20 %), the rest Aansluiting. */
export const HOOFDNET_EVERY = 5;
/** Share of orders finished (900 and above); the rest is open below 900. */
const FINISHED_SHARE = 0.25;
/** Share of messages not delivered yet; an order's undelivered messages are its last one or two. */
const UNDELIVERED_SHARE = 0.02;
const TWO_UNDELIVERED_SHARE = 0.25;
/** Share of orders with undelivered messages whose oldest one failed (uitval, order in error). */
const FAILING_SHARE = 0.8;
/** Share of delivered messages that failed before they got through (they keep their err). */
const RETRIED_SHARE = 0.015;

const ERRORS = [
  'Afleveren mislukt: de ontvanger antwoordde met HTTP 503 Service Unavailable',
  'Afleveren mislukt: de ontvanger antwoordde met HTTP 500 Internal Server Error',
  'Afleveren mislukt: connect ECONNREFUSED',
  'Afleveren mislukt: geen antwoord binnen 5000 ms',
  'Token ophalen mislukt: de tokenserver antwoordde met HTTP 401 Unauthorized',
  'Geen actieve configuratie met versie 1 gevonden',
];

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(quote).join(',')}]::text[]`;
const intArray = (values: readonly number[]) => `array[${values.join(',')}]::int[]`;
const boolArray = (values: readonly boolean[]) => `array[${values.join(',')}]::boolean[]`;
/** A uniform number in [0, 1) from an ordinal and a salt: the same every run. */
const u = (ordinal: string, salt: number) =>
  `((hashint8extended((${ordinal})::bigint, ${salt}) & 2147483647::bigint)::float8 / 2147483648.0)`;
/** 1-based index into an array of `length`, from a uniform number. */
const pick = (length: number, uniform: string) => `(1 + floor(${length} * ${uniform})::int)`;
const ts = (at: Date) => `${quote(at.toISOString())}::timestamptz`;

/** The message types of a flow in lifecycle order, the creating one first, with their receiver side. */
function typesOf(flow: Flow) {
  const owners: Record<string, string> = flow === 'hoofdnet' ? HOOFDNET_MESSAGE_TYPES : AANSLUITING_MESSAGE_TYPES;
  const order =
    flow === 'hoofdnet'
      ? ['OpdrachtHoofdnet', 'BeoordelingHoofdnet', 'PlanningHoofdnet', 'Deellevering', 'Deelproductiestaat']
      : ['Opdracht', 'Planning', 'TG', 'BeoordelingTG', 'AGA', 'BeoordelingAGA', 'AGP', 'BeoordelingAGP'];
  const types = [...order, ...Object.keys(owners).filter((type) => !order.includes(type))];
  const examples = EXAMPLE_BERICHTEN as Record<string, { data: unknown }>;
  return {
    types: textArray(types),
    toNemer: boolArray(types.map((type) => owners[type] === 'opdrachtnemer')),
    data: `${quote(JSON.stringify(types.map((type) => examples[type]?.data ?? {})))}::jsonb`,
    count: types.length,
  };
}

function statusesOf(flow: Flow) {
  const open = statussenOf(flow).filter((s) => s.status < OPDRACHT_FINISHED_THRESHOLD);
  return {
    status: intArray(open.map((s) => s.status)),
    text: textArray(open.map((s) => s.statusText)),
    count: open.length,
  };
}

/** Finished orders: mostly done (900), some cancelled (910) or cancelled by hand (990). */
const finished = statussenOf('aansluiting').filter((s) => s.status >= OPDRACHT_FINISHED_THRESHOLD);
const finishedPick = (uniform: string) => `(case when ${uniform} < 0.7 then 1 when ${uniform} < 0.9 then 2 else 3 end)`;

export interface Run {
  /** Distinguishes this run's ids from earlier runs' (a forced second seed adds rows). */
  tag: string;
  /** 'Now' for the whole run: orders span the 90 days before it. */
  at: Date;
  sizes: SeedSizes;
}

/** The id of the i-th order of the run (an SQL expression of `i`). */
export function opdrachtIdOf(run: Run, i: string) {
  return `(case when (${i}) % ${HOOFDNET_EVERY} = 0 then 'HN-' else 'AS-' end || ${quote(run.tag)} || '-' || lpad((${i})::text, 7, '0'))`;
}

/** Share of all orders with undelivered messages, such that about 2 % of the messages are. */
function tailShare({ sizes }: Run) {
  const perOrder = sizes.messages / Math.max(1, sizes.opdrachten);
  const share = (UNDELIVERED_SHARE * perOrder) / (1 + TWO_UNDELIVERED_SHARE);
  return Math.min(0.9, share) / (1 - FINISHED_SHARE);
}
/** Whether open order `i` has undelivered messages (the same in the orders' and messages' statements). */
const hasTail = (run: Run, i: string) => `${u(i, 7)} < ${tailShare(run)}`;

export function insertParticipants(): string {
  const rows = [
    ...NETBEHEERDERS.map((name) => [name, 'Netbeheerder']),
    ...AANNEMERS.map((name) => [name, 'Aannemer']),
  ].map(
    ([name, type]) =>
      `(${quote(name!)}, ${quote(type!)}, ${quote(JSON.stringify({ deelnemer: name, delegerenden: [] }))}::jsonb)`,
  );
  return `insert into organisations (organisatie, type, metadata) values ${rows.join(',')} on conflict do nothing`;
}

/** Orders `from`…`to`: parties skewed towards the first ones, created in the last 90 days. */
export function insertOpdrachten(run: Run, from: number, to: number): string {
  const [a, h] = [statusesOf('aansluiting'), statusesOf('hoofdnet')];
  const now = ts(run.at);
  return `insert into opdrachten (opdracht_id, versienummer, opdrachtgever, opdrachtnemer, status, status_text,
            in_error, type, plan_status_text, created, changed)
    select ${opdrachtIdOf(run, 'i')},
      case when h then ${quote(VERSIENUMMER_HOOFDNET)} else ${quote(VERSIENUMMER_AANSLUITING)} end,
      (${textArray(NETBEHEERDERS)})[1 + floor(${NETBEHEERDERS.length} * power(${u('i', 1)}, 2))::int],
      (${textArray(AANNEMERS)})[1 + floor(${AANNEMERS.length} * power(${u('i', 2)}, 1.5))::int],
      case when fin then (${intArray(finished.map((s) => s.status))})[fi]
           when h then (${h.status})[${pick(h.count, 'r')}] else (${a.status})[${pick(a.count, 'r')}] end,
      case when fin then (${textArray(finished.map((s) => s.statusText))})[fi]
           when h then (${h.text})[${pick(h.count, 'r')}] else (${a.text})[${pick(a.count, 'r')}] end,
      false,
      case when h then (${textArray(HOOFDNET_OPDRACHT_TYPES)})[${pick(HOOFDNET_OPDRACHT_TYPES.length, u('i', 3))}] end,
      case when h then (${textArray(PLAN_STATUSSEN)})[${pick(PLAN_STATUSSEN.length, u('i', 4))}] end,
      created,
      case when not fin and ${hasTail(run, 'i')} then ${now} - (${now} - created) * least(1, ${u('i', 8)} / 30)
           else created + (${now} - created) * (0.2 + 0.8 * ${u('i', 9)}) end
    from (
      select i, i % ${HOOFDNET_EVERY} = 0 as h, ${u('i', 5)} < ${FINISHED_SHARE} as fin,
        ${finishedPick(u('i', 6))} as fi, ${u('i', 6)} as r,
        ${now} - interval '90 days' * ${u('i', 10)} as created
      from generate_series(${from}, ${to}) i
    ) g`;
}

/**
 * Messages `from`…`to`: message j belongs to order 1 + (j-1) % orders, as its k-th, so an order's
 * messages arrive (seq) in lifecycle order, between its created and changed. About 2 % are not
 * delivered: the last one or two of an open order; the oldest of those mostly failed (uitval).
 */
export function insertMessages(run: Run, from: number, to: number): string {
  const orders = run.sizes.opdrachten;
  const [perOrder, extra] = [Math.floor(run.sizes.messages / orders), run.sizes.messages % orders];
  const [a, h] = [typesOf('aansluiting'), typesOf('hoofdnet')];
  const now = ts(run.at);
  const typeIndex = (count: number) =>
    `(case when k = 0 then 1 else 2 + ((k - 1 + floor(${count - 1} * ${u('i', 11)})::int) % ${count - 1}) end)`;
  return `insert into messages (opdracht_id, versienummer, type, sender, receiver, idempotency_key, data, created,
            delivered_at, failed_attempts, last_attempt, next_attempt, err)
    select opdracht_id, versienummer, type,
      case when to_nemer then opdrachtgever else opdrachtnemer end,
      case when to_nemer then opdrachtnemer else opdrachtgever end,
      ${quote(`seed-${run.tag}-`)} || j,
      case when k = 0 then data || jsonb_build_object('opdrachtnemer', opdrachtnemer) else data end,
      created,
      case when not undelivered then created + interval '1 second' * (0.2 + 3 * ${u('j', 12)}) end,
      case when failed then 1 + floor(12 * power(${u('j', 13)}, 2))::int
           when not undelivered and retried then 1 + floor(3 * ${u('j', 13)})::int else 0 end,
      case when failed then ${now} - interval '10 minutes' * ${u('j', 14)}
           when not undelivered then created + interval '1 second' * (0.2 + 3 * ${u('j', 12)}) end,
      case when failed then ${now} + interval '1 minute' * (5 + 55 * ${u('j', 15)}) else created end,
      case when failed or (not undelivered and retried) then jsonb_build_object(
        'msg', (${textArray(ERRORS)})[${pick(ERRORS.length, u('j', 16))}], 'traceId', md5(${quote(run.tag)} || j)) end
    from (
      select j, k, o.opdracht_id, o.versienummer, o.opdrachtgever, o.opdrachtnemer,
        o.created + (o.changed - o.created) * (k::float8 / greatest(last, 1)) as created,
        case when h then (${h.types})[ti] else (${a.types})[ti] end as type,
        case when h then (${h.toNemer})[ti] else (${a.toNemer})[ti] end as to_nemer,
        case when h then ${h.data} else ${a.data} end -> (ti - 1) as data,
        tail and (k = last or (two and k = last - 1)) as undelivered,
        tail and k = case when two then greatest(last - 1, 0) else last end and ${u('i', 17)} < ${FAILING_SHARE} as failed,
        ${u('j', 18)} < ${RETRIED_SHARE} as retried
      from (
        select j, i, k, h, ${perOrder} - 1 + (case when i <= ${extra} then 1 else 0 end) as last,
          case when h then ${typeIndex(h.count)} else ${typeIndex(a.count)} end as ti,
          ${u('i', 19)} < ${TWO_UNDELIVERED_SHARE} as two
        from (
          select j, 1 + (j - 1) % ${orders} as i, (j - 1) / ${orders} as k, (1 + (j - 1) % ${orders}) % ${HOOFDNET_EVERY} = 0 as h
          from generate_series(${from}, ${to}) j
        ) n
      ) g
      join opdrachten o on o.opdracht_id = ${opdrachtIdOf(run, 'i')}
      cross join lateral (select o.status < ${OPDRACHT_FINISHED_THRESHOLD} and ${hasTail(run, 'i')} as tail) t
    ) m`;
}

/** Leveringen `from`…`to`, spread over the Hoofdnet orders (some have more than one). */
export function insertLeveringen(run: Run, from: number, to: number): string {
  const hoofdnet = Math.floor(run.sizes.opdrachten / HOOFDNET_EVERY);
  return `insert into leveringen (levering_id, opdracht_id, opdrachtgever, opdrachtnemer, message_type, type,
            status_text, beoordeling, created, changed)
    select o.opdracht_id || '-' || case when eind then 'EL' else 'DL' end || lpad((k + 1)::text, 2, '0'),
      o.opdracht_id, o.opdrachtgever, o.opdrachtnemer,
      case when r < 0.4 then case when eind then 'Eindlevering' else 'Deellevering' end else 'BeoordelingLevering' end,
      case when eind then 'Eindlevering' else 'Deellevering' end,
      case when r < 0.4 then 'Ingediend' when r < 0.85 then 'Goedgekeurd' else 'Afgekeurd' end,
      case when r < 0.4 then null when r < 0.85 then 'Goedgekeurd' else 'Afgekeurd' end,
      o.created + (o.changed - o.created) * c, o.created + (o.changed - o.created) * (c + (1 - c) * ${u('l', 23)})
    from (
      select l, ${HOOFDNET_EVERY} * (1 + (l - 1) % ${hoofdnet}) as i, (l - 1) / ${hoofdnet} as k,
        ${u('l', 20)} < 0.25 as eind, ${u('l', 21)} as r, ${u('l', 22)} as c
      from generate_series(${from}, ${to}) l
    ) g
    join opdrachten o on o.opdracht_id = ${opdrachtIdOf(run, 'i')}`;
}

/** Every (receiver, order) with undelivered messages gets its head: the oldest of them. */
export const INSERT_ORDER_HEADS = `insert into order_heads (receiver, opdracht_id, message_id, versienummer, due)
  select distinct on (receiver, opdracht_id) receiver, opdracht_id, id, versienummer, next_attempt
  from messages where delivered_at is null
  order by receiver, opdracht_id, seq
  on conflict (receiver, opdracht_id) do nothing`;

/** Orders with a message in uitval (failed, not delivered) are in error, as fail.ts marks them. */
export const MARK_IN_ERROR = `update opdrachten set in_error = true
  where not in_error and opdracht_id in (select opdracht_id from messages where failed_attempts > 0 and delivered_at is null)`;

/** Who changed things in the seeded audit log: the operator's staff and participants' managers. */
export const AUDIT_ACTORS = Array.from(
  { length: 60 },
  (_, i) => `beheerder${String(i + 1).padStart(2, '0')}@knooppunt.example`,
);
/** Audited actions with their subject type, as the writes record them. */
export const AUDIT_ACTIONS: [action: string, subjectType: string][] = [
  ['config.update', 'configuration'],
  ['config.activate', 'configuration'],
  ['sender.running', 'sender'],
  ['message.retry', 'message'],
  ['message.resend', 'message'],
  ['opdracht.cancel', 'opdracht'],
  ['user.roles', 'user'],
  ['user.create', 'user'],
  ['waardenlijst.update', 'waardenlijst'],
  ['scenario.update', 'scenario'],
  ['systemclient.rotate', 'systeemclient'],
  ['login.failed', 'user'],
];
/** Distinct subjects: a subject is changed about 50 times over the two years. */
export const AUDIT_SUBJECTS = 20_000;
/** The seeded audit log spans the two years before the run. */
export const AUDIT_SPAN_DAYS = 730;

/** Audit entries `from`..`to` of the run: spread over two years, actors and actions skewed by a hash. */
export function insertAuditEntries(run: Run, from: number, to: number): string {
  const actions = textArray(AUDIT_ACTIONS.map(([action]) => action));
  const types = textArray(AUDIT_ACTIONS.map(([, type]) => type));
  const action = pick(AUDIT_ACTIONS.length, `${u('i', 41)} * ${u('i', 42)}`);
  return `insert into audit_log (at, actor, actor_deelnemer, action, subject_type, subject_id, before, after)
    select ${ts(run.at)} - (${u('i', 40)} * ${AUDIT_SPAN_DAYS} * interval '1 day'),
           'beheerder' || lpad((${pick(AUDIT_ACTORS.length, `${u('i', 43)} * ${u('i', 43)}`)})::text, 2, '0') || '@knooppunt.example',
           'Knooppunt_Beheer',
           (${actions})[${action}],
           (${types})[${action}],
           ${quote(run.tag)} || '-' || (${pick(AUDIT_SUBJECTS, u('i', 44))})::text,
           jsonb_build_object('status', 'oud', 'versie', i % 7, 'maxMessages', 1 + i % 5),
           jsonb_build_object('status', 'nieuw', 'versie', i % 7 + 1, 'maxMessages', 1 + (i + 1) % 5)
    from generate_series(${from}, ${to}) as i`;
}

/**
 * The Overzicht's inputs (decision 0036): a sender for every participant in both flows (every 10th
 * paused), as activating a configuration makes one. Only bench:search seeds these: with them the
 * worker of a seed:large database would try to deliver to configurations that do not exist.
 */
export function insertSenders(): string {
  const rows = [...NETBEHEERDERS, ...AANNEMERS].flatMap((name, i) =>
    [VERSIENUMMER_AANSLUITING, VERSIENUMMER_HOOFDNET].map(
      (versienummer) => `(${quote(name)}, ${quote(versienummer)}, 1, ${i % 10 !== 9})`,
    ),
  );
  return `insert into senders (deelnemer, versienummer, version, running) values ${rows.join(',')} on conflict do nothing`;
}

/**
 * Delivery counters for the 24 hours before the run, every minute of every sender: the densest the
 * worker can write (a busy platform delivers to every receiver every minute), so the Overzicht's
 * call reads its worst case. Latency counts per bucket (LATENCY_BUCKET_COUNT of them) from a hash.
 */
export function insertDeliveryMinutes(run: Run, buckets: number): string {
  const minute = `date_trunc('minute', ${ts(run.at)}) - m * interval '1 minute'`;
  const salt = `(hashtext(s.deelnemer || s.versienummer)::bigint * 10000 + m)`;
  return `insert into delivery_minutes (receiver, versienummer, minute, delivered, failed, latency)
    select s.deelnemer, s.versienummer, ${minute},
      floor(20 * ${u(salt, 30)})::int, floor(3 * power(${u(salt, 31)}, 4))::int,
      array(select floor(4 * power(${u(`${salt} * 32 + b`, 32)}, 1 + b))::int from generate_series(0, ${buckets - 1}) b)
    from senders s cross join generate_series(0, 24 * 60 - 1) m
    on conflict do nothing`;
}

/**
 * Every netbeheerder's order deadlines (decision 0063), as a netbeheerder would set them: the
 * order lists measure every row shown against them, and their filter every open order.
 */
export const INSERT_TERMIJNEN = `insert into termijnen (netbeheerder, flow, van, tot, aantal, eenheid)
  select n.name, d.flow, d.van, d.tot, d.aantal, d.eenheid
  from unnest(${textArray(NETBEHEERDERS)}) as n(name)
  cross join (values
    ('aansluiting', 'Opdracht', 'Planning', 10, 'werkdagen'),
    ('aansluiting', 'TG', 'BeoordelingTG', 5, 'werkdagen'),
    ('aansluiting', 'Annulering', 'AnnuleringGereed', 2, 'werkdagen'),
    ('hoofdnet', 'OpdrachtHoofdnet', 'PlanningHoofdnet', 10, 'werkdagen'),
    ('hoofdnet', 'Eindlevering', 'BeoordelingLevering', 48, 'uren')
  ) as d(flow, van, tot, aantal, eenheid)
  on conflict do nothing`;
