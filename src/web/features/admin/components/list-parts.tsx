import { Button } from '~/web/components/ui/button';

export type ActionOutcome = { tone: 'success' | 'error'; text: string } | null;

/** Where an admin list reports what an action did: both live regions always present. */
export function ActionOutcomeMessage({ outcome }: { outcome: ActionOutcome }) {
  return (
    <div className="mt-4 min-h-6">
      <p role="status" className={outcome?.tone === 'success' ? 'text-sm font-medium text-emerald-800' : 'sr-only'}>
        {outcome?.tone === 'success' ? outcome.text : ''}
      </p>
      <p role="alert" className={outcome?.tone === 'error' ? 'text-sm font-medium text-red-700' : 'sr-only'}>
        {outcome?.tone === 'error' ? outcome.text : ''}
      </p>
    </div>
  );
}

/** Previous and next page of an admin list, with where the reader is. */
export function ListPager({
  label,
  status,
  previousLabel,
  nextLabel,
  page,
  pages,
  onPage,
}: {
  label: string;
  status: string;
  previousLabel: string;
  nextLabel: string;
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700">{status}</p>
      <div className="flex gap-2">
        <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {previousLabel}
        </Button>
        <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {nextLabel}
        </Button>
      </div>
    </nav>
  );
}
