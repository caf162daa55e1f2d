import { type FormEvent, type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '~/shared/contracts/messaging';
import { Button } from '~/web/components/ui/button';
import { FileInput } from '~/web/components/ui/file-input';
import { Field } from '~/web/components/ui/field';
import { currentLanguage } from '~/web/lib/i18n';
import { useSingleFlight } from '~/web/lib/single-flight';
import { ATTACHMENT_ACCEPT, formatFileSize, isAcceptedFile } from '../lib/format';

const TEXTAREA = 'block min-h-24 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700';

export interface ComposerValue {
  body: string;
  file: File | null;
}

/**
 * A message's text and, when `withFile`, one PDF or image. `onSend` resolves true once sent (the
 * form then clears) and false when it failed (the form keeps what was written).
 */
/** Unsent texts by conversation, for this tab: switching to another conversation and back keeps them. */
const drafts = new Map<string, string>();

export function Composer({
  label,
  withFile,
  maxFileBytes,
  pending,
  error,
  onEdit,
  onSend,
  textareaRef,
  draftKey,
}: {
  label: string;
  withFile: boolean;
  /** The largest file the server takes, said in the hint and checked before uploading. */
  maxFileBytes?: number;
  pending: boolean;
  /** The server's answer to the last try, translated. */
  error: string | null;
  /** The text or the file changed: the server's answer to the last try (`error`) no longer applies. */
  onEdit?(): void;
  onSend(value: ComposerValue): Promise<boolean>;
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** Where the unsent text is kept (a conversation's id): it is there again on coming back to it. */
  draftKey?: string;
}) {
  const { t, i18n } = useTranslation('messages');
  const language = currentLanguage(i18n.resolvedLanguage);
  // The limit as the language writes numbers ("5,000", "5 000").
  const maxLength = new Intl.NumberFormat(language).format(MESSAGE_MAX_LENGTH);
  const [body, setBodyState] = useState(() => (draftKey ? (drafts.get(draftKey) ?? '') : ''));
  const setBody = (value: string) => {
    setBodyState(value);
    onEdit?.();
    if (value.trim()) setBodyProblem((current) => (current === 'empty' ? null : current));
    if (!draftKey) return;
    if (value) drafts.set(draftKey, value);
    else drafts.delete(draftKey);
  };
  const [file, setFile] = useState<File | null>(null);
  // Which rule the text broke on the last try (the message is written from it, in the current language).
  const [bodyProblem, setBodyProblem] = useState<'empty' | 'tooLong' | null>(null);
  const bodyError = bodyProblem === 'empty' ? t(withFile ? 'composer.empty' : 'composer.emptyText') : bodyProblem === 'tooLong' ? t('composer.tooLong', { max: maxLength }) : null;
  const [fileProblem, setFileProblem] = useState<'type' | 'tooLarge' | 'empty' | null>(null);
  const fileError = fileProblem === 'type' ? t('errors.attachmentType') : fileProblem === 'tooLarge' ? t('errors.attachmentTooLarge') : fileProblem === 'empty' ? t('errors.attachmentEmpty') : null;
  const fileInput = useRef<HTMLInputElement>(null);
  const formId = useId();
  // A second click (or Enter) while the first send is on its way sends nothing.
  const once = useSingleFlight();

  function chooseFile(chosen: File | null) {
    onEdit?.();
    if (chosen && !isAcceptedFile(chosen)) {
      setFile(null);
      setFileProblem('type');
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    if (chosen && chosen.size === 0) {
      setFile(null);
      setFileProblem('empty');
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    if (chosen && maxFileBytes !== undefined && chosen.size > maxFileBytes) {
      setFile(null);
      setFileProblem('tooLarge');
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFileProblem(null);
    setFile(chosen);
    // A file is something to send: "write a message or choose a file" no longer applies.
    if (chosen) setBodyProblem(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = body.trim();
    if (!text && !file) {
      setBodyProblem('empty');
      return;
    }
    if (text.length > MESSAGE_MAX_LENGTH) {
      setBodyProblem('tooLong');
      return;
    }
    setBodyProblem(null);
    const sent = await once(() => onSend({ body: text, file }));
    if (!sent.skipped && sent.value) {
      setBody('');
      setFile(null);
      // A file refused before (too large, empty) is not part of what was sent: its error goes too.
      setFileProblem(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
      <Field label={label} error={bodyError} hint={t('composer.hint', { max: maxLength })}>
        {({ id, describedBy, invalid }) => (
          <textarea
            ref={textareaRef}
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={TEXTAREA}
            rows={3}
            dir="auto"
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </Field>
      {withFile ? (
        <Field
          label={t('composer.file')}
          hint={maxFileBytes === undefined ? t('composer.fileHint') : t('composer.fileHintMax', { size: formatFileSize(maxFileBytes, language) })}
          error={fileError}
        >
          {({ id, describedBy, invalid }) => (
            <FileInput
              ref={fileInput}
              id={id}
              accept={ATTACHMENT_ACCEPT}
              describedBy={describedBy}
              invalid={invalid}
              file={file}
              onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {/* Busy, not disabled: the focus stays on it while sending (a disabled button would drop it to the page's body). */}
      <Button type="submit" busy={pending}>
        {pending ? t('composer.sending') : t('composer.send')}
      </Button>
    </form>
  );
}
