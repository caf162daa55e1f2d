import { type ChangeEvent, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface FileInputProps {
  id: string;
  ref?: Ref<HTMLInputElement>;
  accept: string;
  name?: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  disabled?: boolean;
  /** The file chosen now (the parent's state), whose name is shown; null: none. */
  file: File | null;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}

/**
 * A file field in the page's language. The browser's own control says "Choose file" and "No file
 * chosen" in the browser's language, whatever the page's, so the real input is visually hidden
 * (still focused and read as the field, with the Field's label) and a button-like label in our
 * words opens it; the chosen file's name (or "No file chosen") is part of its description. The
 * label's own text is hidden from the accessible name, which stays the Field's.
 */
export function FileInput({ id, ref, accept, name, describedBy, invalid, disabled, file, onChange }: FileInputProps) {
  const { t } = useTranslation('common');
  const chosenId = useId();
  return (
    <div className="flex min-h-10 flex-wrap items-center gap-3">
      <input
        ref={ref}
        id={id}
        type="file"
        name={name}
        accept={accept}
        aria-describedby={[chosenId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid}
        disabled={disabled}
        className="peer sr-only"
        onChange={onChange}
      />
      <label
        htmlFor={id}
        aria-hidden="true"
        className="inline-flex min-h-9 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        {t('fileInput.choose')}
      </label>
      <span id={chosenId} className="min-w-0 truncate text-sm text-slate-700" dir="auto">
        {file ? file.name : t('fileInput.none')}
      </span>
    </div>
  );
}
