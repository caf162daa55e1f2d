import { clsx } from 'clsx';
import { Paperclip } from 'lucide-react';
import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Message } from '~/shared/contracts/messaging';
import { Button } from '~/web/components/ui/button';
import { formatDateTime } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { attachmentPath, fetchEarlier, useConversation, useMarkRead, useSendAttachment, useSendMessage } from '../api/messaging-api';
import { formatFileSize, mergeMessages } from '../lib/format';
import { Composer, type ComposerValue } from './composer';
import { PersonAvatar } from './conversation-list';
import { isMissing, QueryState, useMessagingError } from './parts';
import { useFormatLocale } from '~/web/lib/format-locale';

/** How many earlier pages are read to reach a message a search found (50 messages each). */
const FOUND_PAGES_MAX = 20;

/**
 * One conversation: its messages (oldest first, earlier ones on demand), read receipts and the
 * composer. `found`: a message the list's search matched, which the conversation opens at (reading
 * earlier pages until it is there), marked and focused.
 */
export function ConversationView({ id, zone, focusComposer = false, found = null }: { id: string; zone: string; focusComposer?: boolean; found?: string | null }) {
  const { t, i18n } = useTranslation('messages');
  const language = currentLanguage(i18n.resolvedLanguage);
  const conversation = useConversation(id);
  const { pathname } = useLocation();
  const markRead = useMarkRead();
  const send = useSendMessage();
  const sendFile = useSendAttachment();
  const errorMessage = useMessagingError();
  const [earlier, setEarlier] = useState<{ messages: Message[]; hasEarlier: boolean } | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierError, setEarlierError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const listId = useId();
  const data = conversation.data;
  const messages = mergeMessages(earlier?.messages ?? [], data?.messages ?? []);
  const hasEarlier = earlier ? earlier.hasEarlier : (data?.hasEarlier ?? false);

  // Read when opened and whenever the other person's newest message changes, but only while the
  // page is seen: a message that arrives in a background tab is read when the tab is shown again.
  const newestIncoming = [...(data?.messages ?? [])].reverse().find((m) => !m.mine)?.id ?? null;
  const { mutate: markReadNow } = markRead;
  const loaded = Boolean(data);
  const markedRead = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const seenNow = `${id} ${newestIncoming ?? ''}`;
    const markIfVisible = () => {
      if (document.visibilityState !== 'visible' || markedRead.current === seenNow) return;
      markedRead.current = seenNow;
      markReadNow(id);
    };
    markIfVisible();
    document.addEventListener('visibilitychange', markIfVisible);
    return () => document.removeEventListener('visibilitychange', markIfVisible);
  }, [id, newestIncoming, loaded, markReadNow]);

  useEffect(() => {
    if (loaded && focusComposer) textarea.current?.focus();
  }, [loaded, focusComposer]);

  // A conversation opens at its newest message, with the reply box in view, however long it is.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || found || scrolledTo.current === id) return;
    scrolledTo.current = id;
    textarea.current?.scrollIntoView({ block: 'nearest' });
  }, [id, loaded, found]);

  // A message the search found: earlier pages until it is loaded, then it is shown and focused.
  const foundItem = useRef<HTMLLIElement>(null);
  const foundShown = useRef<string | null>(null);
  const foundLoaded = Boolean(found && messages.some((m) => m.id === found));
  // Earlier pages, read one after another until one holds it (at most FOUND_PAGES_MAX), once per
  // found message; a refetch of the newest page meanwhile does not restart it.
  const sought = useRef<string | null>(null);
  const [soughtDone, setSoughtDone] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!found || !data || sought.current === found) return;
    sought.current = found;
    if (data.messages.some((m) => m.id === found) || !data.hasEarlier) return;
    const current = () => mounted.current && sought.current === found;
    void (async () => {
      let pages: Message[] = [];
      let oldest = data.messages[0]?.createdAt;
      let more: boolean = data.hasEarlier;
      try {
        for (let i = 0; i < FOUND_PAGES_MAX && more && oldest; i++) {
          const page = await fetchEarlier(id, oldest);
          if (!current()) return;
          pages = mergeMessages(page.messages, pages);
          more = page.hasEarlier;
          oldest = page.messages[0]?.createdAt;
          if (page.messages.some((m) => m.id === found)) break;
        }
        setEarlier((shown) => ({ messages: mergeMessages(pages, shown?.messages ?? []), hasEarlier: more }));
      } catch (error) {
        if (current()) setEarlierError(errorMessage(error));
      } finally {
        if (current()) setSoughtDone(found);
      }
    })();
  }, [found, data, id, errorMessage]);
  const seeking = Boolean(found && data && !foundLoaded && hasEarlier && soughtDone !== found && !earlierError);
  useEffect(() => {
    if (!foundLoaded || foundShown.current === found) return;
    foundShown.current = found;
    foundItem.current?.scrollIntoView({ block: 'center' });
    foundItem.current?.focus({ preventScroll: true });
  }, [found, foundLoaded]);

  // New messages from the other person are announced politely (not those there on opening).
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!data) return;
    if (seen.current !== undefined && newestIncoming && newestIncoming !== seen.current) {
      setAnnouncement(t('thread.newMessage', { name: data.with.name }));
    }
    seen.current = newestIncoming;
  }, [data, newestIncoming, t]);

  async function loadEarlier() {
    const oldest = messages[0];
    if (!oldest) return;
    setLoadingEarlier(true);
    setEarlierError(null);
    try {
      const page = await fetchEarlier(id, oldest.createdAt);
      setEarlier({ messages: mergeMessages(page.messages, earlier?.messages ?? []), hasEarlier: page.hasEarlier });
      // The button goes when nothing is left to load: keep the focus in the conversation.
      if (!page.hasEarlier) requestAnimationFrame(() => list.current?.focus());
    } catch (error) {
      setEarlierError(errorMessage(error));
    } finally {
      setLoadingEarlier(false);
    }
  }

  async function onSend({ body, file }: ComposerValue): Promise<boolean> {
    setSendError(null);
    try {
      if (file) await sendFile.mutateAsync({ id, file, body });
      else await send.mutateAsync({ id, body });
      setAnnouncement(t('composer.sent'));
      textarea.current?.focus();
      return true;
    } catch (error) {
      setSendError(errorMessage(error));
      return false;
    }
  }

  // The receipt goes under one's own newest message the other person has read.
  const lastRead = [...messages].reverse().find((m) => m.mine && m.readByOther)?.id;

  if (conversation.isError && isMissing(conversation.error)) {
    // Someone else's conversation (or none): the same answer either way, said plainly, not as a
    // failure to retry.
    return (
      <section aria-labelledby={headingId} className="min-w-0 self-start rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('missing.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('missing.body')}</p>
        <Link to={pathname} className="mt-3 inline-flex min-h-6 items-center text-sm font-medium text-teal-800 underline">
          {t('missing.back')}
        </Link>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <QueryState
        pending={conversation.isPending}
        error={conversation.isError ? conversation.error : null}
        retry={conversation.isError && isMissing(conversation.error) ? undefined : () => void conversation.refetch()}
      >
        {data ? (
          <>
            <div className="flex items-center gap-3 border-b border-slate-200 pb-3">
              <PersonAvatar name={data.with.name} image={data.with.image} />
              <div className="min-w-0">
                <h2 id={headingId} className="truncate text-lg font-semibold text-slate-900">
                  <bdi>{data.with.name}</bdi>
                </h2>
                <p className="truncate text-sm text-slate-700">
                  <bdi>{data.organisation.name}</bdi>
                </p>
              </div>
            </div>
            {seeking ? (
              <p role="status" className="mt-3 text-center text-sm text-slate-700">
                {t('thread.finding')}
              </p>
            ) : hasEarlier ? (
              <div className="mt-3 text-center">
                {/* Busy, not disabled: the focus stays on it while the page loads (a disabled button would drop it to the page's body). */}
                <Button variant="outline" size="sm" busy={loadingEarlier} onClick={() => void loadEarlier()}>
                  {loadingEarlier ? t('common.loading') : t('thread.earlier')}
                </Button>
                {earlierError ? (
                  <p role="alert" className="mt-2 text-sm text-red-700">
                    {earlierError}
                  </p>
                ) : null}
              </div>
            ) : null}
            {messages.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700">{t('thread.empty')}</p>
            ) : (
              <ol ref={list} tabIndex={-1} id={listId} aria-label={t('thread.label', { name: data.with.name })} className="mt-4 flex flex-col gap-3">
                {messages.map((m) => (
                  <MessageItem
                    key={m.id}
                    ref={m.id === found ? foundItem : undefined}
                    found={m.id === found}
                    message={m}
                    conversationId={id}
                    name={data.with.name}
                    language={language}
                    zone={zone}
                    read={m.id === lastRead}
                  />
                ))}
              </ol>
            )}
            <div aria-live="polite" role="status" className="sr-only">
              {announcement}
            </div>
            <div className="mt-4 border-t border-slate-200 pt-4">
              <Composer
                label={t('composer.label', { name: data.with.name })}
                withFile
                maxFileBytes={data.attachmentMaxBytes}
                pending={send.isPending || sendFile.isPending}
                error={sendError}
                onEdit={() => setSendError(null)}
                onSend={onSend}
                textareaRef={textarea}
                draftKey={id}
              />
            </div>
          </>
        ) : null}
      </QueryState>
    </section>
  );
}

function MessageItem({
  message: m,
  conversationId,
  name,
  language,
  zone,
  read,
  found,
  ref,
}: {
  message: Message;
  conversationId: string;
  name: string;
  language: string;
  zone: string;
  read: boolean;
  found: boolean;
  ref?: Ref<HTMLLIElement>;
}) {
  const { t } = useTranslation('messages');
  const locale = useFormatLocale();
  return (
    <li
      ref={ref}
      tabIndex={found ? -1 : undefined}
      className={clsx(
        'flex max-w-[85%] flex-col gap-1',
        m.mine ? 'items-end self-end' : 'items-start self-start',
        found && 'rounded-2xl p-1 ring-2 ring-amber-600 ring-offset-2 outline-none focus-visible:ring-4',
      )}
    >
      {found ? <span className="text-xs font-semibold text-amber-900">{t('thread.found')}</span> : null}
      <span className="sr-only">{m.mine ? t('thread.fromMe') : t('thread.from', { name })}</span>
      {/* A long unbroken word or link wraps inside the bubble instead of widening the page; each message keeps its own direction. */}
      <div className={clsx('max-w-full min-w-0 rounded-2xl px-4 py-2 text-start', m.mine ? 'bg-teal-700 text-white' : 'bg-slate-100 text-slate-900')}>
        {m.body ? (
          <p dir="auto" className="whitespace-pre-wrap wrap-anywhere">
            {m.body}
          </p>
        ) : null}
        {m.attachments.length > 0 ? (
          <ul className="mt-1 space-y-1">
            {m.attachments.map((a) => (
              <li key={a.id}>
                <a
                  href={attachmentPath(conversationId, a.id)}
                  download={a.fileName}
                  className={clsx('inline-flex min-h-6 items-center gap-1 font-medium underline', m.mine ? 'text-white' : 'text-teal-800')}
                >
                  <Paperclip aria-hidden="true" className="size-4 shrink-0" />
                  <bdi className="wrap-anywhere">{a.fileName}</bdi>
                  <span className="whitespace-nowrap">({formatFileSize(a.byteSize, language)})</span>
                  <span className="sr-only">{t('thread.download')}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <span className="text-xs text-slate-700">
        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, locale, zone)}</time>
        {read ? <span className="ms-2 font-medium text-teal-900">{t('thread.read')}</span> : null}
      </span>
    </li>
  );
}
