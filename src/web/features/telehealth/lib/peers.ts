/** Who is who in a call's signalling (perfect negotiation, one connection per remote person). */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A page load's own id in the call: 20 random URL-safe characters (the contract takes 8 to 64). */
export function newPeerId(randomBytes: (length: number) => ArrayLike<number> = (length) => crypto.getRandomValues(new Uint8Array(length))): string {
  return Array.from(randomBytes(20), (b) => ALPHABET.charAt(b % 64)).join('');
}

/** The polite side of a pair gives way when both offer at once: the one with the smaller peer id. */
export function isPolite(myPeerId: string, theirPeerId: string): boolean {
  return myPeerId < theirPeerId;
}

/**
 * The session id of an SDP (`o=- <id> <version> …`): a new one from a known peer means the other
 * side made a new connection (a reload or a replaced connection), so ours must be made anew too.
 */
export function sdpSessionId(sdp: string): string | null {
  const match = /^o=\S+ (\S+) /m.exec(sdp);
  return match?.[1] ?? null;
}
