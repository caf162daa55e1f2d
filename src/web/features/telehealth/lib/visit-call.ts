import type { ClientFrame, ServerVisitPeer, ServerVisitSignal } from '~/shared/contracts/realtime';
import type { MediaState } from '~/shared/contracts/telehealth';
import { isPolite, sdpSessionId } from './peers';
import { type Quality, STATS_INTERVAL_MS, type StatsCounters, type StatsEntry, classifyQuality, readStats } from './quality';

/**
 * One video visit's calls in this tab: a WebRTC connection per other person in the call, made
 * with the "perfect negotiation" pattern (MDN) over the realtime socket's `visit.signal` frames.
 * One person is one peer: a newer tab of the same person (a reload) replaces the older one.
 * Each tab also tells the others whether its microphone and camera are on (`media` signals): when
 * it changes, and to every tab it connects to or that joins again, so a late joiner learns it.
 * Browser-only (RTCPeerConnection); the pure parts (politeness, stats) are in peers.ts and quality.ts.
 */

export type PeerState = 'connecting' | 'connected' | 'reconnecting';

export interface RemotePeer {
  userId: string;
  peerId: string;
  stream: MediaStream;
  state: PeerState;
  quality: Quality | null;
  rttMs: number | null;
  lossPercent: number | null;
  /** Whether their microphone and camera are on, as they last said (null: not heard yet). */
  media: MediaState | null;
}

export interface VisitCallOptions {
  appointmentId: string;
  peerId: string;
  iceServers: RTCIceServer[];
  /** The microphone and camera tracks to send (either may be missing). */
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** Whether this tab's microphone and camera are on, told to the others (see setMediaState). */
  media: MediaState;
  send(frame: ClientFrame): boolean;
  onChange(peers: RemotePeer[]): void;
  /** Someone who was in the call left it (not a tab replaced by a newer one of the same person). */
  onLeft?(userId: string): void;
}

interface Entry {
  userId: string;
  peerId: string;
  /** The server's id of that tab's latest join of the call, when we heard it (`visit.peer` joined). */
  joinId: string | null;
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  remoteSessionId: string | null;
  stream: MediaStream;
  audioSender: RTCRtpSender | null;
  videoSender: RTCRtpSender | null;
  queue: Promise<void>;
  everConnected: boolean;
  counters: StatsCounters | null;
  quality: Quality | null;
  rttMs: number | null;
  lossPercent: number | null;
  media: MediaState | null;
  disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
}

/** A connection "disconnected" this long without recovering on its own restarts ICE. */
const DISCONNECTED_RESTART_MS = 5000;

function isStatsEntry(value: unknown): value is StatsEntry {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' && typeof (value as { type?: unknown }).type === 'string';
}

export class VisitCall {
  private readonly peers = new Map<string, Entry>();
  /** Peer ids that were replaced or left: their late frames are ignored. */
  private readonly retired = new Set<string>();
  /** Media states of tabs heard before their connection was made, by peer id. */
  private readonly pendingMedia = new Map<string, MediaState>();
  private media: MediaState;
  private readonly outgoing = new MediaStream();
  private audio: MediaStreamTrack | null;
  private video: MediaStreamTrack | null;
  private readonly statsTimer: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(private readonly options: VisitCallOptions) {
    this.audio = options.audio;
    this.video = options.video;
    this.media = options.media;
    for (const track of [this.audio, this.video]) if (track) this.outgoing.addTrack(track);
    this.statsTimer = setInterval(() => void this.sampleStats(), STATS_INTERVAL_MS);
  }

  /** Another tab entered or left the call. */
  handlePeer(frame: ServerVisitPeer): void {
    if (this.closed || frame.appointmentId !== this.options.appointmentId || frame.peerId === this.options.peerId) return;
    const existing = this.peers.get(frame.userId);
    const joinId = frame.joinId ?? null;
    if (frame.state === 'left') {
      if (existing?.peerId !== frame.peerId) return;
      // A `left` of an earlier join: the tab joined again on a new socket since, and its old
      // socket closed late. The tab is still here.
      if (joinId !== null && existing.joinId !== null && existing.joinId !== joinId) return;
      this.remove(existing, true);
      this.changed();
      this.options.onLeft?.(existing.userId);
      return;
    }
    // The same tab joined again after its socket reconnected: a working connection stays. It may
    // have missed a change of our microphone or camera meanwhile.
    if (existing?.peerId === frame.peerId && existing.pc.connectionState === 'connected') {
      existing.joinId = joinId;
      this.signal(existing, { media: this.media });
      return;
    }
    if (existing) this.remove(existing, existing.peerId !== frame.peerId);
    this.retired.delete(frame.peerId);
    // Adding our tracks makes the connection negotiate: we send the offer.
    this.create(frame.userId, frame.peerId, joinId);
    this.changed();
  }

  /** An offer, answer or candidate from another tab. */
  handleSignal(frame: ServerVisitSignal): void {
    if (this.closed || frame.appointmentId !== this.options.appointmentId || frame.toPeerId !== this.options.peerId) return;
    if (this.retired.has(frame.fromPeerId)) return;
    let entry = this.peers.get(frame.fromUserId);
    if (frame.media) {
      if (entry?.peerId === frame.fromPeerId) {
        entry.media = frame.media;
        this.changed();
      } else {
        // A tab we have no connection with yet: its offer makes one (a state alone does not).
        this.pendingMedia.set(frame.fromPeerId, frame.media);
      }
      if (!frame.description && frame.candidate === undefined) return;
    }
    if (!entry || entry.peerId !== frame.fromPeerId) {
      // A tab we have not heard of (we joined after it): its signal makes the connection.
      if (entry) this.remove(entry, true);
      entry = this.create(frame.fromUserId, frame.fromPeerId);
      this.changed();
    }
    const target = entry;
    target.queue = target.queue.then(() => this.applySignal(target, frame)).catch(() => undefined);
  }

  /** Tells every tab in the call whether this tab's microphone and camera are on now. */
  setMediaState(media: MediaState): void {
    this.media = media;
    this.announceMedia();
  }

  /** Tells every tab in the call this tab's media state again (after this tab's socket came back). */
  announceMedia(): void {
    if (this.closed) return;
    for (const entry of this.peers.values()) this.signal(entry, { media: this.media });
  }

  /** Sends this track as the video (the camera, a shared screen, or nothing). */
  setVideoTrack(track: MediaStreamTrack | null): void {
    if (this.video) this.outgoing.removeTrack(this.video);
    this.video = track;
    if (track) this.outgoing.addTrack(track);
    for (const entry of this.peers.values()) {
      if (entry.videoSender) void entry.videoSender.replaceTrack(track).catch(() => undefined);
      else if (track) entry.videoSender = entry.pc.addTrack(track, this.outgoing);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.statsTimer);
    this.pendingMedia.clear();
    for (const entry of [...this.peers.values()]) this.remove(entry, true);
    this.changed();
  }

  private create(userId: string, peerId: string, joinId: string | null = null): Entry {
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    const entry: Entry = {
      userId,
      peerId,
      joinId,
      pc,
      polite: isPolite(this.options.peerId, peerId),
      makingOffer: false,
      ignoreOffer: false,
      remoteSessionId: null,
      stream: new MediaStream(),
      audioSender: null,
      videoSender: null,
      queue: Promise.resolve(),
      everConnected: false,
      counters: null,
      quality: null,
      rttMs: null,
      lossPercent: null,
      media: this.pendingMedia.get(peerId) ?? null,
      disconnectedTimer: undefined,
    };
    this.pendingMedia.delete(peerId);
    this.peers.set(userId, entry);
    const current = () => this.peers.get(userId) === entry && !this.closed;
    pc.ontrack = ({ track }) => {
      if (!current()) return;
      for (const old of entry.stream.getTracks()) if (old.kind === track.kind && old !== track) entry.stream.removeTrack(old);
      if (!entry.stream.getTracks().includes(track)) entry.stream.addTrack(track);
      this.changed();
    };
    pc.onnegotiationneeded = async () => {
      try {
        entry.makingOffer = true;
        await pc.setLocalDescription();
        if (current() && pc.localDescription) this.signal(entry, { description: { type: pc.localDescription.type, sdp: pc.localDescription.sdp } });
      } catch {
        // A collision or a closed connection: perfect negotiation recovers with the next offer.
      } finally {
        entry.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (!current()) return;
      if (!candidate) {
        this.signal(entry, { candidate: null });
        return;
      }
      if (!candidate.candidate) return;
      this.signal(entry, {
        candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex, usernameFragment: candidate.usernameFragment },
      });
    };
    pc.oniceconnectionstatechange = () => {
      if (current() && pc.iceConnectionState === 'failed') pc.restartIce();
    };
    pc.onconnectionstatechange = () => {
      if (!current()) return;
      clearTimeout(entry.disconnectedTimer);
      if (pc.connectionState === 'connected') entry.everConnected = true;
      if (pc.connectionState === 'failed') pc.restartIce();
      if (pc.connectionState === 'disconnected') {
        entry.disconnectedTimer = setTimeout(() => {
          if (current() && pc.connectionState === 'disconnected') pc.restartIce();
        }, DISCONNECTED_RESTART_MS);
      }
      this.changed();
    };
    if (this.audio) entry.audioSender = pc.addTrack(this.audio, this.outgoing);
    if (this.video) entry.videoSender = pc.addTrack(this.video, this.outgoing);
    // A new connection: that tab learns whether our microphone and camera are on.
    this.signal(entry, { media: this.media });
    return entry;
  }

  private async applySignal(entry: Entry, frame: ServerVisitSignal): Promise<void> {
    if (this.peers.get(entry.userId) !== entry) return;
    const { description, candidate } = frame;
    if (description) {
      const sessionId = sdpSessionId(description.sdp);
      if (description.type === 'offer' && entry.remoteSessionId && sessionId && sessionId !== entry.remoteSessionId) {
        // The other side made a new connection (its tab reloaded or replaced ours): so do we.
        this.remove(entry, false);
        const fresh = this.create(entry.userId, entry.peerId, entry.joinId);
        fresh.media = entry.media;
        this.changed();
        await this.applySignal(fresh, frame);
        return;
      }
      const { pc } = entry;
      const collision = description.type === 'offer' && (entry.makingOffer || pc.signalingState !== 'stable');
      entry.ignoreOffer = !entry.polite && collision;
      if (entry.ignoreOffer) return;
      await pc.setRemoteDescription({ type: description.type, sdp: description.sdp });
      if (sessionId) entry.remoteSessionId = sessionId;
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        if (pc.localDescription && this.peers.get(entry.userId) === entry) {
          this.signal(entry, { description: { type: pc.localDescription.type, sdp: pc.localDescription.sdp } });
        }
      }
    } else if (candidate !== undefined) {
      try {
        await entry.pc.addIceCandidate(candidate === null ? null : { candidate: candidate.candidate, sdpMid: candidate.sdpMid ?? null, sdpMLineIndex: candidate.sdpMLineIndex ?? null, usernameFragment: candidate.usernameFragment ?? null });
      } catch (error) {
        if (!entry.ignoreOffer) throw error;
      }
    }
  }

  private signal(entry: Entry, payload: Pick<Extract<ClientFrame, { type: 'visit.signal' }>, 'description' | 'candidate' | 'media'>): void {
    this.options.send({ type: 'visit.signal', appointmentId: this.options.appointmentId, peerId: this.options.peerId, toUserId: entry.userId, toPeerId: entry.peerId, ...payload });
  }

  private remove(entry: Entry, retire: boolean): void {
    clearTimeout(entry.disconnectedTimer);
    entry.pc.ontrack = null;
    entry.pc.onnegotiationneeded = null;
    entry.pc.onicecandidate = null;
    entry.pc.oniceconnectionstatechange = null;
    entry.pc.onconnectionstatechange = null;
    entry.pc.close();
    if (this.peers.get(entry.userId) === entry) this.peers.delete(entry.userId);
    if (retire) this.retired.add(entry.peerId);
  }

  private async sampleStats(): Promise<void> {
    let any = false;
    for (const entry of [...this.peers.values()]) {
      if (entry.pc.connectionState !== 'connected') continue;
      try {
        const report = await entry.pc.getStats();
        const entries: StatsEntry[] = [];
        report.forEach((value: unknown) => {
          if (isStatsEntry(value)) entries.push(value);
        });
        const sample = readStats(entries, entry.counters);
        entry.counters = sample.counters;
        if (sample.rttMs !== null) entry.rttMs = sample.rttMs;
        if (sample.lossPercent !== null) entry.lossPercent = sample.lossPercent;
        const quality = classifyQuality({ rttMs: entry.rttMs, lossPercent: entry.lossPercent });
        entry.quality = quality;
        any = true;
      } catch {
        // A connection closing meanwhile.
      }
    }
    if (any) this.changed();
  }

  private changed(): void {
    const peers: RemotePeer[] = [...this.peers.values()].map((e) => ({
      userId: e.userId,
      peerId: e.peerId,
      stream: e.stream,
      state: e.pc.connectionState === 'connected' ? 'connected' : e.everConnected || e.pc.connectionState === 'disconnected' || e.pc.connectionState === 'failed' ? 'reconnecting' : 'connecting',
      quality: e.quality,
      rttMs: e.rttMs,
      lossPercent: e.lossPercent,
      media: e.media,
    }));
    this.options.onChange(peers);
  }
}
