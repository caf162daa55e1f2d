import { describe, expect, it } from 'vitest';
import { formatTimeUntil, timeUntil } from './format';

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
});
