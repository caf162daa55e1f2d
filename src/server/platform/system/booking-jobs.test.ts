import { describe, expect, it } from 'vitest';
import { APPOINTMENT_EMAIL_MAX_ATTEMPTS, appointmentEmailRetryDelaySeconds } from './booking-jobs.js';

describe('appointment email retries', () => {
  it('wait 30 s after the first failure, twice as long after each next one, at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(appointmentEmailRetryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(appointmentEmailRetryDelaySeconds(40)).toBe(3600);
  });

  it('keep trying for several hours of a mail server outage before giving up', () => {
    let total = 0;
    for (let failed = 1; failed < APPOINTMENT_EMAIL_MAX_ATTEMPTS; failed++) total += appointmentEmailRetryDelaySeconds(failed);
    expect(total / 3600).toBeGreaterThan(6);
    expect(total / 3600).toBeLessThan(24);
  });
});
