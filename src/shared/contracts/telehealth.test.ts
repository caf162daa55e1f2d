import { describe, expect, it } from 'vitest';
import { MAX_CLIENT_FRAME_BYTES, MAX_SIGNAL_FRAME_BYTES, parseClientFrame } from './realtime';
import { joinClosesAt, joinOpensAt, visitOffered, visitPhase } from './telehealth';

const startsAt = new Date('2026-11-26T10:00:00Z');
const endsAt = new Date('2026-11-26T10:30:00Z');
const at = (iso: string) => new Date(iso);
const phase = (now: string, extra: Partial<Parameters<typeof visitPhase>[0]> = {}) =>
  visitPhase({ mode: 'telehealth', status: 'confirmed', startsAt, endsAt, endedAt: null, now: at(now), ...extra });

describe('the video visit join window', () => {
  it('opens 15 minutes before the start and closes an hour after the end', () => {
    expect(joinOpensAt(startsAt).toISOString()).toBe('2026-11-26T09:45:00.000Z');
    expect(joinClosesAt(endsAt).toISOString()).toBe('2026-11-26T11:30:00.000Z');
    expect(phase('2026-11-26T09:44:59Z')).toBe('not-open');
    expect(phase('2026-11-26T09:45:00Z')).toBe('open');
    expect(phase('2026-11-26T11:29:59Z')).toBe('open');
    expect(phase('2026-11-26T11:30:00Z')).toBe('ended');
  });

  it('is ended once the provider ended it or the appointment is completed, and unavailable when cancelled, no-show or in person', () => {
    expect(phase('2026-11-26T10:05:00Z', { endedAt: at('2026-11-26T10:04:00Z') })).toBe('ended');
    expect(phase('2026-11-26T10:05:00Z', { status: 'completed' })).toBe('ended');
    expect(phase('2026-11-26T10:05:00Z', { status: 'cancelled' })).toBe('unavailable');
    expect(phase('2026-11-26T10:05:00Z', { status: 'no_show' })).toBe('unavailable');
    expect(phase('2026-11-26T10:05:00Z', { mode: 'in_person' })).toBe('unavailable');
  });
});

describe('signalling frames', () => {
  const signal = (sdp: string) =>
    JSON.stringify({
      type: 'visit.signal',
      appointmentId: '4b8f1c3e-2a6d-4e1f-9c7b-1a2b3c4d5e6f',
      peerId: 'peer-aaaaaaaa',
      toUserId: '5c9f1c3e-2a6d-4e1f-9c7b-1a2b3c4d5e6f',
      toPeerId: 'peer-bbbbbbbb',
      description: { type: 'offer', sdp },
    });

  it('may carry a session description longer than other frames, up to the signalling limit', () => {
    const text = signal('v=0\r\n'.repeat(2000));
    expect(text.length).toBeGreaterThan(MAX_CLIENT_FRAME_BYTES);
    expect(parseClientFrame(text)).toMatchObject({ ok: true, frame: { type: 'visit.signal' } });
    expect(parseClientFrame(signal('x'.repeat(MAX_SIGNAL_FRAME_BYTES)))).toMatchObject({ ok: false, code: 'realtime.frame-too-large' });
  });

  it('refuses other frames over the ordinary limit, and a signal with neither description nor candidate', () => {
    expect(parseClientFrame(JSON.stringify({ type: 'visit.join', appointmentId: 'x'.repeat(MAX_CLIENT_FRAME_BYTES), peerId: 'peer-aaaaaaaa' }))).toMatchObject({ ok: false, code: 'realtime.frame-too-large' });
    const bare = JSON.parse(signal('v=0')) as Record<string, unknown>;
    delete bare.description;
    expect(parseClientFrame(JSON.stringify(bare))).toMatchObject({ ok: false, code: 'realtime.invalid-frame' });
    expect(parseClientFrame(JSON.stringify({ type: 'visit.join', appointmentId: '4b8f1c3e-2a6d-4e1f-9c7b-1a2b3c4d5e6f', peerId: 'short' }))).toMatchObject({ ok: false, code: 'realtime.invalid-frame' });
  });
});

describe('whether an appointment offers its video visit', () => {
  const appointment = (extra: Partial<Parameters<typeof visitOffered>[0]> = {}) => ({
    mode: 'telehealth',
    status: 'checked_in',
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    visitEnded: null,
    ...extra,
  });
  const now = at('2026-11-26T10:10:00Z');

  it('offers an open visit to both sides, and none before it opens', () => {
    expect(visitOffered(appointment(), now, 'patient')).toBe(true);
    expect(visitOffered(appointment(), now, 'practice')).toBe(true);
    expect(visitOffered(appointment(), at('2026-11-26T09:40:00Z'), 'patient')).toBe(false);
  });

  it('offers no visit a person ended; one that ended by itself only to the practice, while the window lasts', () => {
    const byPerson = appointment({ visitEnded: { at: '2026-11-26T10:08:00Z', bySystem: false } });
    expect([visitOffered(byPerson, now, 'patient'), visitOffered(byPerson, now, 'practice')]).toEqual([false, false]);
    const bySystem = appointment({ visitEnded: { at: '2026-11-26T10:08:00Z', bySystem: true } });
    expect([visitOffered(bySystem, now, 'patient'), visitOffered(bySystem, now, 'practice')]).toEqual([false, true]);
    expect(visitOffered(bySystem, at('2026-11-26T11:30:00Z'), 'practice')).toBe(false);
    expect(visitOffered({ ...bySystem, status: 'completed' }, now, 'practice')).toBe(false);
  });
});
