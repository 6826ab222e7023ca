import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { searchBodyOf, useListParams, type ListParams } from './use-list-params';

const FILTER_DEFAULTS = { organisatie: '', types: [] as string[], status: 'Open' };
type Filters = typeof FILTER_DEFAULTS;
const SORT_FIELDS = ['organisatie', 'type'] as const;

function renderList(url: string) {
  const ref: { list?: ListParams<Filters, (typeof SORT_FIELDS)[number]> } = {};
  function List() {
    ref.list = useListParams({
      filterDefaults: FILTER_DEFAULTS,
      sortFields: SORT_FIELDS,
      defaultSort: { sortBy: 'organisatie', sortDirection: 'asc' },
      pageSize: 10,
    });
    return null;
  }
  const router = createMemoryRouter([{ path: '/lijst', Component: List }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const list = () => {
    if (!ref.list) throw new Error('not rendered');
    return ref.list;
  };
  return { list, search: () => router.state.location.search };
}

describe('useListParams', () => {
  it('starts from the defaults', () => {
    const { list } = renderList('/lijst');

    expect(list()).toMatchObject({
      filters: FILTER_DEFAULTS,
      sortBy: 'organisatie',
      sortDirection: 'asc',
      skip: 0,
      limit: 10,
    });
  });

  it('reads page, sort and filters from the URL, ignoring what it does not know', () => {
    const { list } = renderList('/lijst?page=3&sort=type&order=desc&organisatie=net&types=TG&types=AGA&x=1');

    expect(list()).toMatchObject({
      filters: { organisatie: 'net', types: ['TG', 'AGA'], status: 'Open' },
      sortBy: 'type',
      sortDirection: 'desc',
      skip: 20,
    });
    expect(renderList('/lijst?sort=password&page=abc').list()).toMatchObject({ sortBy: 'organisatie', skip: 0 });
  });

  it('writes filters to the URL, leaves defaults out and goes back to the first page', () => {
    const { list, search } = renderList('/lijst?page=4');

    act(() => list().setFilters({ organisatie: 'Acme', types: ['TG'], status: 'Open' }));

    expect(search()).toBe('?organisatie=Acme&types=TG');
    expect(list().skip).toBe(0);
  });

  it('keeps a filter the user emptied distinct from its default', () => {
    const { list } = renderList('/lijst');

    act(() => list().setFilters({ ...FILTER_DEFAULTS, status: '' }));

    expect(list().filters.status).toBe('');
  });

  it('toggles the direction when sorting on the sort column again', () => {
    const { list, search } = renderList('/lijst?page=2');

    act(() => list().setSort('organisatie'));
    expect(list()).toMatchObject({ sortBy: 'organisatie', sortDirection: 'desc', skip: 0 });

    act(() => list().setSort('type'));
    expect(list()).toMatchObject({ sortBy: 'type', sortDirection: 'asc' });

    act(() => list().setSort('delegerenden'));
    expect(search()).toBe('?sort=type&order=asc');
  });

  it('pages by skip', () => {
    const { list, search } = renderList('/lijst');

    act(() => list().setSkip(30));
    expect(search()).toBe('?page=4');
    expect(list().skip).toBe(30);
  });

  it('builds the body of a paged search call without empty filters', () => {
    const { list } = renderList('/lijst?organisatie=Acme&page=2');

    expect(searchBodyOf(list())).toEqual({
      filters: [
        { name: 'organisatie', value: 'Acme' },
        { name: 'status', value: 'Open' },
      ],
      skip: 10,
      limit: 10,
      sortBy: 'organisatie',
      sortDirection: 'asc',
    });
  });
});
