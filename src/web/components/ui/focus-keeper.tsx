import { type ReactNode, useRef } from 'react';
import { useFocusFallback } from '~/web/lib/focus';

/**
 * A part of a card that may go while it holds the keyboard focus (an open form whose action the
 * refreshed data no longer allows): the focus then goes to `fallback()` instead of the page's body.
 */
export function FocusKeeper({ fallback, children }: { fallback: () => HTMLElement | null; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusFallback(ref, fallback);
  return <div ref={ref}>{children}</div>;
}
