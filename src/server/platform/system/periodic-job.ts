import type { FastifyBaseLogger } from 'fastify';

/** When the first run finds the database not migrated yet (main.ts migrates after ready). */
const NOT_READY_RETRY_MS = 2_000;
const NOT_READY_MAX_RETRIES = 60;

export interface PeriodicJob<R> {
  /** Runs once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run now (what the timer calls); undefined when it failed (logged). */
  runOnce(): Promise<R | undefined>;
  /**
   * New work was just committed: a run now, or one more right after the run in progress (which
   * may have read its work before this one existed). Kicks during a run make one more run, so
   * work that arrives under load is taken in batches.
   */
  kick(): void;
}

/**
 * A background job of this process: once at start (retried while the database is not migrated
 * yet), then every interval, one run at a time. Jobs keep their state in the database and take
 * their share of work with locks, so several processes may run the same job and a restart loses
 * nothing.
 */
export function createPeriodicJob<R extends { status: string }>(deps: {
  name: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  run: () => Promise<R>;
}): PeriodicJob<R> {
  let timer: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let running: Promise<R | undefined> | undefined;
  let stopped = false;
  let again = false;

  async function run(): Promise<R | undefined> {
    try {
      const result = await deps.run();
      deps.log.debug({ job: deps.name, result }, 'job ran');
      return result;
    } catch (error) {
      if (!stopped) deps.log.warn({ err: error, job: deps.name }, 'job failed');
      return undefined;
    }
  }

  function runOnce(): Promise<R | undefined> {
    // One run at a time in this process; a tick that finds one in progress joins it.
    running ??= run().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void runOnce();
      }
    });
    return running;
  }

  function firstRun(attempt: number): void {
    void runOnce().then((result) => {
      if (result?.status === 'not-ready' && !stopped && attempt < NOT_READY_MAX_RETRIES) {
        retry = setTimeout(() => firstRun(attempt + 1), NOT_READY_RETRY_MS);
        retry.unref();
      }
    });
  }

  return {
    start() {
      if (timer || stopped) return;
      firstRun(0);
      timer = setInterval(() => void runOnce(), deps.intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (retry) clearTimeout(retry);
      timer = undefined;
      await running;
    },
    runOnce,
    kick() {
      if (stopped) return;
      if (running) again = true;
      else void runOnce();
    },
  };
}
