import type { SearchFilter, SortDirection } from '@knooppunt/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Filter values as the URL holds them: one text, or a list for a multi-select. */
export type FilterValues = Record<string, string | string[]>;

export interface ListParamsOptions<F extends FilterValues, S extends string> {
  /**
   * Every filter of the list with its value when the URL says nothing; a list value makes it
   * multi-valued. Define it outside the component: its identity keys the memoised filters.
   */
  filterDefaults: F;
  /** The columns the server can sort on; any other `sort` in the URL is ignored. */
  sortFields?: readonly S[];
  defaultSort?: { sortBy: S; sortDirection: SortDirection };
  pageSize: number;
}

export interface ListParams<F extends FilterValues, S extends string> {
  filters: F;
  filterDefaults: F;
  sortBy: S | undefined;
  sortDirection: SortDirection;
  skip: number;
  limit: number;
  /** Applies filters and goes back to the first page. */
  setFilters: (filters: F) => void;
  /**
   * Sorts on a column: ascending first, the other way round when it is already the sort column.
   * A field outside `sortFields` is ignored, so a table can hand over any column id.
   */
  setSort: (field: string) => void;
  setSkip: (skip: number) => void;
}

// Filters are stored under their own names; these names are reserved for paging and sorting.
const PAGE = 'page';
const SORT = 'sort';
const ORDER = 'order';
const NO_SORT_FIELDS: readonly never[] = [];

/**
 * Page, sort and filters of a list, kept in the URL so a list can be bookmarked, shared and
 * returned to with the back button (react-admin's convention). Values equal to their default are
 * left out of the URL.
 */
export function useListParams<F extends FilterValues, S extends string = never>(
  options: ListParamsOptions<F, S>,
): ListParams<F, S> {
  const { filterDefaults, sortFields = NO_SORT_FIELDS, defaultSort, pageSize } = options;
  const [searchParams, setSearchParams] = useSearchParams();

  const filters = useMemo(() => readFilters(searchParams, filterDefaults), [searchParams, filterDefaults]);
  const sortParam = searchParams.get(SORT) as S | null;
  const sortBy = sortParam && sortFields.includes(sortParam) ? sortParam : defaultSort?.sortBy;
  const orderParam = searchParams.get(ORDER);
  const sortDirection: SortDirection =
    orderParam === 'asc' || orderParam === 'desc' ? orderParam : (defaultSort?.sortDirection ?? 'asc');
  const page = Math.max(1, Number.parseInt(searchParams.get(PAGE) ?? '1', 10) || 1);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      }),
    [setSearchParams],
  );

  const setFilters = useCallback(
    (values: F) =>
      update((next) => {
        writeFilters(next, values, filterDefaults);
        next.delete(PAGE);
      }),
    [update, filterDefaults],
  );

  const setSort = useCallback(
    (field: string) => {
      if (!(sortFields as readonly string[]).includes(field)) return;
      update((next) => {
        next.set(SORT, field);
        next.set(ORDER, field === sortBy && sortDirection === 'asc' ? 'desc' : 'asc');
        next.delete(PAGE);
      });
    },
    [update, sortFields, sortBy, sortDirection],
  );

  const setSkip = useCallback(
    (skip: number) =>
      update((next) => {
        const target = Math.floor(skip / pageSize) + 1;
        if (target > 1) next.set(PAGE, String(target));
        else next.delete(PAGE);
      }),
    [update, pageSize],
  );

  return {
    filters,
    filterDefaults,
    sortBy,
    sortDirection,
    skip: (page - 1) * pageSize,
    limit: pageSize,
    setFilters,
    setSort,
    setSkip,
  };
}

/** The body of a paged search call (`{filters:[{name,value}], skip, limit, sortBy, sortDirection}`); empty filters are left out. */
export function searchBodyOf<F extends FilterValues, S extends string>(list: ListParams<F, S>) {
  const filters = Object.entries(list.filters)
    .filter(([, value]) => value.length > 0)
    .map(([name, value]) => ({ name: name as keyof F & string, value }) satisfies SearchFilter);
  return {
    filters,
    skip: list.skip,
    limit: list.limit,
    ...(list.sortBy ? { sortBy: list.sortBy, sortDirection: list.sortDirection } : {}),
  };
}

function readFilters<F extends FilterValues>(params: URLSearchParams, defaults: F): F {
  const entries = Object.entries(defaults).map(([name, fallback]) => {
    if (!params.has(name)) return [name, fallback];
    return [name, Array.isArray(fallback) ? params.getAll(name).filter(Boolean) : (params.get(name) ?? '')];
  });
  return Object.fromEntries(entries) as F;
}

function writeFilters<F extends FilterValues>(params: URLSearchParams, values: F, defaults: F): void {
  for (const [name, fallback] of Object.entries(defaults)) {
    params.delete(name);
    const value = values[name] ?? fallback;
    if (sameValue(value, fallback)) continue;
    // An emptied multi-select whose default is not empty still has to say so in the URL.
    if (Array.isArray(value)) (value.length ? value : ['']).forEach((item) => params.append(name, item));
    else params.set(name, value);
  }
}

function sameValue(a: string | string[], b: string | string[]): boolean {
  return Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;
}

/** A page of a list as the server answers it (`countIsLowerBound` only from monitoring searches). */
export interface ListPage<Row> {
  items: readonly Row[];
  count: number;
  countIsLowerBound?: boolean;
}

/** What a list's table takes from its URL state: sort and page (DataTable's `list`). */
export type ListTableState = Pick<
  ListParams<FilterValues, string>,
  'sortBy' | 'sortDirection' | 'setSort' | 'skip' | 'limit' | 'setSkip'
>;
