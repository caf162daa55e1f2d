/**
 * The time zone's IANA name as the runtime knows it, or null when it does not know it. `Intl`
 * throws a RangeError for unknown names. A name differing only in case gets the runtime's
 * spelling; an alias the runtime resolves to another name (Asia/Kolkata → Asia/Calcutta) is kept
 * as given, so it stays the option the person chose in their browser's list.
 */
export function knownTimeZone(name: string): string | null {
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}
