import { MutationCache, QueryCache, QueryClient, type QueryFilters } from '@tanstack/react-query';
import { ApiCallError } from './api-client';

/**
 * What a mutation changes on the server, named by domain. `app/fresh-data.ts` says, for each,
 * which queries show it (decision 0022). `configs` are production's configurations,
 * `testConfigs` the test environment's (decision 0038); `testruns` the Testtool's conformance runs;
 * `conformity` whether a participant's passed runs are required, `implementationLinks` which
 * implementation partners act for which participants (decisions 0040, 0041); `platform` the
 * platform's own state on the Overzicht (its mail outbox, decision 0045); `termijnen` a
 * netbeheerder's deadlines and its daily mail about them (decision 0063).
 */
export type Change =
  | 'organisations'
  | 'users'
  | 'clients'
  | 'configs'
  | 'testConfigs'
  | 'regels'
  | 'waardenlijsten'
  | 'termijnen'
  | 'opdrachten'
  | 'messages'
  | 'testruns'
  | 'conformity'
  | 'implementationLinks'
  | 'platform';

/** For each change, the queries that show what it changed: they are invalidated after it succeeds. */
export type FreshDataRule = Record<Change, readonly QueryFilters[]>;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Title of the error alert shown when this query fails (one of the domain's ERROR_TITLES). */
      errorTitle?: string;
      /** Answers the screen explains in place (a concept one may not view: 403), with no alert. */
      explainedStatuses?: readonly number[];
      /**
       * The screen says this query's failure where its data would be, under `errorTitle` (a list's
       * table, with 'Opnieuw proberen'): no alert says it a second time. Set by `useListQuery`.
       */
      errorInPlace?: boolean;
    };
    mutationMeta: {
      /** What the mutation changes on the server; `[]` for a call that changes nothing (a check). */
      changes: readonly Change[];
    };
  }
}

/**
 * Data is fetched when a screen asks for it and when the user searches, never behind their back:
 * no retries and no refetch on focus or reconnect, and no refetch on mount of data that is still
 * valid (spec 000 §4). A failing query reports itself through `onQueryError` with the alert title
 * from its `meta`, unless its screen says the failure in place (`meta.errorInPlace`, issue 33).
 *
 * Fresh data after a change (decision 0022): a successful mutation invalidates what `rule` lists
 * for each of its `meta.changes`. Queries on screen refetch at once (and the mutation settles once
 * they have); the others are marked invalid and refetch when a screen shows them next, which is
 * what `refetchOnMount` allows: only an invalidated query refetches on mount.
 */
export function createQueryClient(
  onQueryError: (title: string, error: unknown) => void,
  rule: FreshDataRule,
): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof ApiCallError && query.meta?.explainedStatuses?.includes(error.status ?? 0)) return;
        if (query.meta?.errorInPlace) return;
        if (query.meta?.errorTitle) onQueryError(query.meta.errorTitle, error);
      },
    }),
    mutationCache: new MutationCache({
      // After the mutation's own onSuccess, so an answer it writes into the cache shows at once.
      onSettled: async (_data, error, _variables, _context, mutation) => {
        if (error !== null) return;
        const filters = new Set((mutation.meta?.changes ?? []).flatMap((change) => rule[change]));
        await Promise.all([...filters].map((filter) => queryClient.invalidateQueries(filter)));
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnMount: (query) => query.state.isInvalidated,
        refetchOnReconnect: false,
      },
    },
  });
  return queryClient;
}
