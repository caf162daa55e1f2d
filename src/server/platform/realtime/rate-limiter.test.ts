import { describe, expect, it } from 'vitest';
import { TokenBucket } from './rate-limiter.js';

const options = { perSecond: 50, burst: 50, abuseAfter: 100, abuseWindowMs: 2000 };

describe('TokenBucket', () => {
  it('allows a burst of `burst` frames at once, then refuses', () => {
    const bucket = new TokenBucket(options, 0);
    const decisions = Array.from({ length: 51 }, () => bucket.take(0));
    expect(decisions.slice(0, 50).every((d) => d === 'ok')).toBe(true);
    expect(decisions[50]).toBe('limited');
  });

  it('refills at `perSecond`: 50 a second sustained is always allowed', () => {
    const bucket = new TokenBucket(options, 0);
    for (let i = 0; i < 50; i += 1) bucket.take(0);
    // One frame every 20 ms is exactly 50 a second.
    for (let ms = 20; ms <= 10_000; ms += 20) expect(bucket.take(ms)).toBe('ok');
  });

  it('never holds more than the burst, however long it was quiet', () => {
    const bucket = new TokenBucket(options, 0);
    const decisions = Array.from({ length: 60 }, () => bucket.take(3_600_000));
    expect(decisions.filter((d) => d === 'ok')).toHaveLength(50);
  });

  it('turns sustained refusals into abuse, but forgives refusals separated by a quiet window', () => {
    const bucket = new TokenBucket(options, 0);
    for (let i = 0; i < 50; i += 1) bucket.take(0);
    const refused = Array.from({ length: 100 }, () => bucket.take(0));
    expect(refused.slice(0, 99).every((d) => d === 'limited')).toBe(true);
    expect(refused[99]).toBe('abuse');

    const patient = new TokenBucket({ ...options, abuseAfter: 3 }, 0);
    for (let i = 0; i < 50; i += 1) patient.take(0);
    expect(patient.take(0)).toBe('limited');
    expect(patient.take(0)).toBe('limited');
    // 2.5 s later the bucket has tokens again and the old refusals no longer count.
    for (let i = 0; i < 50; i += 1) expect(patient.take(2500)).toBe('ok');
    expect(patient.take(2500)).toBe('limited');
    expect(patient.take(2500)).toBe('limited');
    expect(patient.take(2500)).toBe('abuse');
  });

  it('does not refill when the clock goes backwards', () => {
    const bucket = new TokenBucket(options, 10_000);
    for (let i = 0; i < 50; i += 1) bucket.take(10_000);
    expect(bucket.take(5_000)).toBe('limited');
  });
});
