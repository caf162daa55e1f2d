/** Toast constants of spec §9. */
export const TOAST = {
  durationMs: 4000,
  visibleToasts: 3,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 20,
} as const;
