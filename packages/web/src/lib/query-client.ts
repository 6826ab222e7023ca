import { QueryCache, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Title of the error alert shown when this query fails (one of the domain's ERROR_TITLES). */
      errorTitle?: string;
    };
  }
}

/**
 * Data is fetched when a screen asks for it and when the user searches, never behind their back:
 * no retries and no refetch on focus, mount or reconnect (spec 000 §4). A failing query reports
 * itself through `onQueryError` with the alert title from its `meta`.
 */
export function createQueryClient(onQueryError: (title: string, error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorTitle) onQueryError(query.meta.errorTitle, error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
      },
    },
  });
}
