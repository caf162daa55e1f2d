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
