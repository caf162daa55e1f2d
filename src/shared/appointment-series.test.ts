import { describe, expect, it } from 'vitest';
import { seriesStarts } from './appointment-series';

describe('seriesStarts', () => {
  it('repeats the wall-clock time across Sydney’s change to summer time (first Sunday of October)', () => {
    // Thursday 25 September 2025, 09:00 AEST (+10) → 2 October 09:00 AEST, then (the change is on
    // Sunday 5 October) 9 October 09:00 AEDT (+11).
    expect(seriesStarts('2025-09-24T23:00:00.000Z', 'Australia/Sydney', 1, 3)).toEqual(['2025-09-24T23:00:00.000Z', '2025-10-01T23:00:00.000Z', '2025-10-08T22:00:00.000Z']);
  });

  it('and back to standard time in April, fortnightly', () => {
    // Thursday 27 March 2025, 16:30 AEDT (+11) → 10 April 16:30 AEST (+10).
    expect(seriesStarts('2025-03-27T05:30:00.000Z', 'Australia/Sydney', 2, 2)).toEqual(['2025-03-27T05:30:00.000Z', '2025-04-10T06:30:00.000Z']);
  });

  it('across New York’s changes in March and November', () => {
    // Monday 3 March 2025, 08:00 EST (-5) → 10 March 08:00 EDT (-4).
    expect(seriesStarts('2025-03-03T13:00:00.000Z', 'America/New_York', 1, 2)).toEqual(['2025-03-03T13:00:00.000Z', '2025-03-10T12:00:00.000Z']);
    // Monday 27 October 2025, 08:00 EDT → 24 November 08:00 EST, four-weekly.
    expect(seriesStarts('2025-10-27T12:00:00.000Z', 'America/New_York', 4, 2)).toEqual(['2025-10-27T12:00:00.000Z', '2025-11-24T13:00:00.000Z']);
  });

  it('moves a wall time the change skips forward by the gap', () => {
    // 02:30 on Sunday 2 March 2025 in New York, then 9 March, when 02:00-03:00 does not exist.
    expect(seriesStarts('2025-03-02T07:30:00.000Z', 'America/New_York', 1, 2)).toEqual(['2025-03-02T07:30:00.000Z', '2025-03-09T07:30:00.000Z']);
  });

  it('crosses months and years, and gives as many starts as visits', () => {
    const starts = seriesStarts('2026-12-21T00:00:00.000Z', 'UTC', 1, 12);
    expect(starts).toHaveLength(12);
    expect(starts[2]).toBe('2027-01-04T00:00:00.000Z');
    expect(starts[11]).toBe('2027-03-08T00:00:00.000Z');
    expect(seriesStarts('2026-12-21T00:00:00.000Z', 'UTC', 1, 1)).toEqual(['2026-12-21T00:00:00.000Z']);
  });
});
