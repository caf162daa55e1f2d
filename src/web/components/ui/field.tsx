import { type ReactNode, useId } from 'react';

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  /** The translated validation or server message, shown under the control and tied to it. */
  error?: string | null | undefined;
  /** Shown at the end of the label row (e.g. the 'Forgot password?' link). */
  labelAside?: ReactNode;
  /** Renders the control with the ids it must carry. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
}

/** A labelled control with its hint and error tied to it by aria-describedby. Every form uses it. */
export function Field({ label, hint, error, labelAside, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== '';
  const describedBy = [hasHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={id} className="block text-sm font-medium text-slate-900">
            {label}
          </label>
          {labelAside}
        </div>
      ) : (
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
      )}
      <div className="mt-1.5">{children({ id, describedBy, invalid: Boolean(error) })}</div>
      {hasHint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
