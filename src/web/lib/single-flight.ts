import { useState } from 'react';

/**
 * A runner that starts a task only when none of its tasks is on its way: a second call meanwhile
 * answers `skipped` at once. A form's submit button is disabled only once the page re-renders
 * with its pending state, which a double click (or Enter twice) beats; this does not wait for that.
 */
export function singleFlight(): <T>(task: () => Promise<T>) => Promise<{ skipped: true } | { skipped: false; value: T }> {
  let busy = false;
  return async (task) => {
    if (busy) return { skipped: true };
    busy = true;
    try {
      return { skipped: false, value: await task() };
    } finally {
      busy = false;
    }
  };
}

/** singleFlight() kept for a component's lifetime. */
export function useSingleFlight(): ReturnType<typeof singleFlight> {
  const [runner] = useState(singleFlight);
  return runner;
}
