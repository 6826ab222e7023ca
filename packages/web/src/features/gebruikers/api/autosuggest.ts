import { AUTOSUGGEST_MIN_EXCLUSIVE, ERROR_TITLES } from '@knooppunt/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthenticatedQuery } from '@/lib/use-authenticated-query';

/** An option of 'Filter overzicht' (domain `autosuggestOptionSchema`): v the text, k what it is. */
export interface AutosuggestOption {
  v: string;
  k: 'email' | 'organisatie';
}

export function autosuggest(text: string, signal?: AbortSignal): Promise<AutosuggestOption[]> {
  return apiRequest('POST', '/rest/users/autosuggest', { text }, { signal });
}

/** Spec 001 §5: suggestions only for a trimmed text longer than 3 characters. */
export function suggestsFor(text: string): boolean {
  return text.trim().length > AUTOSUGGEST_MIN_EXCLUSIVE;
}

export function autosuggestQueryOptions(text: string) {
  const trimmed = text.trim();
  return queryOptions({
    queryKey: ['users', 'autosuggest', trimmed],
    queryFn: ({ signal }) => autosuggest(trimmed, signal),
    meta: { errorTitle: ERROR_TITLES.fetchSuggestions },
    enabled: suggestsFor(trimmed),
  });
}

/** `text` is the debounced input of 'Filter overzicht'. */
export function useAutosuggest(text: string) {
  return useAuthenticatedQuery(autosuggestQueryOptions(text));
}
