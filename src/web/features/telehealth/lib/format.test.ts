import { describe, expect, it } from 'vitest';
import { formatTimeUntil, localDay, timeUntil, zoneName } from './format';

describe('telehealth format', () => {
  const now = new Date('2031-03-04T10:00:00Z');

  it('counts down in minutes, then hours, then days; nothing once passed', () => {
    expect(timeUntil(new Date('2031-03-04T10:04:01Z'), now)).toEqual({ unit: 'minute', value: 5 });
    expect(timeUntil(new Date('2031-03-04T12:30:00Z'), now)).toEqual({ unit: 'hour', value: 2 });
    expect(timeUntil(new Date('2031-03-07T10:00:00Z'), now)).toEqual({ unit: 'day', value: 3 });
    expect(timeUntil(now, now)).toBeNull();
    expect(formatTimeUntil({ unit: 'minute', value: 5 }, 'en')).toBe('in 5 minutes');
    expect(formatTimeUntil({ unit: 'hour', value: 2 }, 'fr')).toBe('dans 2 heures');
  });

  it('names zones and local days', () => {
    expect(zoneName('Australia/Sydney', 'en', new Date('2031-01-15T00:00:00Z'))).toBe('Australian Eastern Daylight Time');
    expect(zoneName('Not/AZone', 'en')).toBe('Not/AZone');
    expect(localDay(new Date('2031-03-04T20:00:00Z'), 'Australia/Sydney')).toBe('2031-03-05');
  });
});
