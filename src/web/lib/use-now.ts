import { useEffect, useState } from 'react';

/**
 * The current time, looked at again every `everyMs` while `enabled` (a component that needs the
 * time only in some states, e.g. a video visit's card, keeps no timer otherwise).
 */
export function useNow(everyMs: number, enabled = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, enabled]);
  return now;
}
