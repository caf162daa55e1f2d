import { clsx } from 'clsx';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A native <select> styled like the app's inputs (keyboard, screen readers and mobile pickers for free). */
export const SELECT_CLASS_NAME =
  'h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 disabled:bg-slate-100';

/** One card of the Settings page, named by its heading. */
export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A labelled control with its hint and error (shared with every form: components/ui/field). */
export { Field, type FieldProps } from '~/web/components/ui/field';

/**
 * The result of what was just done. The message is produced at render time, so it follows a
 * change of interface language made after it appeared.
 */
export type Outcome = { tone: 'success' | 'error'; message: (i18n: I18n) => string } | null;

/**
 * Where a section reports the result of what was just done. The region is always in the page
 * (live regions must exist before their text changes): polite for success, assertive for errors.
 */
export function OutcomeMessage({ outcome, className }: { outcome: Outcome; className?: string }) {
  const { i18n } = useTranslation();
  const text = outcome ? outcome.message(i18n) : '';
  return (
    <>
      <p role="status" className={clsx('text-sm font-medium text-emerald-800', outcome?.tone === 'success' ? className : 'sr-only')}>
        {outcome?.tone === 'success' ? text : ''}
      </p>
      <p role="alert" className={clsx('text-sm font-medium text-red-700', outcome?.tone === 'error' ? className : 'sr-only')}>
        {outcome?.tone === 'error' ? text : ''}
      </p>
    </>
  );
}
