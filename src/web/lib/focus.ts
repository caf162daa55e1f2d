import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';
import { MAIN_CONTENT_ID } from '~/web/components/layout/skip-link';

/**
 * Moves the focus to `target` (a heading, a message): one that is not focusable by itself gets
 * tabindex=-1 first, so it takes the focus without joining the Tab order.
 */
export function focusElement(target: HTMLElement | null | undefined): void {
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * When a part of the page that holds the focus goes away (a card that moved to the other list
 * after a change, a section emptied), the focus would fall to the page's body and a keyboard or
 * screen-reader user would start again at the top. This hook moves it to `fallback(node)` instead
 * (the part's surroundings are still in the document then), else to the page's first heading,
 * else to the main region. A layout effect's cleanup runs before React removes the part's nodes.
 */
export function useFocusFallback(ref: RefObject<HTMLElement | null>, fallback?: (node: HTMLElement) => HTMLElement | null | undefined): void {
  const latest = useRef(fallback);
  useLayoutEffect(() => {
    latest.current = fallback;
  });
  useLayoutEffect(() => {
    const node = ref.current;
    return () => {
      if (!node || !node.contains(document.activeElement)) return;
      const target = latest.current?.(node) ?? document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`) ?? document.getElementById(MAIN_CONTENT_ID);
      focusElement(target);
    };
  }, [ref]);
}

/** The heading that names the closest labelled section around `node`, if any. */
export function sectionHeadingOf(node: HTMLElement): HTMLElement | null {
  const section = node.parentElement?.closest<HTMLElement>('section[aria-labelledby]');
  const id = section?.getAttribute('aria-labelledby');
  return id ? document.getElementById(id) : null;
}

/**
 * A ref for an inline panel (a form opened under the button that toggles it) that Escape closes:
 * `close` runs on Escape inside it (and puts the focus back on that button). The panel is marked
 * data-escape-closes, so a dialog around it (the week view's card) leaves that Escape to the panel.
 */
export function useEscapeCloses<T extends HTMLElement>(close: () => void): (node: T | null) => (() => void) | undefined {
  const latest = useRef(close);
  useLayoutEffect(() => {
    latest.current = close;
  });
  return useCallback((node: T | null) => {
    if (!node) return undefined;
    node.setAttribute('data-escape-closes', '');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      latest.current();
    };
    node.addEventListener('keydown', onKeyDown);
    return () => node.removeEventListener('keydown', onKeyDown);
  }, []);
}

/**
 * After a form's own check refused what was typed: once the marks are rendered, the keyboard goes
 * to the first field to put right (the first with aria-invalid="true" inside `container`).
 */
export function focusFirstInvalid(container: HTMLElement | null | undefined): void {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
