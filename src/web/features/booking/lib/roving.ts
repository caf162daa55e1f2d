/**
 * Keyboard movement inside a group with one Tab stop (a roving tabindex, as a radio group has):
 * the index `key` moves to from `index` among `count` items, or null when the key is not one of
 * the group's. Right and Left follow the reading direction (mirrored right to left), Down and Up
 * go forward and back; all four wrap around, as radio buttons do. Home and End go to the first
 * and the last.
 */
export function rovingIndex(key: string, index: number, count: number, rtl: boolean): number | null {
  if (count <= 0) return null;
  const step = (by: number) => (((index + by) % count) + count) % count;
  switch (key) {
    case 'ArrowRight':
      return step(rtl ? -1 : 1);
    case 'ArrowLeft':
      return step(rtl ? 1 : -1);
    case 'ArrowDown':
      return step(1);
    case 'ArrowUp':
      return step(-1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The item of a group that takes the Tab stop: the chosen one when it is in the group, else the first. */
export function tabStopOf<T>(items: readonly T[], isChosen: (item: T) => boolean): T | undefined {
  return items.find(isChosen) ?? items[0];
}
