import { describe, expect, it } from 'vitest';
import { wrapIndex } from './carousel';
import { notificationsFor, parseDismissed } from './notifications';

describe('regional notifications', () => {
  it('shows a region its own notices and the ones for every region', () => {
    expect(notificationsFor('AU', []).map((n) => n.id)).toEqual(['ndis-registered', 'emergency-services', 'verify-providers']);
    expect(notificationsFor('GB', []).map((n) => n.id)).toEqual(['nhs-compliance', 'emergency-services', 'verify-providers']);
    expect(notificationsFor('US', []).map((n) => n.id)).toEqual(['emergency-services', 'verify-providers']);
  });

  it('opens the Australian, UK and Nigerian pages in a new tab', () => {
    const targets = ['AU', 'GB', 'NG'] as const;
    for (const region of targets) {
      const own = notificationsFor(region, [])[0];
      expect(own?.cta?.newTab, region).toBe(true);
    }
    expect(notificationsFor('NG', [])[0]?.cta?.to).toBe('/nigeria-pricing');
  });

  it('leaves out dismissed notices', () => {
    expect(notificationsFor('AU', ['ndis-registered', 'verify-providers']).map((n) => n.id)).toEqual(['emergency-services']);
  });

  it('keeps only known ids from a stored list and survives garbage', () => {
    expect(parseDismissed('["nhs-compliance","nope",3,"nhs-compliance"]')).toEqual(['nhs-compliance']);
    expect(parseDismissed('{"a":1}')).toEqual([]);
    expect(parseDismissed('not json')).toEqual([]);
    expect(parseDismissed(null)).toEqual([]);
  });
});

describe('wrapIndex', () => {
  it('wraps forward from the last item to the first and back from the first to the last', () => {
    expect(wrapIndex(4, 1, 5)).toBe(0);
    expect(wrapIndex(0, -1, 5)).toBe(4);
    expect(wrapIndex(2, 1, 5)).toBe(3);
    expect(wrapIndex(0, 0, 0)).toBe(0);
  });
});
