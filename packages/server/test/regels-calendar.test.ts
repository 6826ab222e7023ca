import { describe, expect, it } from 'vitest';
import { dutchToday } from '@knooppunt/domain';
import { firstMonday, offeredDates, patternDates } from '../src/modules/regels/calendar';

// Spec 001 §4's dates: the first Monday of March, June (2025-05-23 instead), September and December.
const SPEC_136 = ['2024-12-02', '2025-03-03'];
const SPEC_OTHER = ['2025-05-23', '2025-09-01', '2025-12-01'];

describe('the effective-date calendar', () => {
  it('finds the pattern in the spec: each of its quarterly dates is a first Monday', () => {
    expect([firstMonday(2024, 11), firstMonday(2025, 2), firstMonday(2025, 8), firstMonday(2025, 11)]).toEqual([
      '2024-12-02',
      '2025-03-03',
      '2025-09-01',
      '2025-12-01',
    ]);
  });

  it('continues the pattern for two years from today, today included', () => {
    expect(patternDates('2026-11-25')).toEqual([
      '2026-12-07',
      '2027-03-01',
      '2027-06-07',
      '2027-09-06',
      '2027-12-06',
      '2028-03-06',
      '2028-06-05',
      '2028-09-04',
    ]);
    expect(patternDates('2027-03-01')[0]).toBe('2027-03-01');
    // Two years on is 2029-03-01; that March's first Monday (the 5th) lies beyond.
    expect(patternDates('2027-03-01').at(-1)).toBe('2028-12-04');
  });

  it('keeps the spec’s dates and adds the coming ones, sorted and each once', () => {
    expect(offeredDates(SPEC_OTHER, '2025-10-01')).toEqual([
      '2025-05-23',
      '2025-09-01',
      '2025-12-01',
      '2026-03-02',
      '2026-06-01',
      '2026-09-07',
      '2026-12-07',
      '2027-03-01',
      '2027-06-07',
      '2027-09-06',
    ]);
    const offered = offeredDates(SPEC_136, '2026-11-25');
    expect(offered.slice(0, 2)).toEqual(SPEC_136);
    expect(offered.filter((date) => date >= '2026-11-25')).toHaveLength(8);
  });

  it('offers dates ahead of the real today, whatever year the test runs in', () => {
    const today = dutchToday();
    const ahead = offeredDates(SPEC_OTHER, today).filter((date) => date > today);
    expect(ahead.length).toBeGreaterThanOrEqual(7);
    expect(ahead.every((date) => new Date(date).getUTCDay() === 1)).toBe(true);
  });

  it('takes today in the Netherlands', () => {
    expect(dutchToday(new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
  });
});
