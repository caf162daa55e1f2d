import { clsx } from 'clsx';
import { type ComponentPropsWithRef, type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';

/** Controls of the practice's profile forms that the shared kit does not have: a group of choices, a list, a checkbox, a text area. */

export const TEXTAREA_CLASS_NAME =
  'block w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-600';

export function TextArea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return <textarea className={clsx(TEXTAREA_CLASS_NAME, className)} {...props} />;
}

/** The ids a group's hint and error take, and what its controls are described by. */
function useDescribed(hint: ReactNode, error: string | null | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function HintAndError({ hint, error, hintId, errorId }: { hint: ReactNode; error: string | null | undefined; hintId: string; errorId: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** The language the label is written in, when it is not the page's (a language's own name). */
  lang?: string;
}

/** Several choices of a group as checkboxes that read as chips (languages, further specialties). */
export function ChoiceChips<T extends string>({
  legend,
  hint,
  error,
  choices,
  value,
  onChange,
}: {
  legend: string;
  hint?: ReactNode;
  error?: string | null;
  choices: readonly Choice<T>[];
  value: readonly T[];
  onChange(next: T[]): void;
}) {
  const { hintId, errorId, describedBy } = useDescribed(hint, error);
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {choices.map((choice) => {
          const checked = value.includes(choice.value);
          return (
            <label
              key={choice.value}
              className={clsx(
                'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700',
                checked ? 'border-teal-700 bg-teal-50 text-teal-900' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
            >
              <input
                type="checkbox"
                className="size-4 accent-teal-700"
                checked={checked}
                aria-invalid={error ? true : undefined}
                onChange={(e) => onChange(e.target.checked ? [...value, choice.value] : value.filter((v) => v !== choice.value))}
              />
              <span lang={choice.lang}>{choice.label}</span>
            </label>
          );
        })}
      </div>
      <HintAndError hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  );
}

/**
 * A list of short texts (conditions treated, qualifications): each with its remove button, and a
 * field to add one (Enter adds it too). The text being typed is the parent's, so a save can
 * include what was typed but not yet added.
 */
export function ListEditor({
  legend,
  inputLabel,
  addLabel,
  removeLabel,
  emptyText,
  hint,
  error,
  items,
  onChange,
  draft,
  onDraftChange,
  maxLength,
  maxItems,
}: {
  legend: string;
  inputLabel: string;
  addLabel: string;
  removeLabel: string;
  emptyText: string;
  hint?: ReactNode;
  error?: string | null;
  items: readonly string[];
  onChange(next: string[]): void;
  draft: string;
  onDraftChange(next: string): void;
  maxLength: number;
  maxItems: number;
}) {
  const { id, hintId, errorId, describedBy } = useDescribed(hint, error);
  const inputId = `${id}-input`;
  const full = items.length >= maxItems;
  function add() {
    const text = draft.trim();
    if (!text || full) return;
    if (!items.some((item) => item.toLocaleLowerCase() === text.toLocaleLowerCase())) onChange([...items, text]);
    onDraftChange('');
  }
  const listRef = useRef<HTMLUListElement>(null);
  /** Removes an entry; the focus goes to the next one's Remove (else the previous one's, else the new-entry field). */
  function removeAt(index: number) {
    flushSync(() => onChange(items.filter((_, i) => i !== index)));
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[index] ?? buttons[index - 1] ?? document.getElementById(inputId))?.focus();
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{emptyText}</p>
      ) : (
        <ul ref={listRef} className="mt-2 flex flex-wrap gap-2">
          {items.map((item, index) => (
            <li key={item} className="inline-flex items-center gap-1 rounded-full bg-slate-100 ps-3 text-sm text-slate-900">
              <bdi dir="auto">{item}</bdi>
              <Button variant="ghost" size="sm" className="rounded-full" onClick={() => removeAt(index)}>
                {removeLabel}
                <span className="sr-only">: {item}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId} className="mt-3 block text-sm text-slate-800">
        {inputLabel}
      </label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id={inputId}
          dir="auto"
          value={draft}
          maxLength={maxLength}
          disabled={full}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onDraftChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button variant="outline" onClick={add} disabled={full || draft.trim() === ''}>
          {addLabel}
        </Button>
      </div>
      <HintAndError hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  );
}

/** One checkbox with its label (and an error tied to it). */
export function CheckboxField({ label, checked, onChange, error }: { label: string; checked: boolean; onChange(next: boolean): void; error?: string | null }) {
  const { errorId, describedBy } = useDescribed(null, error);
  return (
    <div>
      <label className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          className="size-4 accent-teal-700"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
