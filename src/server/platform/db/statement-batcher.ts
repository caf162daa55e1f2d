import DataLoader from 'dataloader';

/**
 * Group commit for a statement many requests run at once (a message sent, a session read): the
 * calls made while earlier batches are still running wait and then go to the database together,
 * as one statement. Each round trip to PostgreSQL costs the server and the database more than the
 * row it carries (docs/architecture.md, "Statements shared by concurrent requests").
 *
 * - At most `concurrency` batches run at once. A call made while a slot is free starts a batch on
 *   the next turn of the event loop (so calls that arrived together share it); a call made while
 *   every slot is busy joins the batch that starts when one frees. At low load every call is a
 *   batch of one, with no timer and no added wait.
 * - A batch of more than `maxBatchSize` runs as several statements, one after another in its slot.
 * - `run` answers one value or Error per key, in the keys' order; an Error rejects only its call.
 *   When `run` itself throws, every call of that batch rejects with the error.
 *
 * DataLoader (graphql/dataloader) does the collecting and the answering; its cache is off, so
 * every call reaches the database.
 */
export function createStatementBatcher<K, V>(
  run: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
  options: { concurrency: number; maxBatchSize: number },
): (key: K) => Promise<V> {
  let freeSlots = options.concurrency;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else freeSlots++;
  };
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        const results: (V | Error)[] = [];
        for (let i = 0; i < keys.length; i += options.maxBatchSize) {
          const chunk = keys.slice(i, i + options.maxBatchSize);
          const answered = await run(chunk);
          if (answered.length !== chunk.length) throw new Error(`statement batch answered ${answered.length} results for ${chunk.length} calls`);
          results.push(...answered);
        }
        return results;
      } finally {
        release();
      }
    },
    {
      cache: false,
      batchScheduleFn: (dispatch) => {
        if (freeSlots > 0) {
          freeSlots--;
          setImmediate(dispatch);
        } else {
          waiting.push(dispatch);
        }
      },
    },
  );
  return (key) => loader.load(key);
}

/**
 * One batcher per database handle, made on first use (a test app or a second pool gets its own):
 * `make` builds the batcher for that database.
 */
export function batcherPerDatabase<D extends object, K, V>(make: (db: D) => (key: K) => Promise<V>): (db: D) => (key: K) => Promise<V> {
  const made = new WeakMap<D, (key: K) => Promise<V>>();
  return (db) => {
    let batcher = made.get(db);
    if (!batcher) {
      batcher = make(db);
      made.set(db, batcher);
    }
    return batcher;
  };
}
