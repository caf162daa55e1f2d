/**
 * A call's connection quality per remote person, from `RTCPeerConnection.getStats()`: the
 * selected candidate pair's round-trip time and the share of packets lost since the last sample.
 * Pure functions over plain stats objects, so they are tested without a browser.
 */

export const QUALITY_LEVELS = ['good', 'fair', 'poor'] as const;
export type Quality = (typeof QUALITY_LEVELS)[number];

/** How often the call samples its stats. */
export const STATS_INTERVAL_MS = 2000;

/** Up to these (exclusive) a level holds: round trip in ms, loss in percent. */
export const QUALITY_LIMITS = {
  good: { rttMs: 150, lossPercent: 2 },
  fair: { rttMs: 400, lossPercent: 8 },
} as const;

/** Good, fair or poor from the round trip and the loss; null while neither is known. */
export function classifyQuality(sample: { rttMs: number | null; lossPercent: number | null }): Quality | null {
  const { rttMs, lossPercent } = sample;
  if (rttMs === null && lossPercent === null) return null;
  const within = (limit: { rttMs: number; lossPercent: number }) => (rttMs === null || rttMs < limit.rttMs) && (lossPercent === null || lossPercent < limit.lossPercent);
  if (within(QUALITY_LIMITS.good)) return 'good';
  if (within(QUALITY_LIMITS.fair)) return 'fair';
  return 'poor';
}

/** The counters one getStats() report gives: what the next sample is compared with. */
export interface StatsCounters {
  packetsReceived: number;
  packetsLost: number;
}

export interface StatsSample {
  rttMs: number | null;
  lossPercent: number | null;
  counters: StatsCounters;
}

/** The fields of the stats entries read here (RTCStats has many more). */
export interface StatsEntry {
  id: string;
  type: string;
  state?: string;
  nominated?: boolean;
  selected?: boolean;
  currentRoundTripTime?: number;
  roundTripTime?: number;
  selectedCandidatePairId?: string;
  packetsReceived?: number;
  packetsLost?: number;
}

/**
 * Reads a report: the round trip of the selected candidate pair (the transport's, else a
 * succeeded nominated one; else a remote-inbound report's), and the loss since `previous`
 * over every inbound stream (null without a previous sample or without new packets).
 */
export function readStats(entries: Iterable<StatsEntry>, previous: StatsCounters | null): StatsSample {
  const all = [...entries];
  const byId = new Map(all.map((e) => [e.id, e]));
  const selectedId = all.find((e) => e.type === 'transport' && e.selectedCandidatePairId)?.selectedCandidatePairId;
  const pair =
    (selectedId ? byId.get(selectedId) : undefined) ??
    all.find((e) => e.type === 'candidate-pair' && (e.selected === true || (e.nominated === true && e.state === 'succeeded')));
  let rtt = pair?.currentRoundTripTime;
  if (rtt === undefined) rtt = all.find((e) => e.type === 'remote-inbound-rtp' && typeof e.roundTripTime === 'number')?.roundTripTime;
  const counters = all
    .filter((e) => e.type === 'inbound-rtp')
    .reduce<StatsCounters>((sum, e) => ({ packetsReceived: sum.packetsReceived + (e.packetsReceived ?? 0), packetsLost: sum.packetsLost + Math.max(0, e.packetsLost ?? 0) }), { packetsReceived: 0, packetsLost: 0 });
  let lossPercent: number | null = null;
  if (previous) {
    const received = counters.packetsReceived - previous.packetsReceived;
    const lost = counters.packetsLost - previous.packetsLost;
    if (received >= 0 && lost >= 0 && received + lost > 0) lossPercent = (lost / (received + lost)) * 100;
  }
  return { rttMs: rtt === undefined ? null : Math.round(rtt * 1000), lossPercent, counters };
}
