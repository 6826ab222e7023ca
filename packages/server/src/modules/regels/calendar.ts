/**
 * The months the calendar's dates fall in (0 = January): spec 001 §4's dates are the first Monday
 * of March, June (2025-05-23 there), September and December, one a quarter.
 */
const PATTERN_MONTHS = [2, 5, 8, 11] as const;
/** How far ahead the pattern is continued (decision 0030). */
export const CALENDAR_YEARS_AHEAD = 2;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The first Monday of a month, as yyyy-mm-dd. */
export function firstMonday(year: number, month: number): string {
  const first = new Date(Date.UTC(year, month, 1));
  const offset = (8 - first.getUTCDay()) % 7;
  return isoDate(new Date(Date.UTC(year, month, 1 + offset)));
}

/** The pattern's dates from `today` up to the same day `CALENDAR_YEARS_AHEAD` years later, both included. */
export function patternDates(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const until = `${year + CALENDAR_YEARS_AHEAD}${today.slice(4)}`;
  const dates: string[] = [];
  for (let y = year; y <= year + CALENDAR_YEARS_AHEAD; y++) {
    for (const month of PATTERN_MONTHS) {
      const date = firstMonday(y, month);
      if (date >= today && date <= until) dates.push(date);
    }
  }
  return dates;
}

/**
 * The effective dates offered for a berichtVersie: the stored ones (spec 001 §4 and any a rules
 * administrator added) and the pattern continued for the coming two years, so a version can
 * always be published to take effect on a date still ahead. Sorted, each date once.
 */
export function offeredDates(stored: readonly string[], today: string): string[] {
  return [...new Set([...stored, ...patternDates(today)])].sort();
}
