import { describe, expect, it } from 'vitest';
import { rovingIndex, tabStopOf } from './roving';

describe('rovingIndex', () => {
  it('moves forward with Right and Down, back with Left and Up, left to right', () => {
    expect(rovingIndex('ArrowRight', 1, 4, false)).toBe(2);
    expect(rovingIndex('ArrowDown', 1, 4, false)).toBe(2);
    expect(rovingIndex('ArrowLeft', 1, 4, false)).toBe(0);
    expect(rovingIndex('ArrowUp', 1, 4, false)).toBe(0);
  });

  it('mirrors Left and Right right to left; Up and Down keep their meaning', () => {
    expect(rovingIndex('ArrowLeft', 1, 4, true)).toBe(2);
    expect(rovingIndex('ArrowRight', 1, 4, true)).toBe(0);
    expect(rovingIndex('ArrowDown', 1, 4, true)).toBe(2);
    expect(rovingIndex('ArrowUp', 1, 4, true)).toBe(0);
  });

  it('wraps around at both ends, as radio buttons do', () => {
    expect(rovingIndex('ArrowRight', 3, 4, false)).toBe(0);
    expect(rovingIndex('ArrowLeft', 0, 4, false)).toBe(3);
    expect(rovingIndex('ArrowLeft', 3, 4, true)).toBe(0);
    expect(rovingIndex('ArrowDown', 0, 1, false)).toBe(0);
  });

  it('goes to the first and last with Home and End', () => {
    expect(rovingIndex('Home', 2, 5, false)).toBe(0);
    expect(rovingIndex('End', 2, 5, true)).toBe(4);
  });

  it('leaves other keys (Tab, Enter, Space, letters) and empty groups alone', () => {
    for (const key of ['Tab', 'Enter', ' ', 'a', 'PageDown']) expect(rovingIndex(key, 1, 4, false)).toBeNull();
    expect(rovingIndex('ArrowRight', 0, 0, false)).toBeNull();
  });
});

describe('tabStopOf', () => {
  it('is the chosen item when the group holds it, else the first', () => {
    expect(tabStopOf(['a', 'b', 'c'], (x) => x === 'b')).toBe('b');
    expect(tabStopOf(['a', 'b', 'c'], (x) => x === 'z')).toBe('a');
    expect(tabStopOf([], () => true)).toBeUndefined();
  });
});
