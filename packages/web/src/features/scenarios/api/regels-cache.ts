import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';

// The reference data does not change with the rules.
const RULES: QueryFilters = { queryKey: ['regels'], predicate: (query) => query.queryKey[1] !== 'lookup' };

/**
 * Drops the lists and scenarios kept for screens not on view, so opening one later fetches it
 * afresh: queries do not refetch on mount (spec 001 §9).
 */
export function dropHiddenRegels(queryClient: QueryClient): void {
  queryClient.removeQueries({ ...RULES, type: 'inactive' });
}

/** After a change to the rules: what is on screen is fetched again, the rest dropped. */
export function useRefreshRegels(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    dropHiddenRegels(queryClient);
    await queryClient.invalidateQueries(RULES);
  };
}
