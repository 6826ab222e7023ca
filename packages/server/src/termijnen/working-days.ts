import Holidays from 'date-holidays';
import type { TermijnEenheid } from '@knooppunt/domain';

/**
 * Working days and deadlines (decision 0063). A working day is Monday to Friday in Europe/Amsterdam
 * that is no Dutch public holiday ('public' in date-holidays: Nieuwjaarsdag, Pasen and Tweede
 * paasdag, Koningsdag, Hemelvaartsdag, Pinksteren and Tweede pinksterdag, Kerstmis and Tweede
 * kerstdag). A deadline of N working days ends at the end of the Nth working day after the day it
 * started; one of N hours exactly N hours after its start.
 */

const ZONE = 'Europe/Amsterdam';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An Amsterdam calendar date as 'YYYY-MM-DD'. */
export type CalendarDate = string;

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Amsterdam date an instant falls on. */
export function amsterdamDate(at: Date | number): CalendarDate {
  return dateFormat.format(at);
}

/** The date `days` calendar days after (or before, when negative) `date`. */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant an Amsterdam date begins (midnight is never inside a DST change there). */
export function startOfDate(date: CalendarDate): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  for (const offsetHours of [1, 2]) {
    const candidate = utcMidnight - offsetHours * HOUR_MS;
    if (amsterdamDate(candidate) === date && amsterdamDate(candidate - 1) !== date) return new Date(candidate);
  }
  throw new Error(`no Amsterdam midnight found for ${date}`);
}

const holidays = new Holidays('NL');
const publicHolidaysByYear = new Map<number, ReadonlySet<CalendarDate>>();

function publicHolidays(year: number): ReadonlySet<CalendarDate> {
  let dates = publicHolidaysByYear.get(year);
  if (!dates) {
    dates = new Set(
      (holidays.getHolidays(year) || [])
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    publicHolidaysByYear.set(year, dates);
  }
  return dates;
}

export function isWorkingDay(date: CalendarDate): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !publicHolidays(Number(date.slice(0, 4))).has(date);
}

/** The `count`th working day after `date` (not counting `date` itself). */
export function addWorkingDays(date: CalendarDate, count: number): CalendarDate {
  let day = date;
  for (let left = count; left > 0;) {
    day = addCalendarDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

/** The `count`th working day before `date` (not counting `date` itself). */
export function subtractWorkingDays(date: CalendarDate, count: number): CalendarDate {
  let day = date;
  for (let left = count; left > 0;) {
    day = addCalendarDays(day, -1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

/** When a deadline that started at `start` ends: it is past once the clock reaches this moment. */
export function deadlineOf(start: Date, aantal: number, eenheid: TermijnEenheid): Date {
  if (eenheid === 'uren') return new Date(start.getTime() + aantal * HOUR_MS);
  return startOfDate(addCalendarDays(addWorkingDays(amsterdamDate(start), aantal), 1));
}

/**
 * The latest start that is past at `now`: a deadline is past exactly when it started before this
 * moment (`deadlineOf(start) <= now`). The order lists compare the starts in SQL with it, so that
 * the holidays stay here. For working days: the deadline of a start on day d ends with the Nth
 * working day after d, which is before today exactly when d is before the Nth working day before
 * today.
 */
export function latestLateStart(now: Date, aantal: number, eenheid: TermijnEenheid): Date {
  return latestLateStarts(now)(aantal, eenheid);
}

/** `latestLateStart` for many deadlines at one `now`: the day is looked up once. */
export function latestLateStarts(now: Date): (aantal: number, eenheid: TermijnEenheid) => Date {
  let today: CalendarDate | undefined;
  return (aantal, eenheid) =>
    eenheid === 'uren'
      ? new Date(now.getTime() - aantal * HOUR_MS)
      : workingDaysBefore((today ??= amsterdamDate(now)), aantal);
}

/** Per day, the start of the Nth working day before it: the same all day, asked at every list request. */
const startsBefore = new Map<string, Date>();
function workingDaysBefore(today: CalendarDate, aantal: number): Date {
  const key = `${today}|${aantal}`;
  let start = startsBefore.get(key);
  if (!start) {
    // A day's answers only: yesterday's are never asked again.
    if (startsBefore.size > 1000) startsBefore.clear();
    start = startOfDate(subtractWorkingDays(today, aantal));
    startsBefore.set(key, start);
  }
  return start;
}
