import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('skips a task asked for while another is on its way, and runs the next one after it settles, failed or not', async () => {
    const run = singleFlight();
    let finish: (value: string) => void = () => undefined;
    let started = 0;
    const first = run(
      () =>
        new Promise<string>((resolve) => {
          started += 1;
          finish = resolve;
        }),
    );
    expect(await run(async () => 'second')).toEqual({ skipped: true });
    expect(started).toBe(1);
    finish('first');
    expect(await first).toEqual({ skipped: false, value: 'first' });
    await expect(run(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await run(async () => 'after a failure')).toEqual({ skipped: false, value: 'after a failure' });
  });
});
