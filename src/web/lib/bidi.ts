/**
 * Wraps a value (an email address, a name) in Unicode first-strong isolate marks, so that
 * interpolated into right-to-left text it keeps its own direction and does not reorder the
 * sentence around it.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
