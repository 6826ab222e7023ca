import {
  ERROR_TITLES,
  MESSAGE_VERSIENUMMER_FILTER,
  type CappedPaged,
  type MessageView,
  type SearchFilter,
  type SortDirection,
} from '@knooppunt/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiRequestInit } from '@/lib/api-client';
import { actingForKey, useActingFor } from '@/lib/namens/acting-for';
import { useListQuery } from '@/lib/use-list-query';

export const MESSAGE_SORT_FIELDS = ['nextAttempt', 'created', 'opdrachtId'] as const;
export type MessageSortField = (typeof MESSAGE_SORT_FIELDS)[number];

export interface MessageSearch {
  filters: SearchFilter[];
  skip: number;
  limit: number;
  sortBy?: MessageSortField;
  sortDirection?: SortDirection;
}

export function searchMessages(body: MessageSearch, init?: ApiRequestInit): Promise<CappedPaged<MessageView>> {
  return apiRequest('POST', '/rest/management/message/search', body, init);
}

/** The alert title of a failing search (spec 000 §8, spec 001 §8): Uitval, Hoofdnet berichten or berichten. */
function errorTitleOf(body: MessageSearch | undefined): string {
  const value = (name: string) => body?.filters.find((filter) => filter.name === name)?.value;
  if (value('isInError') === true) return ERROR_TITLES.fetchUitval;
  if (value('versienummer') === MESSAGE_VERSIENUMMER_FILTER.hoofdnet) return ERROR_TITLES.fetchHoofdnetMessages;
  return ERROR_TITLES.fetchMessages;
}

/**
 * Without a body: the key of every message search (Berichten and Uitval), for invalidating them
 * all. `namens`: the participant acted for (Uitval, decision 0041).
 */
export function searchMessagesQueryOptions(body?: MessageSearch, namens?: string) {
  return queryOptions({
    queryKey: body ? ['messages', 'search', ...actingForKey(namens), body] : ['messages', 'search'],
    queryFn: ({ signal }) => searchMessages(body ?? { filters: [], skip: 0, limit: 1 }, { signal, namens }),
    meta: { errorTitle: errorTitleOf(body) },
    placeholderData: keepPreviousData,
  });
}

export function useSearchMessages(body: MessageSearch) {
  const namens = useActingFor();
  return useListQuery(searchMessagesQueryOptions(body, namens));
}
