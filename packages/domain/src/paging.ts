import { z } from 'zod';
import { MAX_PAGE_LIMIT } from './constants';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * The body of every paged search call: `{filters:[{name,value}], skip, limit, sortBy,
 * sortDirection}`. Filter names and sort fields are closed sets per call, so an unknown one is
 * a 400 naming the field instead of being ignored.
 */
export function searchBodySchema<F extends string, S extends string>(options: {
  filters: readonly [F, ...F[]];
  sortFields: readonly [S, ...S[]];
  /** Whether `limit: 0` means "all rows" for this call. */
  limitZeroMeansAll?: boolean;
}) {
  const min = options.limitZeroMeansAll ? 0 : 1;
  return z.object({
    filters: z
      .array(
        z.object({
          name: z.enum(options.filters),
          value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
        }),
      )
      .default([]),
    skip: z.number().int().min(0).default(0),
    limit: z.number().int().min(min).max(MAX_PAGE_LIMIT).default(MAX_PAGE_LIMIT),
    sortBy: z.enum(options.sortFields).optional(),
    sortDirection: z.enum(SORT_DIRECTIONS).optional(),
  });
}

/** The answer of every paged search call. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    count: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  });
}

export interface Paged<T> {
  items: T[];
  count: number;
  skip: number;
  limit: number;
}

export interface SearchFilter {
  name: string;
  value: string | number | boolean | string[];
}
