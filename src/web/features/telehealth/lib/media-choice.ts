/**
 * Whether the person turned their microphone or camera off in a visit's call, kept in the tab's
 * session storage (beside the in-call mark of `rejoin.ts`) so that a reload, which joins the call
 * again by itself, does not turn a muted microphone back on: the call starts with the same choice,
 * on the buttons and in what the others are told. Only an "off" is worth keeping; both on is the
 * default and removes the entry. Another tab, or storage that is unavailable (private modes),
 * starts with both on.
 */
export interface MediaChoice {
  microphone: boolean;
  camera: boolean;
}

const ALL_ON: MediaChoice = { microphone: true, camera: true };
const key = (appointmentId: string) => `tendwell.visit.${appointmentId}.media`;

export function savedMediaChoice(appointmentId: string): MediaChoice {
  try {
    const raw = sessionStorage.getItem(key(appointmentId));
    if (!raw) return ALL_ON;
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return ALL_ON;
    const { microphone, camera } = parsed as Record<string, unknown>;
    // Anything but an explicit false (an entry of another version, a hand edit) is on.
    return { microphone: microphone !== false, camera: camera !== false };
  } catch {
    return ALL_ON;
  }
}

export function saveMediaChoice(appointmentId: string, choice: MediaChoice): void {
  try {
    if (choice.microphone && choice.camera) sessionStorage.removeItem(key(appointmentId));
    else sessionStorage.setItem(key(appointmentId), JSON.stringify({ microphone: choice.microphone, camera: choice.camera }));
  } catch {
    // No storage: a reload starts with both on.
  }
}
