import { describe, expect, it } from 'vitest';
import { classifyQuality, readStats, type StatsEntry } from './quality';

describe('classifyQuality', () => {
  it('is good with a short round trip and little loss, fair and poor beyond', () => {
    expect(classifyQuality({ rttMs: 20, lossPercent: 0 })).toBe('good');
    expect(classifyQuality({ rttMs: 149, lossPercent: 1.9 })).toBe('good');
    expect(classifyQuality({ rttMs: 150, lossPercent: 0 })).toBe('fair');
    expect(classifyQuality({ rttMs: 20, lossPercent: 5 })).toBe('fair');
    expect(classifyQuality({ rttMs: 400, lossPercent: 0 })).toBe('poor');
    expect(classifyQuality({ rttMs: 20, lossPercent: 8 })).toBe('poor');
  });

  it('judges on what is known, and knows nothing before the first figures', () => {
    expect(classifyQuality({ rttMs: null, lossPercent: null })).toBeNull();
    expect(classifyQuality({ rttMs: 30, lossPercent: null })).toBe('good');
    expect(classifyQuality({ rttMs: null, lossPercent: 12 })).toBe('poor');
  });
});

describe('readStats', () => {
  const report = (received: number, lost: number, extra: StatsEntry[] = []): StatsEntry[] => [
    { id: 'T1', type: 'transport', selectedCandidatePairId: 'CP2' },
    { id: 'CP1', type: 'candidate-pair', state: 'failed', currentRoundTripTime: 2 },
    { id: 'CP2', type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.0424 },
    { id: 'IV', type: 'inbound-rtp', packetsReceived: received, packetsLost: lost },
    { id: 'IA', type: 'inbound-rtp', packetsReceived: 100, packetsLost: 0 },
    ...extra,
  ];

  it("takes the selected pair's round trip in milliseconds", () => {
    expect(readStats(report(0, 0), null).rttMs).toBe(42);
  });

  it('falls back to a nominated succeeded pair, then to a remote-inbound round trip', () => {
    expect(readStats([{ id: 'CP', type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.1 }], null).rttMs).toBe(100);
    expect(readStats([{ id: 'R', type: 'remote-inbound-rtp', roundTripTime: 0.25 }], null).rttMs).toBe(250);
    expect(readStats([], null)).toEqual({ rttMs: null, lossPercent: null, counters: { packetsReceived: 0, packetsLost: 0 } });
  });

  it('measures the loss since the previous sample over every inbound stream', () => {
    const first = readStats(report(900, 0), null);
    expect(first.lossPercent).toBeNull();
    expect(first.counters).toEqual({ packetsReceived: 1000, packetsLost: 0 });
    // 95 more arrived and 5 more were lost: 5 %.
    const second = readStats(report(995, 5), first.counters);
    expect(second.lossPercent).toBeCloseTo(5);
    expect(classifyQuality(second)).toBe('fair');
    // Nothing new: no figure rather than zero.
    expect(readStats(report(995, 5), second.counters).lossPercent).toBeNull();
  });
});
