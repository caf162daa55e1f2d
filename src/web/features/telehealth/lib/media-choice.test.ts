import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedMediaChoice, saveMediaChoice } from './media-choice';

/** A tab's session storage (the unit tests run in Node, which has none). */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

const visitA = '7d0c3f4e-4a4b-4a8e-9d55-0d7a9b1a0001';
const visitB = '7d0c3f4e-4a4b-4a8e-9d55-0d7a9b1a0002';

describe('the microphone and camera choice kept across a reload', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', fakeStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('starts with both on, and keeps a muted microphone or a camera turned off for that visit only', () => {
    expect(savedMediaChoice(visitA)).toEqual({ microphone: true, camera: true });
    saveMediaChoice(visitA, { microphone: false, camera: true });
    expect(savedMediaChoice(visitA)).toEqual({ microphone: false, camera: true });
    expect(savedMediaChoice(visitB)).toEqual({ microphone: true, camera: true });
    saveMediaChoice(visitA, { microphone: false, camera: false });
    expect(savedMediaChoice(visitA)).toEqual({ microphone: false, camera: false });
  });

  it('forgets the entry once both are on again', () => {
    saveMediaChoice(visitA, { microphone: true, camera: false });
    saveMediaChoice(visitA, { microphone: true, camera: true });
    expect(sessionStorage.length).toBe(0);
    expect(savedMediaChoice(visitA)).toEqual({ microphone: true, camera: true });
  });

  it('takes anything it cannot read as on', () => {
    sessionStorage.setItem(`tendwell.visit.${visitA}.media`, 'not json');
    expect(savedMediaChoice(visitA)).toEqual({ microphone: true, camera: true });
    sessionStorage.setItem(`tendwell.visit.${visitA}.media`, JSON.stringify({ microphone: 'no' }));
    expect(savedMediaChoice(visitA)).toEqual({ microphone: true, camera: true });
  });

  it('without storage (private modes, the server) starts with both on and does not throw', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(savedMediaChoice(visitA)).toEqual({ microphone: true, camera: true });
    expect(() => saveMediaChoice(visitA, { microphone: false, camera: false })).not.toThrow();
  });
});
