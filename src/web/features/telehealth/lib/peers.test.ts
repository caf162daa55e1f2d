import { describe, expect, it } from 'vitest';
import { PeerIdSchema } from '~/shared/contracts/realtime';
import { isPolite, newPeerId, sdpSessionId } from './peers';

describe('call peers', () => {
  it('makes peer ids the contract takes, different each page load', () => {
    const a = newPeerId();
    const b = newPeerId();
    expect(PeerIdSchema.safeParse(a).success).toBe(true);
    expect(a).not.toBe(b);
    expect(newPeerId((n) => new Array<number>(n).fill(63))).toBe('_'.repeat(20));
  });

  it('makes exactly one side of a pair polite: the smaller peer id', () => {
    expect(isPolite('aaaaaaaa', 'bbbbbbbb')).toBe(true);
    expect(isPolite('bbbbbbbb', 'aaaaaaaa')).toBe(false);
    for (let i = 0; i < 20; i += 1) {
      const [x, y] = [newPeerId(), newPeerId()];
      expect(isPolite(x, y)).not.toBe(isPolite(y, x));
    }
  });

  it("reads an SDP's session id", () => {
    const sdp = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
    expect(sdpSessionId(sdp)).toBe('4611731400430051336');
    expect(sdpSessionId('v=0\r\n')).toBeNull();
  });
});
