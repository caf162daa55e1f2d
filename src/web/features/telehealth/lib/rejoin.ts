/**
 * Whether this tab was in a visit's call: kept in the tab's session storage, so a reload of the
 * tab goes straight back into the call (the person was let in already) while the same link
 * opened in another tab or later still starts at the device check. Set when joining, cleared when
 * the person leaves or the visit ends. Storage may be unavailable (private modes): then a reload
 * asks again.
 */
const key = (appointmentId: string) => `tendwell.visit.${appointmentId}.in-call`;

export function markInCall(appointmentId: string, inCall: boolean): void {
  try {
    if (inCall) sessionStorage.setItem(key(appointmentId), '1');
    else sessionStorage.removeItem(key(appointmentId));
  } catch {
    // No storage: a reload shows the device check.
  }
}

export function wasInCall(appointmentId: string): boolean {
  try {
    return sessionStorage.getItem(key(appointmentId)) === '1';
  } catch {
    return false;
  }
}
