import type { ConfigListItem, Paged, Sender } from '@knooppunt/domain';
import type { QueryClient } from '@tanstack/react-query';
import { searchConfigsQueryOptions } from './search-configs';

/**
 * A sender call answers with the sender as it is now; it replaces the one on the active rows of
 * the lists at once, so a switch does not flip back while the list is fetched again (the
 * configuration change that follows, decision 0022).
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
