import { useRef } from 'react';
import { Button } from './button';

/**
 * Previous and next page of a list, with where the reader is. A button that goes disabled at the
 * first or last page would drop the keyboard focus to the page's body: reaching either end, the
 * focus moves to the other button instead.
 */
export function Pager({
  label,
  status,
  previousLabel,
  nextLabel,
  page,
  pages,
  onPage,
  size,
  className = 'mt-4 flex flex-wrap items-center justify-between gap-3',
}: {
  label: string;
  status: string;
  previousLabel: string;
  nextLabel: string;
  page: number;
  pages: number;
  onPage(page: number): void;
  size?: 'sm';
  className?: string;
}) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  function go(to: number) {
    onPage(to);
    if (to <= 1) next.current?.focus();
    else if (to >= pages) previous.current?.focus();
  }
  return (
    <nav aria-label={label} className={className}>
      <p className="text-sm text-slate-700">{status}</p>
      <div className="flex gap-2">
        <Button ref={previous} variant="outline" size={size} disabled={page <= 1} onClick={() => go(page - 1)}>
          {previousLabel}
        </Button>
        <Button ref={next} variant="outline" size={size} disabled={page >= pages} onClick={() => go(page + 1)}>
          {nextLabel}
        </Button>
      </div>
    </nav>
  );
}
