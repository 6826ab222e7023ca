import { MESSAGE_VERSIENUMMER_FILTER, type Flow, type SearchFilter } from '@knooppunt/domain';
import { searchBodyOf, type FilterValues, type ListParams } from '@/lib/use-list-params';
import type { MessageSearch, MessageSortField } from '../api/search-messages';

/** The error-only toggle: in the URL `failedAttempts=1`, to the server the number 1 ('at least one'). */
export const ERROR_ONLY = '1';

/**
 * The message search of a list (spec 000 §7, spec 001 §7): the list's filters, plus the flow as
 * versienummer ('h1.0' equal for Hoofdnet, '!h1.0' not equal for Aansluiting) and, for the uitval
 * lists, `isInError: true`.
 */
export function messageSearchBody<F extends FilterValues>(
  flow: Flow,
  list: ListParams<F, MessageSortField>,
  options: { uitval?: boolean } = {},
): MessageSearch {
  const body = searchBodyOf(list);
  const filters: SearchFilter[] = [
    { name: 'versienummer', value: MESSAGE_VERSIENUMMER_FILTER[flow] },
    ...body.filters.map(({ name, value }) =>
      name === 'failedAttempts' ? { name, value: Number(value) } : { name, value },
    ),
    ...(options.uitval ? [{ name: 'isInError', value: true }] : []),
  ];
  return { ...body, filters };
}
