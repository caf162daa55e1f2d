import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIME_ZONE_STORAGE_KEY } from '~/shared/contracts/profile';
import { effectiveTimeZone, storeTimeZone, storedTimeZone, timeZoneLabel, timeZoneOptions } from './time-zone';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('effectiveTimeZone (spec §4)', () => {
  it('prefers the saved zone, then the browser zone, then UTC', () => {
    expect(effectiveTimeZone('Europe/Paris', 'Asia/Tokyo')).toBe('Europe/Paris');
    expect(effectiveTimeZone(null, 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(effectiveTimeZone(undefined, null)).toBe('UTC');
    expect(effectiveTimeZone('', null)).toBe('UTC');
  });
});

describe('storeTimeZone', () => {
  it("keeps the zone under 'user-timezone'", () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { setItem: (k: string, v: string) => store.set(k, v), getItem: (k: string) => store.get(k) ?? null });
    storeTimeZone('America/Sao_Paulo');
    expect(store.get(TIME_ZONE_STORAGE_KEY)).toBe('America/Sao_Paulo');
    expect(storedTimeZone()).toBe('America/Sao_Paulo');
  });

  it("logs 'Could not save timezone preference' when storage refuses", () => {
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => storeTimeZone('UTC')).not.toThrow();
    expect(warn).toHaveBeenCalledWith('Could not save timezone preference', expect.any(DOMException));
    expect(storedTimeZone()).toBeNull();
    warn.mockRestore();
  });
});

describe('timeZoneOptions', () => {
  it('adds UTC and the current zone when the list lacks them, sorted, without duplicates', () => {
    expect(timeZoneOptions('Asia/Kolkata', ['Europe/London', 'Asia/Calcutta', 'Europe/London'])).toEqual([
      'Asia/Calcutta',
      'Asia/Kolkata',
      'Europe/London',
      'UTC',
    ]);
  });

  it('labels zones without underscores', () => {
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos Aires');
  });
});
