/**
 * The requests of bench:search: each monitoring list with the default filters and sort of its
 * screen, then with one filter changed at a time, then as a participant (tenancy, decision 0010).
 */
import { sql } from 'drizzle-orm';
import { MESSAGE_VERSIENUMMER_FILTER, PAGE_SIZE, type Flow } from '@knooppunt/domain';
import { queryRows, type Database } from '../../packages/server/src/db/client';

export type UserKey = 'super' | 'large' | 'small';

/** Who searches: the super role, and two participants — the largest and the smallest share of traffic. */
export const USERS: Record<UserKey, { deelnemer: string; roles: string[]; label: string }> = {
  super: { deelnemer: 'Knooppunt_Beheer', roles: ['Beheer ziet alles'], label: 'super role' },
  large: { deelnemer: 'Netbeheer_Noord', roles: ['Beheer Monitoring', 'Uitval Beheren'], label: 'Netbeheer_Noord' },
  small: { deelnemer: 'Aannemer_Regio_37', roles: ['Beheer Monitoring', 'Uitval Beheren'], label: 'Aannemer_Regio_37' },
};

export interface SearchCase {
  list: string;
  variant: string;
  user: UserKey;
  path: string;
  /** POST with `body` (the lists), or GET (the Overzicht). */
  method?: 'GET' | 'POST';
  /**
   * Whether the API-over-bare ratio is a target: not for the Overzicht, whose settled slots are
   * kept in the process by design (decision 0036), so its bare SQL is not its whole work.
   */
  ratioTarget?: boolean;
  body?: {
    filters: { name: string; value: unknown }[];
    skip: number;
    limit: number;
    sortBy: string;
    sortDirection: string;
  };
}

/** Filter values that match seeded rows. */
export interface CaseValues {
  /** Per flow: an order in error (it has messages, some in uitval) and an open order. */
  inError: Record<Flow, string>;
  open: Record<Flow, string>;
  leveringOpdrachtId: string;
  /** Orders whose history is asked (decision 0059): per flow one in error, and one of each participant. */
  historie: { aansluiting: string; hoofdnet: string; large: string; small: string };
  /** A subject of the seeded audit log, and the moment a week before the newest entry. */
  auditSubjectId: string;
  auditWeekAgo: string;
}

export async function caseValues(db: Database): Promise<CaseValues> {
  const first = async (query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ id: string }>(db, query);
    if (!row) throw new Error('the seed has no row for a filter value');
    return row.id;
  };
  const inFlow = (flow: Flow) => (flow === 'hoofdnet' ? sql`versienummer = 'h1.0'` : sql`versienummer <> 'h1.0'`);
  const pick = async (flow: Flow, condition: ReturnType<typeof sql>) =>
    first(
      sql`select opdracht_id as id from opdrachten where ${inFlow(flow)} and ${condition} order by opdracht_id limit 1`,
    );
  return {
    inError: { aansluiting: await pick('aansluiting', sql`in_error`), hoofdnet: await pick('hoofdnet', sql`in_error`) },
    open: {
      aansluiting: await pick('aansluiting', sql`status < 900 and not in_error`),
      hoofdnet: await pick('hoofdnet', sql`status < 900 and not in_error`),
    },
    leveringOpdrachtId: await first(sql`select opdracht_id as id from leveringen order by levering_id limit 1`),
    historie: {
      aansluiting: await pick('aansluiting', sql`in_error`),
      // A Hoofdnet order in error with the most leveringen of the first ones.
      hoofdnet: await first(
        sql`select o.opdracht_id as id from opdrachten o join leveringen l on l.opdracht_id = o.opdracht_id
            where o.in_error group by o.opdracht_id order by count(*) desc, o.opdracht_id limit 1`,
      ),
      large: await pick(
        'aansluiting',
        sql`opdrachtnemer = ${USERS.large.deelnemer} or opdrachtgever = ${USERS.large.deelnemer}`,
      ),
      small: await pick(
        'aansluiting',
        sql`opdrachtnemer = ${USERS.small.deelnemer} or opdrachtgever = ${USERS.small.deelnemer}`,
      ),
    },
    auditSubjectId: await first(sql`select subject_id as id from audit_log order by at desc limit 1`),
    auditWeekAgo: await first(
      sql`select to_char((max(at) - interval '7 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as id from audit_log`,
    ),
  };
}

type Filters = Record<string, unknown>;
const FLOW_NAME: Record<Flow, string> = { aansluiting: 'Aansluiting', hoofdnet: 'Hoofdnet' };
const TYPES: Record<Flow, { berichten: string[]; uitval: string[] }> = {
  aansluiting: { berichten: ['TG', 'AGA'], uitval: ['Planning', 'Bijstelling'] },
  hoofdnet: { berichten: ['Deellevering', 'Eindlevering'], uitval: ['PlanningHoofdnet', 'BeoordelingLevering'] },
};

/**
 * A list: its default request, then each of `variants` (filters merged into the defaults), then
 * the default request by both participants.
 */
function list(
  name: string,
  path: string,
  defaults: Filters,
  paging: { limit: number; sortBy: string; sortDirection: string },
  variants: Record<string, Filters>,
): SearchCase[] {
  const body = (filters: Filters) => ({
    filters: Object.entries(filters).map(([filter, value]) => ({ name: filter, value })),
    skip: 0,
    ...paging,
  });
  return [
    { list: name, variant: 'default', user: 'super', path, body: body(defaults) },
    ...Object.entries(variants).map(([variant, filters]) => ({
      list: name,
      variant,
      user: 'super' as const,
      path,
      body: body({ ...defaults, ...filters }),
    })),
    ...(['large', 'small'] as const).map((user) => ({
      list: name,
      variant: `default, as ${USERS[user].label}`,
      user,
      path,
      body: body(defaults),
    })),
  ];
}

export function searchCases(values: CaseValues): SearchCase[] {
  const messages = '/rest/management/message/search';
  const cases: SearchCase[] = [];
  for (const flow of ['aansluiting', 'hoofdnet'] as const) {
    const versienummer = MESSAGE_VERSIENUMMER_FILTER[flow];
    cases.push(
      ...list(
        `Berichten ${FLOW_NAME[flow]}`,
        messages,
        { versienummer },
        { limit: PAGE_SIZE.berichten, sortBy: 'nextAttempt', sortDirection: 'asc' },
        {
          opdrachtId: { opdrachtId: values.inError[flow] },
          'sender Netbeheer_Noord': { sender: 'Netbeheer_Noord' },
          'receiver Aannemer_Alfa': { receiver: 'Aannemer_Alfa' },
          [`type ${TYPES[flow].berichten.join('+')}`]: { type: TYPES[flow].berichten },
          'error-only (failedAttempts 1)': { failedAttempts: 1 },
        },
      ),
    );
  }
  for (const flow of ['aansluiting', 'hoofdnet'] as const) {
    cases.push(
      ...list(
        `Uitval ${FLOW_NAME[flow]}`,
        messages,
        { versienummer: MESSAGE_VERSIENUMMER_FILTER[flow], isInError: true },
        { limit: PAGE_SIZE.uitval, sortBy: 'opdrachtId', sortDirection: 'asc' },
        {
          'sender Aannemer_Beta': { sender: 'Aannemer_Beta' },
          [`type ${TYPES[flow].uitval.join('+')}`]: { type: TYPES[flow].uitval },
          opdrachtId: { opdrachtId: values.inError[flow] },
        },
      ),
    );
  }
  for (const flow of ['aansluiting', 'hoofdnet'] as const) {
    cases.push(
      ...list(
        `Opdrachten ${FLOW_NAME[flow]}`,
        flow === 'hoofdnet' ? '/rest/management/opdracht-hoofdnet/search' : '/rest/management/opdracht/search',
        { status: 'Open' },
        {
          limit: flow === 'hoofdnet' ? PAGE_SIZE.hoofdnetOpdrachten : PAGE_SIZE.opdrachten,
          sortBy: 'changed',
          sortDirection: 'desc',
        },
        {
          'status Alle': { status: 'Alle' },
          'status Error': { status: 'Error' },
          'status Afgerond': { status: 'Afgerond' },
          'opdrachtgever Netbeheer_Zuid': { opdrachtgever: 'Netbeheer_Zuid' },
          'opdrachtnemer Aannemer_Alfa': { opdrachtnemer: 'Aannemer_Alfa' },
          opdrachtId: { opdrachtId: values.open[flow] },
          // Every open order measured against its netbeheerder's deadlines until a page is full (decision 0063).
          'termijn verlopen': { termijnVerlopen: true },
        },
      ),
      // The deadline filter within a participant's tenancy: its open orders only.
      ...(['large', 'small'] as const).map((user) => ({
        list: `Opdrachten ${FLOW_NAME[flow]}`,
        variant: `termijn verlopen, as ${USERS[user].label}`,
        user,
        path: flow === 'hoofdnet' ? '/rest/management/opdracht-hoofdnet/search' : '/rest/management/opdracht/search',
        body: {
          filters: [
            { name: 'status', value: 'Open' },
            { name: 'termijnVerlopen', value: true },
          ],
          skip: 0,
          limit: flow === 'hoofdnet' ? PAGE_SIZE.hoofdnetOpdrachten : PAGE_SIZE.opdrachten,
          sortBy: 'changed',
          sortDirection: 'desc',
        },
      })),
    );
  }
  cases.push(
    ...list(
      'Leveringen Hoofdnet',
      '/rest/management/levering/search',
      {},
      { limit: PAGE_SIZE.leveringen, sortBy: 'changed', sortDirection: 'desc' },
      {
        opdrachtId: { opdrachtId: values.leveringOpdrachtId },
        'opdrachtgever Netbeheer_Zuid': { opdrachtgever: 'Netbeheer_Zuid' },
        'opdrachtnemer Aannemer_Alfa': { opdrachtnemer: 'Aannemer_Alfa' },
        'error-only (status error)': { status: 'error' },
      },
    ),
  );
  cases.push(...historieCases(values));
  cases.push(...auditCases(values));
  cases.push(...overzichtCases());
  return cases;
}

/**
 * An order's history (decision 0059): one statement over the order, its messages, leveringen and
 * audited actions; as the super role and as each participant for an order of its own.
 */
function historieCases(values: CaseValues): SearchCase[] {
  const variants: [variant: string, user: UserKey, opdrachtId: string][] = [
    ['Aansluiting, in error', 'super', values.historie.aansluiting],
    ['Hoofdnet, in error, with leveringen', 'super', values.historie.hoofdnet],
    [`own order, as ${USERS.large.label}`, 'large', values.historie.large],
    [`own order, as ${USERS.small.label}`, 'small', values.historie.small],
  ];
  return variants.map(([variant, user, opdrachtId]) => ({
    list: 'Opdracht historie',
    variant,
    user,
    path: `/rest/opdrachten/${encodeURIComponent(opdrachtId)}/historie`,
    method: 'GET' as const,
  }));
}

/** The Auditlog (decision 0033): the super role's only, so no participant variants. */
function auditCases(values: CaseValues): SearchCase[] {
  const path = '/rest/audit/search';
  const variants: Record<string, Filters> = {
    default: {},
    'actor beheerder07': { actor: 'beheerder07@knooppunt.example' },
    'action opdracht.cancel (rare)': { action: 'opdracht.cancel' },
    subjectId: { subjectId: values.auditSubjectId },
    'period last week': { from: values.auditWeekAgo },
    'actor + period': { actor: 'beheerder07@knooppunt.example', from: values.auditWeekAgo },
  };
  return Object.entries(variants).map(([variant, filters]) => ({
    list: 'Auditlog',
    variant,
    user: 'super' as const,
    path,
    body: {
      filters: Object.entries(filters).map(([name, value]) => ({ name, value })),
      skip: 0,
      limit: PAGE_SIZE.berichten,
      sortBy: 'at',
      sortDirection: 'desc',
    },
  }));
}

/** The Overzicht (decision 0036): every receiver for the super role, one flow, and each participant's own. */
function overzichtCases(): SearchCase[] {
  const path = '/rest/management/overzicht';
  const variants: [variant: string, user: UserKey, query: string][] = [
    ['default', 'super', ''],
    ['versienummer h1.0', 'super', '?versienummer=h1.0'],
    [`default, as ${USERS.large.label}`, 'large', ''],
    [`default, as ${USERS.small.label}`, 'small', ''],
  ];
  return variants.map(([variant, user, query]) => ({
    list: 'Overzicht',
    variant,
    user,
    path: `${path}${query}`,
    method: 'GET' as const,
    ratioTarget: false,
  }));
}
