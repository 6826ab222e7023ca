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
    ...pagingFields(options.sortFields, min),
  });
}

function pagingFields<S extends string>(sortFields: readonly [S, ...S[]], minLimit: number) {
  return {
    skip: z.number().int().min(0).default(0),
    limit: z.number().int().min(minLimit).max(MAX_PAGE_LIMIT).default(MAX_PAGE_LIMIT),
    sortBy: z.enum(sortFields).optional(),
    sortDirection: z.enum(SORT_DIRECTIONS).optional(),
  };
}

type FilterSchemas = Record<string, z.ZodType>;

/**
 * The same body where every filter name has its own value schema: a value of the wrong kind is a
 * 400 naming `filters.<i>.value`, an unknown name one naming `filters.<i>.name`, and a name given
 * twice is refused instead of one silently winning. `limit` is at least 1.
 */
export function typedSearchBodySchema<F extends FilterSchemas, S extends string>(options: {
  filters: F;
  sortFields: readonly [S, ...S[]];
}) {
  const variants = Object.entries(options.filters).map(([name, value]) =>
    z.object({ name: z.literal(name), value }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]];
  return z.object({
    filters: z
      .array(z.discriminatedUnion('name', variants))
      .default([])
      .superRefine((filters, ctx) => {
        const seen = new Set<string>();
        filters.forEach((filter, index) => {
          const name = String(filter.name);
          if (seen.has(name)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'name'],
              message: `Filter '${name}' komt meer dan eens voor.`,
            });
          }
          seen.add(name);
        });
      })
      .transform((filters) => filterValues<F>(filters as { name: string; value: unknown }[])),
    ...pagingFields(options.sortFields, 1),
  });
}

export type FilterValues<F extends FilterSchemas> = { [K in keyof F]?: z.output<F[K]> };

function filterValues<F extends FilterSchemas>(filters: { name: string; value: unknown }[]): FilterValues<F> {
  return Object.fromEntries(filters.map((filter) => [filter.name, filter.value])) as FilterValues<F>;
}

/**
 * The answer of a paged search whose count is capped (the monitoring lists): past the cap,
 * `count` is the cap and `countIsLowerBound` is true, which the paging label shows as 'meer dan'.
 */
export function cappedPagedSchema<T extends z.ZodType>(item: T) {
  return pagedSchema(item).extend({ countIsLowerBound: z.boolean() });
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

/** The answer of a monitoring search: `count` stops at MONITORING_COUNT_CAP, then `countIsLowerBound` is true. */
export interface CappedPaged<T> extends Paged<T> {
  countIsLowerBound: boolean;
}

export interface SearchFilter {
  name: string;
  value: string | number | boolean | string[];
}
