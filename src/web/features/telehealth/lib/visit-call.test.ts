import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientFrame, ServerVisitPeer, ServerVisitSignal } from '~/shared/contracts/realtime';
import { type RemotePeer, VisitCall } from './visit-call';

/**
 * VisitCall's bookkeeping of the other tabs (who joined, who left), with stand-ins for the
 * browser's RTCPeerConnection and MediaStream: no media, no negotiation (nothing to send).
 */
class FakeStream {
  private readonly tracks: MediaStreamTrack[] = [];
  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track);
  }
  removeTrack(track: MediaStreamTrack) {
    this.tracks.splice(this.tracks.indexOf(track), 1);
  }
  getTracks() {
    return [...this.tracks];
  }
}

class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  candidates: unknown[] = [];
  ontrack: unknown = null;
  onnegotiationneeded: unknown = null;
  onicecandidate: unknown = null;
  oniceconnectionstatechange: unknown = null;
  onconnectionstatechange: unknown = null;
  constructor() {
    FakePeerConnection.made.push(this);
  }
  addIceCandidate(candidate: unknown) {
    this.candidates.push(candidate);
    return Promise.resolve();
  }
  close() {
    this.connectionState = 'closed';
  }
  restartIce() {}
}

const APPOINTMENT = '5f0c7b9e-2a41-4c8e-9d1f-0a3b6c7d8e9f';
const PATIENT = 'b3c1d2e4-5f60-4718-9a2b-3c4d5e6f7a8b';

function peer(state: 'joined' | 'left', joinId?: string): ServerVisitPeer {
  return { type: 'visit.peer', appointmentId: APPOINTMENT, userId: PATIENT, peerId: 'patient-tab-1', state, ...(joinId ? { joinId } : {}) };
}

const candidate: ServerVisitSignal = {
  type: 'visit.signal',
  appointmentId: APPOINTMENT,
  fromUserId: PATIENT,
  fromPeerId: 'patient-tab-1',
  toPeerId: 'provider-tab-1',
  candidate: { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
};

let call: VisitCall;
let peers: RemotePeer[];
let sent: ClientFrame[];
let left: string[];

beforeEach(() => {
  FakePeerConnection.made = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeStream);
  peers = [];
  sent = [];
  left = [];
  call = new VisitCall({
    appointmentId: APPOINTMENT,
    peerId: 'provider-tab-1',
    iceServers: [],
    audio: null,
    video: null,
    media: { audio: true, video: true },
    send: (frame) => {
      sent.push(frame);
      return true;
    },
    onChange: (next) => (peers = next),
    onLeft: (userId) => left.push(userId),
  });
});
afterEach(() => {
  call.close();
  vi.unstubAllGlobals();
});

describe('VisitCall: the other tabs', () => {
  it('keeps a tab that joined again on a new socket when its old socket’s `left` comes late', async () => {
    call.handlePeer(peer('joined', 'join-on-socket-a'));
    const [connection] = FakePeerConnection.made;
    connection!.connectionState = 'connected';
    // The tab's socket dropped; it joined again on its new socket with the same peer id.
    call.handlePeer(peer('joined', 'join-on-socket-b'));
    expect(FakePeerConnection.made).toHaveLength(1);
    // The server cut the old socket later: its `left` is about the first join only.
    call.handlePeer(peer('left', 'join-on-socket-a'));
    expect(peers.map((p) => p.peerId)).toEqual(['patient-tab-1']);
    expect(connection!.connectionState).toBe('connected');
    // Its frames are still heard (the peer id was not retired).
    call.handleSignal(candidate);
    await vi.waitFor(() => expect(connection!.candidates).toHaveLength(1));

    // Its current join's `left` ends it.
    call.handlePeer(peer('left', 'join-on-socket-b'));
    expect(peers).toEqual([]);
    expect(connection!.connectionState).toBe('closed');
  });

  it('a `left` without a join id (an earlier server), or for a tab whose join it did not hear, ends it', () => {
    call.handlePeer(peer('joined'));
    call.handlePeer(peer('left', 'join-on-socket-a'));
    expect(peers).toEqual([]);
    call.handlePeer(peer('joined', 'join-on-socket-b'));
    expect(peers).toHaveLength(1);
    call.handlePeer(peer('left'));
    expect(peers).toEqual([]);
  });
});

/** The media states this tab sent, as `toPeerId: audio/video`. */
function mediaSent(): string[] {
  return sent.flatMap((f) => (f.type === 'visit.signal' && f.media ? [`${f.toPeerId}: ${f.media.audio ? 'mic' : 'no mic'}, ${f.media.video ? 'camera' : 'no camera'}`] : []));
}

describe('VisitCall: microphone and camera state', () => {
  it('tells a tab it connects to, every tab when it changes, and a tab that joined again', () => {
    call.handlePeer(peer('joined', 'join-on-socket-a'));
    expect(mediaSent()).toEqual(['patient-tab-1: mic, camera']);
    call.setMediaState({ audio: false, video: true });
    call.setMediaState({ audio: false, video: false });
    expect(mediaSent().slice(1)).toEqual(['patient-tab-1: no mic, camera', 'patient-tab-1: no mic, no camera']);
    // Its socket dropped and it joined again: the connection stays, and it hears the state again
    // (it may have missed a change meanwhile).
    FakePeerConnection.made[0]!.connectionState = 'connected';
    call.handlePeer(peer('joined', 'join-on-socket-b'));
    expect(mediaSent().slice(3)).toEqual(['patient-tab-1: no mic, no camera']);
    // After this tab's own socket came back.
    call.announceMedia();
    expect(mediaSent().slice(4)).toEqual(['patient-tab-1: no mic, no camera']);
    expect(sent.every((f) => f.type === 'visit.signal' && f.appointmentId === APPOINTMENT && f.peerId === 'provider-tab-1' && f.toUserId === PATIENT)).toBe(true);
  });

  it('shows what the other tab says, also when it said it before the connection was made', () => {
    const media = (audio: boolean, video: boolean): ServerVisitSignal => ({ ...candidate, candidate: undefined, media: { audio, video } });
    // Heard before anything else from that tab: kept, and no connection made for it.
    call.handleSignal(media(false, true));
    expect(FakePeerConnection.made).toHaveLength(0);
    expect(peers).toEqual([]);
    call.handleSignal(candidate);
    expect(peers.map((p) => p.media)).toEqual([{ audio: false, video: true }]);
    call.handleSignal(media(true, false));
    expect(peers.map((p) => p.media)).toEqual([{ audio: true, video: false }]);
  });

  it('is unknown (null) until the tab says it', () => {
    call.handlePeer(peer('joined'));
    expect(peers.map((p) => p.media)).toEqual([null]);
  });
});

describe('VisitCall: who left', () => {
  it('reports a person whose tab left, not one whose tab a newer tab replaced', () => {
    call.handlePeer(peer('joined', 'join-1'));
    // A reload: the newer tab of the same person replaces the older.
    call.handlePeer({ ...peer('joined', 'join-2'), peerId: 'patient-tab-2' });
    expect(left).toEqual([]);
    call.handlePeer({ ...peer('left', 'join-2'), peerId: 'patient-tab-2' });
    expect(left).toEqual([PATIENT]);
    expect(peers).toEqual([]);
  });
});
