import { DATE_FORMAT, DATE_TIME_FORMAT } from '@knooppunt/domain';
import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';
import { nl } from 'date-fns/locale';

type DateInput = string | null | undefined;

/** An empty cell for a missing date; the raw text for one the server sent in a form we cannot read. */
function formatWith(input: DateInput, render: (date: Date) => string): string {
  if (!input) return '';
  const date = parseISO(input);
  return isValid(date) ? render(date) : input;
}

/** '03-02-2025' */
export function formatDate(iso: DateInput): string {
  return formatWith(iso, (date) => format(date, DATE_FORMAT, { locale: nl }));
}

/** '03-02-2025 14:05:09' */
export function formatDateTime(iso: DateInput): string {
  return formatWith(iso, (date) => format(date, DATE_TIME_FORMAT, { locale: nl }));
}

/** '3 minuten geleden', 'over 2 dagen' */
export function formatRelative(iso: DateInput): string {
  return formatWith(iso, (date) => formatDistanceToNow(date, { locale: nl, addSuffix: true }));
}
