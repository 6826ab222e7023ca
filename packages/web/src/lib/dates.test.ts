import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatRelative } from './dates';

describe('Dutch dates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 1, 3, 14, 5, 9));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('formats a date as dd-LL-yyyy', () => {
    expect(formatDate('2025-02-03T14:05:09')).toBe('03-02-2025');
  });

  it('formats a date and time as dd-LL-yyyy HH:mm:ss in 24-hour time', () => {
    expect(formatDateTime('2025-12-31T21:07:03')).toBe('31-12-2025 21:07:03');
  });

  it('formats a moment in the past relative to now, in Dutch', () => {
    expect(formatRelative('2025-02-03T14:02:09')).toBe('3 minuten geleden');
    expect(formatRelative('2025-01-31T14:05:09')).toBe('3 dagen geleden');
  });

  it('formats a moment in the future relative to now, in Dutch', () => {
    expect(formatRelative('2025-02-05T14:05:09')).toBe('over 2 dagen');
  });

  it('shows nothing for a missing date and the raw text for an unreadable one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatRelative('')).toBe('');
    expect(formatDate('gisteren')).toBe('gisteren');
  });
});
