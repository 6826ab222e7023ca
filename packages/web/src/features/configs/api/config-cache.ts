import type { ConfigListItem, Paged, Sender } from '@knooppunt/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getConfigQueryOptions } from './get-config';
import { getSenderLogQueryOptions } from './get-sender-log';
import { searchConfigsQueryOptions } from './search-configs';

/** After any change: the lists, the open configuration and the sending logs are fetched again. */
export function useInvalidateConfigs(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [searchConfigsQueryOptions(), getConfigQueryOptions(), getSenderLogQueryOptions()].map(({ queryKey }) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

/**
 * A sender call answers with the sender as it is now; it replaces the one on the active rows of
 * the lists at once, so a switch does not flip back while the list is fetched again.
 */
export function replaceSender(queryClient: QueryClient, sender: Sender): void {
  const { deelnemer, versienummer, ...rest } = sender;
  queryClient.setQueriesData<Paged<ConfigListItem>>({ queryKey: searchConfigsQueryOptions().queryKey }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((row) =>
            !row.draft && row.deelnemer === deelnemer && row.versienummer === versienummer
              ? { ...row, sender: rest }
              : row,
          ),
        }
      : page,
  );
}
