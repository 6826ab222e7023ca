import { hashKey, type QueryFilters } from '@tanstack/react-query';
import { searchMessagesQueryOptions } from '@/features/berichten/api/search-messages';
import { clientsQueryOptions } from '@/features/clients/api/get-clients';
import { getConfigQueryOptions } from '@/features/configs/api/get-config';
import { getSenderLogQueryOptions } from '@/features/configs/api/get-sender-log';
import { valuelistsQueryOptions } from '@/features/configs/api/get-valuelists';
import { searchConfigsQueryOptions } from '@/features/configs/api/search-configs';
import { autosuggestQueryOptions } from '@/features/gebruikers/api/autosuggest';
import { searchRolesQueryOptions } from '@/features/gebruikers/api/search-roles';
import { searchUsersQueryOptions } from '@/features/gebruikers/api/search-users';
import { searchLeveringenQueryOptions } from '@/features/leveringen/api/search-leveringen';
import { searchOpdrachtenQueryOptions } from '@/features/opdrachten/api/search-opdrachten';
import { searchOrganisationsQueryOptions } from '@/features/organisaties/api/search-organisations';
import { lookupQueryOptions as rulesLookupQueryOptions } from '@/features/scenarios/api/get-lookup';
import { lookupQueryOptions as waardenlijstenLookupQueryOptions } from '@/features/waardenlijsten/api/get-lookup';
import { searchWaardenlijstenQueryOptions } from '@/features/waardenlijsten/api/search-waardenlijsten';
import type { FreshDataRule } from '@/lib/query-client';

const key = ({ queryKey }: { queryKey: readonly unknown[] }): QueryFilters => ({ queryKey });

/** Every suggestion, whatever was typed: the autosuggest key without its text. */
const AUTOSUGGEST = autosuggestQueryOptions('').queryKey.slice(0, -1);

/**
 * The rules features (scenarios, zoeken) keep their queries under one namespace. Their reference
 * data (the lookup) does not change with the rules; it changes with the organisations.
 */
const RULES_LOOKUP = hashKey(rulesLookupQueryOptions().queryKey);
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
  // rules' and value lists' reference data.
  organisations: [
    key(searchOrganisationsQueryOptions()),
    key(valuelistsQueryOptions()),
    key(rulesLookupQueryOptions()),
    key(waardenlijstenLookupQueryOptions()),
  ],
  // The user lists and their suggestions, and the role tree ('Overig' lists the roles users have).
  users: [key(searchUsersQueryOptions()), { queryKey: AUTOSUGGEST }, key(searchRolesQueryOptions())],
  clients: [key(clientsQueryOptions())],
  // The lists (with their senders), the open configuration and the sending logs.
  configs: [key(searchConfigsQueryOptions()), key(getConfigQueryOptions()), key(getSenderLogQueryOptions())],
  // Scenario lists, scenarios and their pairs ('gelijk' counts), published rules and versions.
  regels: [RULES],
  // A value list's own changes answer the list as it is now; the lists show them.
  waardenlijsten: [key(searchWaardenlijstenQueryOptions())],
  // Cancelling an order deletes its messages still to be sent.
  opdrachten: [
    key(searchOpdrachtenQueryOptions()),
    key(searchMessagesQueryOptions()),
    key(searchLeveringenQueryOptions()),
  ],
  messages: [key(searchMessagesQueryOptions())],
};
