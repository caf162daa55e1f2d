import { useId } from 'react';
import { SELECT_CLASS_NAME } from './parts';

/**
 * A labelled choice of the practice's providers (names bidi-isolated as typed), with an optional
 * first "any" choice whose value is empty: the calendar's filter and the front desk's booking.
 */
export function ProviderSelect({
  label,
  providers,
  value,
  onChange,
  anyLabel,
  className,
}: {
  label: string;
  providers: readonly { id: string; displayName: string }[];
  value: string;
  onChange(providerId: string): void;
  anyLabel?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <select id={id} className={`${SELECT_CLASS_NAME} mt-1.5`} value={value} onChange={(event) => onChange(event.target.value)}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {providers.map((p) => (
          <option key={p.id} value={p.id} dir="auto">
            {p.displayName}
          </option>
        ))}
      </select>
    </div>
  );
}
