import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createPeriodicJob } from './periodic-job.js';

const log = pino({ level: 'silent' });

/** A job whose runs finish only when the test says so. */
function controlledJob() {
  const runs: (() => void)[] = [];
  const job = createPeriodicJob({
    name: 'test',
    intervalMs: 3_600_000,
    log,
    run: () => new Promise<{ status: string }>((resolve) => runs.push(() => resolve({ status: 'done' }))),
  });
  const settle = () => new Promise((r) => setImmediate(r));
  return { job, runs, settle };
}

describe('periodic job kick', () => {
  it('runs at once when idle', async () => {
    const { job, runs, settle } = controlledJob();
    job.kick();
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]!();
    await job.stop();
  });

  it('runs once more after the run in progress, however many kicks came meanwhile', async () => {
    const { job, runs, settle } = controlledJob();
    job.kick();
    job.kick();
    job.kick();
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]!();
    await settle();
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!();
    await settle();
    await settle();
    // No kick during the second run: nothing more.
    expect(runs).toHaveLength(2);
    await job.stop();
  });

  it('does nothing once stopped', async () => {
    const { job, runs, settle } = controlledJob();
    job.kick();
    await settle();
    job.kick();
    const stopping = job.stop();
    runs[0]!();
    await stopping;
    job.kick();
    await settle();
    expect(runs).toHaveLength(1);
  });
});
