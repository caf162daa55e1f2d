import { describe, expect, it } from 'vitest';
import { createStatementBatcher } from './statement-batcher.js';

/** A fake statement whose batches stay open until the test finishes them. */
function recordingRun() {
  const batches: number[][] = [];
  const open: (() => void)[] = [];
  let running = 0;
  let mostRunning = 0;
  const run = (keys: readonly number[]) => {
    batches.push([...keys]);
    running++;
    mostRunning = Math.max(mostRunning, running);
    return new Promise<(string | Error)[]>((resolve) => {
      open.push(() => {
        running--;
        resolve(keys.map((k) => (k < 0 ? new Error(`refused ${k}`) : `row ${k}`)));
      });
    });
  };
  return { run, batches, open, mostRunning: () => mostRunning };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createStatementBatcher', () => {
  it('runs a call made alone as a batch of one, without waiting for anything else', async () => {
    const fake = recordingRun();
    const load = createStatementBatcher(fake.run, {
      concurrency: 2,
      maxBatchSize: 10,
    });
    const answer = load(1);
    await turn();
    expect(fake.batches).toEqual([[1]]);
    fake.open.shift()!();
    await expect(answer).resolves.toBe('row 1');
  });

  it('puts calls made together into one batch and answers each its own row', async () => {
    const fake = recordingRun();
    const load = createStatementBatcher(fake.run, {
      concurrency: 2,
      maxBatchSize: 10,
    });
    const answers = [load(1), load(2), load(3)];
    await turn();
    expect(fake.batches).toEqual([[1, 2, 3]]);
    fake.open.shift()!();
    await expect(Promise.all(answers)).resolves.toEqual(['row 1', 'row 2', 'row 3']);
  });

  it('collects the calls made while every slot is busy into the batch that starts when one frees', async () => {
    const fake = recordingRun();
    const load = createStatementBatcher(fake.run, {
      concurrency: 1,
      maxBatchSize: 10,
    });
    const first = load(1);
    await turn();
    const later = [load(2), load(3)];
    await turn();
    const evenLater = load(4);
    await turn();
    expect(fake.batches).toEqual([[1]]);
    fake.open.shift()!();
    await first;
    await turn();
    expect(fake.batches).toEqual([[1], [2, 3, 4]]);
    fake.open.shift()!();
    await expect(Promise.all([...later, evenLater])).resolves.toEqual(['row 2', 'row 3', 'row 4']);
    expect(fake.mostRunning()).toBe(1);
  });

  it('never runs more batches at once than its concurrency', async () => {
    const fake = recordingRun();
    const load = createStatementBatcher(fake.run, {
      concurrency: 2,
      maxBatchSize: 10,
    });
    const answers: Promise<string>[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(load(i));
      await turn();
    }
    expect(fake.batches).toEqual([[0], [1]]);
    while (fake.open.length > 0) {
      fake.open.shift()!();
      await turn();
      await turn();
    }
    await Promise.all(answers);
    expect(fake.batches).toEqual([[0], [1], [2, 3, 4]]);
    expect(fake.mostRunning()).toBe(2);
  });

  it('splits a batch larger than maxBatchSize into statements run one after another in its slot', async () => {
    const fake = recordingRun();
    const load = createStatementBatcher(fake.run, {
      concurrency: 1,
      maxBatchSize: 2,
    });
    const answers = [1, 2, 3, 4, 5].map((k) => load(k));
    await turn();
    expect(fake.batches).toEqual([[1, 2]]);
    for (let i = 0; i < 3; i++) {
      fake.open.shift()!();
      await turn();
    }
    await expect(Promise.all(answers)).resolves.toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']);
    expect(fake.batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(fake.mostRunning()).toBe(1);
  });

  it('rejects only the call whose row is an Error', async () => {
    const fake = recordingRun();
    const load = createStatementBatcher(fake.run, {
      concurrency: 1,
      maxBatchSize: 10,
    });
    const ok = load(1);
    const refused = load(-1);
    await turn();
    fake.open.shift()!();
    await expect(ok).resolves.toBe('row 1');
    await expect(refused).rejects.toThrow('refused -1');
  });

  it('rejects every call of a batch whose statement fails, and frees its slot for the next', async () => {
    let fail = true;
    const load = createStatementBatcher(
      async (keys: readonly number[]) => {
        if (fail) throw new Error('connection lost');
        return keys.map((k) => k * 10);
      },
      { concurrency: 1, maxBatchSize: 10 },
    );
    const failed = [load(1), load(2)];
    await expect(Promise.all(failed.map((p) => p.catch((e: Error) => e.message)))).resolves.toEqual(['connection lost', 'connection lost']);
    fail = false;
    await expect(load(3)).resolves.toBe(30);
  });

  it('refuses a statement that answers a different number of rows than calls', async () => {
    const load = createStatementBatcher(async () => ['only one'], {
      concurrency: 1,
      maxBatchSize: 10,
    });
    const answers = [load(1), load(2)].map((p) => p.catch((e: Error) => e.message));
    await expect(Promise.all(answers)).resolves.toEqual(['statement batch answered 1 results for 2 calls', 'statement batch answered 1 results for 2 calls']);
  });
});
