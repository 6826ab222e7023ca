import type { SearchFilter } from '@knooppunt/domain';
import { searchBodyOf, type ListParams } from '@/lib/use-list-params';
import type { AuditSearch, AuditSortField } from '../api/search-audit';

export const AUDIT_FILTER_DEFAULTS = { actor: '', action: '', subjectType: '', subjectId: '', from: '', to: '' };
export type AuditFilters = typeof AUDIT_FILTER_DEFAULTS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a calendar day ('2026-01-31') in the user's time zone, as the server's ISO 8601; undefined when it is no date. */
export function startOfDay(day: string, plusDays = 0): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date + plusDays);
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

/**
 * The audit search of the list: its text filters as they are, and the period as days: 'Vanaf' from
 * the start of that day, 'Tot en met' up to the start of the day after (the server's `to` is exclusive).
 * A day the URL holds that is no date filters nothing.
 */
export function auditSearchBody(list: ListParams<AuditFilters, AuditSortField>): AuditSearch {
  const body = searchBodyOf(list);
  const filters = body.filters.flatMap(({ name, value }): SearchFilter[] => {
    if (name === 'from' || name === 'to') {
      const moment = startOfDay(String(value), name === 'to' ? 1 : 0);
      return moment ? [{ name, value: moment }] : [];
    }
    return [{ name, value }];
  });
  return { ...body, filters };
}
