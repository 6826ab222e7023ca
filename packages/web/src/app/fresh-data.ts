import { hashKey, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import type { FreshDataRule } from '@/lib/query-client';

/**
 * The query keys (prefixes) of the screens' data, as the features' query options build them. Plain
 * keys, not the features' modules: this rule is part of the initial bundle, the features are loaded
 * per route. fresh-data.test.tsx checks each against the feature's own query options.
 */
export const DATA_KEYS = {
  organisations: ['organisations', 'search'],
  configValuelists: ['configs', 'valuelists'],
  rulesLookup: ['regels', 'lookup'],
  waardenlijstenLookup: ['waardenlijsten', 'lookup'],
  termijnenLookup: ['termijnen', 'lookup'],
  users: ['users', 'search'],
  autosuggest: ['users', 'autosuggest'],
  roles: ['roles', 'search'],
  clients: ['clients'],
  configs: ['configs', 'search', 'productie'],
  config: ['configs', 'detail', 'productie'],
  senderLog: ['configs', 'sender-log', 'productie'],
  testConfigs: ['configs', 'search', 'test'],
  testConfig: ['configs', 'detail', 'test'],
  testSenderLog: ['configs', 'sender-log', 'test'],
  waardenlijsten: ['waardenlijsten', 'search'],
  termijnen: ['termijnen', 'netbeheerder'],
  opdrachten: ['opdrachten', 'search'],
  opdrachtHistorie: ['opdrachten', 'historie'],
  messages: ['messages', 'search'],
  leveringen: ['leveringen', 'search'],
  audit: ['audit', 'search'],
  testruns: ['testtool', 'runs'],
  conformity: ['conformiteit'],
  implementationLinks: ['implementatiepartners'],
  platform: ['platform'],
} as const satisfies Record<string, QueryKey>;

const key = (queryKey: QueryKey): QueryFilters => ({ queryKey });

/** Every change the portal makes is audited: the Auditlog is stale after each of them. */
const AUDIT = key(DATA_KEYS.audit);

/**
 * The rules features (scenarios, zoeken) keep their queries under one namespace. Their reference
 * data (the lookup) does not change with the rules; it changes with the organisations.
 */
const RULES_LOOKUP = hashKey(DATA_KEYS.rulesLookup);
const RULES: QueryFilters = {
  queryKey: ['regels'],
  predicate: (query) => hashKey(query.queryKey) !== RULES_LOOKUP,
};

/**
 * The one rule of fresh data (decision 0022): what each change makes stale, wherever it is shown.
 * Every mutation of the portal names its changes in `meta.changes`; the query client invalidates
 * these after it succeeds, so queries on screen refetch at once and the others when shown next.
 */
export const FRESH_DATA_RULE: FreshDataRule = {
  // The Organisaties list, the Gebruikers filter and new-user dialog and the Systeemclients picker
  // (all organisation searches), the configurations' participants, and the netbeheerders of the
  // rules', value lists' and deadlines' reference data.
  organisations: [
    key(DATA_KEYS.organisations),
    key(DATA_KEYS.configValuelists),
    key(DATA_KEYS.rulesLookup),
    key(DATA_KEYS.waardenlijstenLookup),
    key(DATA_KEYS.termijnenLookup),
    AUDIT,
  ],
  // The user lists and their suggestions, and the role tree ('Overig' lists the roles users have).
  users: [key(DATA_KEYS.users), key(DATA_KEYS.autosuggest), key(DATA_KEYS.roles), AUDIT],
  clients: [key(DATA_KEYS.clients), AUDIT],
  // The lists (with their senders), the open configuration and the sending logs, each of one
  // environment: a participant's test configuration is another than its production one.
  configs: [key(DATA_KEYS.configs), key(DATA_KEYS.config), key(DATA_KEYS.senderLog), AUDIT],
  testConfigs: [key(DATA_KEYS.testConfigs), key(DATA_KEYS.testConfig), key(DATA_KEYS.testSenderLog), AUDIT],
  // Scenario lists, scenarios and their pairs ('gelijk' counts), published rules and versions.
  regels: [RULES, AUDIT],
  // A value list's own changes answer the list as it is now; the lists show them.
  waardenlijsten: [key(DATA_KEYS.waardenlijsten), AUDIT],
  // A deadline decides which orders are late: the order lists and histories show that too.
  termijnen: [key(DATA_KEYS.termijnen), key(DATA_KEYS.opdrachten), key(DATA_KEYS.opdrachtHistorie), AUDIT],
  // Cancelling an order deletes its messages still to be sent; its history shows both.
  opdrachten: [
    key(DATA_KEYS.opdrachten),
    key(DATA_KEYS.opdrachtHistorie),
    key(DATA_KEYS.messages),
    key(DATA_KEYS.leveringen),
    AUDIT,
  ],
  // A resend moves the message on and is an action in its order's history.
  messages: [key(DATA_KEYS.messages), key(DATA_KEYS.opdrachtHistorie), AUDIT],
  // Starting or stopping a run changes the list and the run itself (both under the runs' key).
  testruns: [key(DATA_KEYS.testruns), AUDIT],
  // A participant's conformity, on its organisation and its configurations.
  conformity: [key(DATA_KEYS.conformity), AUDIT],
  // The links on Organisaties, and the participants a partner's user acts for (the Testtool's 'Namens').
  implementationLinks: [key(DATA_KEYS.implementationLinks), AUDIT],
  // A mail sent again leaves the outbox's waiting mails on the Overzicht.
  platform: [key(DATA_KEYS.platform), AUDIT],
};
