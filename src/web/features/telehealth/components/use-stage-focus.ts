import { type RefObject, useEffect, useRef } from 'react';

/**
 * Keeps the keyboard on the visit page when it moves to another stage (device check, waiting
 * room, call, left, ended): the control that was pressed (Join, Start visit, Leave call…) is gone,
 * so focus moves to the new stage's heading (rendered with `tabIndex={-1}` and the returned ref),
 * where a screen reader starts reading the new stage. Not on the first load, and never away from
 * something the person went to outside the page's content (the header, say): only when the focus
 * was in the `<main>` that holds the heading, or lost to the body.
 */
export function useStageFocus(stage: string): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(stage);
  useEffect(() => {
    if (shown.current === stage) return;
    shown.current = stage;
    const target = heading.current;
    if (!target) return;
    const active = document.activeElement;
    if (active && active !== document.body && !target.closest('main')?.contains(active)) return;
    target.focus();
  }, [stage]);
  return heading;
}
