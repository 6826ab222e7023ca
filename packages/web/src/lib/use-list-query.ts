import {
  QueryClientContext,
  type QueryKey,
  type QueryMeta,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { use } from 'react';
import { useAuthenticatedQuery } from './use-authenticated-query';

/**
 * The search query of a list that `DataTable` shows. Its table says a failure in place of the rows,
 * under the query's alert title and with 'Opnieuw proberen', so no alert over the page says it again
 * (`meta.errorInPlace`, issue 33): the user reads it once, where the list would be.
 */
export function useListQuery<TQueryFnData, TError = Error, TData = TQueryFnData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TKey>,
): UseQueryResult<TData, TError> {
  return useAuthenticatedQuery({ ...options, meta: { ...options.meta, errorInPlace: true } });
}

/**
 * The `meta` of the query that failed with `error`: its alert title and whether its failure is left
 * to the screen. Found by the error itself, which the query keeps as its state; none outside a
 * QueryClientProvider or for an error no query holds.
 */
export function useFailedQueryMeta(error: unknown): QueryMeta | undefined {
  const queryClient = use(QueryClientContext);
  if (error === undefined || error === null || !queryClient) return undefined;
  return queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.error === error)?.meta;
}
