/**
 * What the call's status line says about the others: whether this tab is still joining, alone
 * (nobody came yet), or left behind by someone who was in the call. Pure, for the call view.
 */

/** `departed` with this person added as the latest to leave (once, however often they went). */
export function withDeparture(departed: readonly string[], userId: string): string[] {
  return [...departed.filter((id) => id !== userId), userId];
}

/** `departed` without the people in the call again (the same array when nobody came back). */
export function withoutReturned(departed: readonly string[], present: readonly string[]): readonly string[] {
  const still = departed.filter((id) => !present.includes(id));
  return still.length === departed.length ? departed : still;
}

export type CallStatus =
  | { kind: 'joining' }
  /** Nobody else has been in the call while this tab was. */
  | { kind: 'alone' }
  /** Several people were in the call with this tab and all of them left. */
  | { kind: 'everyone-left' }
  /** These people left (the latest last); others may still be here. */
  | { kind: 'left'; userIds: readonly string[] }
  | { kind: 'none' };

export function callStatus(input: { joined: boolean; present: readonly string[]; departed: readonly string[] }): CallStatus {
  if (!input.joined) return { kind: 'joining' };
  const departed = input.departed.filter((id) => !input.present.includes(id));
  if (departed.length > 1 && input.present.length === 0) return { kind: 'everyone-left' };
  if (departed.length > 0) return { kind: 'left', userIds: departed };
  return input.present.length === 0 ? { kind: 'alone' } : { kind: 'none' };
}
