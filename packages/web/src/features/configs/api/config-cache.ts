import type { ConfigListItem, Omgeving, Paged, Sender } from '@knooppunt/domain';
import type { QueryClient } from '@tanstack/react-query';
import { searchConfigsQueryOptions } from './search-configs';

/**
 * A sender call answers with the sender as it is now; it replaces the one on the active rows of
 * the environment's lists at once, so a switch does not flip back while the list is fetched again
 * (the configuration change that follows, decision 0022). The other environment has a sender of
 * its own for the same participant and version number.
 */
export function replaceSender(queryClient: QueryClient, omgeving: Omgeving, sender: Sender): void {
  const { deelnemer, versienummer, ...rest } = sender;
  const lists = { queryKey: searchConfigsQueryOptions(omgeving).queryKey };
  queryClient.setQueriesData<Paged<ConfigListItem>>(lists, (page) =>
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
