/**
 * A token bucket per socket: `perSecond` tokens a second up to a burst of `burst`. A frame
 * without a token is refused; refusals pile up into abuse (`abuseAfter` refusals with no quiet
 * `abuseWindowMs` between them), on which the socket is closed.
 */
export type RateDecision = 'ok' | 'limited' | 'abuse';

export interface TokenBucketOptions {
  perSecond: number;
  burst: number;
  abuseAfter: number;
  abuseWindowMs: number;
}

export class TokenBucket {
  private tokens: number;
  private last: number;
  private refusals = 0;
  private lastRefusal = -Infinity;

  constructor(
    private readonly options: TokenBucketOptions,
    now: number,
  ) {
    this.tokens = options.burst;
    this.last = now;
  }

  take(now: number): RateDecision {
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.options.burst, this.tokens + (elapsed / 1000) * this.options.perSecond);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'ok';
    }
    if (now - this.lastRefusal > this.options.abuseWindowMs) this.refusals = 0;
    this.lastRefusal = now;
    this.refusals += 1;
    return this.refusals >= this.options.abuseAfter ? 'abuse' : 'limited';
  }
}
