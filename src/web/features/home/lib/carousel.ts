/** The next slide index, wrapping at both ends (spec §4: the testimonial index wraps). */
export function wrapIndex(index: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + step) % length) + length) % length;
}

/** Spec §9: the home page renders after at most 2 s even when its data has not arrived. */
export const HOME_FORCED_RENDER_MS = 2000;

/** Testimonials advance on their own every 7 s, except for people who prefer reduced motion. */
export const TESTIMONIAL_INTERVAL_MS = 7000;
