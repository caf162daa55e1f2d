import { clsx } from 'clsx';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VISIT_CHAT_MAX_LENGTH, type VisitChatMessage } from '~/shared/contracts/telehealth';
import { Button } from '~/web/components/ui/button';
import { Field } from '~/web/components/ui/field';
import { formatTime } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { useSingleFlight } from '~/web/lib/single-flight';
import { useSendVisitChat, useVisitChat } from '../api/telehealth-api';
import { useTelehealthError } from './parts';
import { useFormatLocale } from '~/web/lib/format-locale';

const TEXTAREA = 'block min-h-16 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700';
/** The count of characters shows from this many on (before that the limit is far). */
const COUNT_FROM = VISIT_CHAT_MAX_LENGTH - 200;

/** One message of the chat: who wrote it (or "You"), when, and its text. */
function ChatMessageItem({ message: m, zone }: { message: VisitChatMessage; zone: string }) {
  const { t } = useTranslation('telehealth');
  const locale = useFormatLocale();
  return (
    <li className={clsx('flex max-w-[90%] flex-col', m.mine ? 'items-end self-end' : 'items-start self-start')}>
      <span className="text-xs text-slate-700">
        {m.mine ? t('chat.you') : <bdi>{m.senderName}</bdi>} · <time dateTime={m.createdAt}>{formatTime(m.createdAt, locale, zone)}</time>
      </span>
      <p dir="auto" className={clsx('max-w-full min-w-0 rounded-2xl px-3 py-1.5 whitespace-pre-wrap wrap-anywhere', m.mine ? 'bg-teal-700 text-white' : 'bg-slate-100 text-slate-900')}>
        {m.body}
      </p>
    </li>
  );
}

/**
 * An ended visit's chat, to read (the visit's patient and provider): what was written in the call,
 * who wrote it and when, kept with the appointment. Nothing can be written any more.
 */
export function ChatTranscript({ appointmentId, zone }: { appointmentId: string; zone: string }) {
  const { t } = useTranslation('telehealth');
  const chat = useVisitChat(appointmentId, true);
  const errorMessage = useTelehealthError();
  const headingId = useId();
  const messages = chat.data?.messages ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('chat.transcriptTitle')}
      </h2>
      {chat.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(chat.error)}
        </p>
      ) : chat.isPending ? (
        <p className="mt-2 text-sm text-slate-700">{t('common.loading')}</p>
      ) : messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t('chat.transcriptNone')}</p>
      ) : (
        <ol aria-label={t('chat.messages')} className="mt-2 flex flex-col gap-2">
          {messages.map((m) => (
            <ChatMessageItem key={m.id} message={m} zone={zone} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The visit's chat: saved with the visit, live for everyone in it. */
export function ChatPanel({ appointmentId, zone }: { appointmentId: string; zone: string }) {
  const { t, i18n } = useTranslation('telehealth');
  const language = currentLanguage(i18n.resolvedLanguage);
  const chat = useVisitChat(appointmentId, true);
  const send = useSendVisitChat(appointmentId);
  const errorMessage = useTelehealthError();
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  const messages = chat.data?.messages ?? [];
  // No maxLength on the field (it would cut a paste short without a word): a message over the
  // limit is kept, said to be too long as it is written, and not sent until shortened.
  const length = body.trim().length;
  const tooLong = length > VISIT_CHAT_MAX_LENGTH;
  const number = new Intl.NumberFormat(language);
  // Written as the counter writes it ("2,000"), so the two agree.
  const tooLongMessage = t('chat.tooLong', { max: number.format(VISIT_CHAT_MAX_LENGTH) });

  // Messages from others are announced politely (not those there on opening).
  const newestIncoming = [...messages].reverse().find((m) => !m.mine);
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!chat.data) return;
    const id = newestIncoming?.id ?? null;
    if (seen.current !== undefined && id && id !== seen.current && newestIncoming) {
      setAnnouncement(t('chat.newMessage', { name: newestIncoming.senderName }));
    }
    seen.current = id;
  }, [chat.data, newestIncoming, t]);

  // Keep the newest message in view.
  const count = messages.length;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  // A double click (or Enter twice) sends once.
  const once = useSingleFlight();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = body.trim();
    if (!text) {
      setFieldError(t('chat.empty'));
      return;
    }
    if (text.length > VISIT_CHAT_MAX_LENGTH) {
      setFieldError(tooLongMessage);
      return;
    }
    setFieldError(null);
    setSendError(null);
    try {
      const sent = await once(() => send.mutateAsync(text));
      if (sent.skipped) return;
      setBody('');
      setAnnouncement(t('chat.sent'));
    } catch (error) {
      setSendError(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('chat.title')}
      </h2>
      {chat.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(chat.error)}
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{chat.isPending ? t('common.loading') : t('chat.none')}</p>
      ) : (
        // Scrollable, so it can take the focus for keyboard scrolling.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <ol ref={list} tabIndex={0} aria-label={t('chat.messages')} className="mt-2 flex max-h-72 flex-col gap-2 overflow-y-auto">
          {messages.map((m) => (
            <ChatMessageItem key={m.id} message={m} zone={zone} />
          ))}
        </ol>
      )}
      <div aria-live="polite" role="status" className="sr-only">
        {announcement}
      </div>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-2">
        <Field
          label={t('chat.label')}
          error={tooLong ? tooLongMessage : fieldError}
          hint={length >= COUNT_FROM ? t('chat.count', { used: number.format(length), max: number.format(VISIT_CHAT_MAX_LENGTH) }) : undefined}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={TEXTAREA}
              rows={2}
              value={body}
              onChange={(e) => {
                const next = e.target.value;
                // Said once when the text goes over the limit (a paste, say); the error stays under the field.
                if (next.trim().length > VISIT_CHAT_MAX_LENGTH && !tooLong) setAnnouncement(tooLongMessage);
                setBody(next);
                setFieldError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
          )}
        </Field>
        {sendError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {sendError}
          </p>
        ) : null}
        <Button type="submit" size="sm" busy={send.isPending}>
          {send.isPending ? t('chat.sending') : t('chat.send')}
        </Button>
      </form>
    </section>
  );
}
