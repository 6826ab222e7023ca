import { describe, expect, it } from 'vitest';
import type { FilterValues, ListParams } from '@/lib/use-list-params';
import type { MessageSortField } from '../api/search-messages';
import { messageSearchBody } from './message-search-body';

function listOf<F extends FilterValues>(filters: F, overrides: Partial<ListParams<F, MessageSortField>> = {}) {
  const noop = () => undefined;
  return {
    filters,
    filterDefaults: filters,
    sortBy: 'nextAttempt',
    sortDirection: 'asc',
    skip: 0,
    limit: 50,
    setFilters: noop,
    setSort: noop,
    setSkip: noop,
    ...overrides,
  } satisfies ListParams<F, MessageSortField>;
}

const EMPTY = { sender: '', receiver: '', type: [] as string[], opdrachtId: '', failedAttempts: '' };

describe('messageSearchBody', () => {
  it('names the flow: not equal to h1.0 for Aansluiting, equal to h1.0 for Hoofdnet', () => {
    expect(messageSearchBody('aansluiting', listOf(EMPTY))).toEqual({
      filters: [{ name: 'versienummer', value: '!h1.0' }],
      skip: 0,
      limit: 50,
      sortBy: 'nextAttempt',
      sortDirection: 'asc',
    });
    expect(messageSearchBody('hoofdnet', listOf(EMPTY)).filters).toEqual([{ name: 'versienummer', value: 'h1.0' }]);
  });

  it('sends the filled filters, the types as a list and the error-only toggle as at least one failed attempt', () => {
    const list = listOf(
      { ...EMPTY, sender: 'Netbeheer_Noord', type: ['TG', 'AGA'], opdrachtId: 'OPD-1', failedAttempts: '1' },
      { skip: 100, sortBy: 'created', sortDirection: 'desc' },
    );

    expect(messageSearchBody('aansluiting', list)).toEqual({
      filters: [
        { name: 'versienummer', value: '!h1.0' },
        { name: 'sender', value: 'Netbeheer_Noord' },
        { name: 'type', value: ['TG', 'AGA'] },
        { name: 'opdrachtId', value: 'OPD-1' },
        { name: 'failedAttempts', value: 1 },
      ],
      skip: 100,
      limit: 50,
      sortBy: 'created',
      sortDirection: 'desc',
    });
  });

  it('asks for the messages in error for the uitval lists', () => {
    const list = listOf({ sender: '', type: [] as string[], opdrachtId: 'OPD-2' }, { sortBy: 'opdrachtId' });

    expect(messageSearchBody('hoofdnet', list, { uitval: true })).toMatchObject({
      filters: [
        { name: 'versienummer', value: 'h1.0' },
        { name: 'opdrachtId', value: 'OPD-2' },
        { name: 'isInError', value: true },
      ],
      sortBy: 'opdrachtId',
    });
  });
});
