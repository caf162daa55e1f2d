import { describe, expect, it } from 'vitest';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelayMs } from './realtime';

describe('reconnectDelayMs', () => {
  it('doubles from 1 s and stays in the upper half of each step (jitter)', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelayMs(0, () => 1)).toBe(RECONNECT_BASE_MS);
    expect(reconnectDelayMs(3, () => 0)).toBe(4000);
    expect(reconnectDelayMs(3, () => 1)).toBe(8000);
  });

  it('never waits more than 30 s, however many attempts failed', () => {
    for (const attempt of [5, 10, 50, 1000]) {
      expect(reconnectDelayMs(attempt, () => 1)).toBe(RECONNECT_MAX_MS);
      expect(reconnectDelayMs(attempt, () => 0)).toBe(RECONNECT_MAX_MS / 2);
    }
  });

  it('spreads many clients out rather than reconnecting them together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => reconnectDelayMs(4)));
    expect(delays.size).toBeGreaterThan(10);
  });
});
