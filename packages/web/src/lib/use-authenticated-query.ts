import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useAuth } from 'react-oidc-context';

/**
 * `useQuery` that waits for a valid session (spec 000 §4: data queries run only when
 * authenticated). Every data hook of a feature goes through here.
 */
export function useAuthenticatedQuery<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TKey>): UseQueryResult<TData, TError> {
  const { isAuthenticated } = useAuth();
  const { enabled } = options;
  return useQuery({
    ...options,
    enabled:
      typeof enabled === 'function'
        ? (query) => isAuthenticated && enabled(query)
        : isAuthenticated && enabled !== false,
  });
}
