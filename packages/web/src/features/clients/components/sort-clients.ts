import type { SortDirection, SystemClient } from '@knooppunt/domain';

export const CLIENT_SORT_FIELDS = [
  'organisatie',
  'clientId',
  'omschrijving',
  'aangemaakt',
  'laatstGebruikt',
  'status',
] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];

/**
 * The list sorted in the browser: the server answers an organisation's few clients at once, so
 * sorting and paging them needs no further call. A client never used sorts as the oldest use.
 */
export function sortClients(
  items: readonly SystemClient[],
  sortBy: ClientSortField | undefined,
  direction: SortDirection,
): SystemClient[] {
  if (!sortBy) return [...items];
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => sign * (a[sortBy] ?? '').localeCompare(b[sortBy] ?? '', 'nl'));
}
