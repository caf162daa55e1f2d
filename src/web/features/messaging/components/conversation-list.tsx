import { clsx } from 'clsx';
import { Avatar } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { conversationSearchWords, type ConversationListItem } from '~/shared/contracts/messaging';
import { Button } from '~/web/components/ui/button';
import { formatDateTime } from '~/web/lib/dates';
import { personInitials, useAuth } from '~/web/lib/session';
import { useConversations } from '../api/messaging-api';
import { foundPreviewOf, markWords, previewOf } from '../lib/format';
import { ListPager, QueryState, SearchWords } from './parts';
import { useFormatLocale } from '~/web/lib/format-locale';

export function PersonAvatar({ name, image }: { name: string; image: string | null }) {
  return (
    <Avatar.Root className="inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-700 text-sm font-semibold text-white">
      {image ? <Avatar.Image src={image} alt="" className="size-full object-cover" /> : null}
      <Avatar.Fallback delayMs={image ? 600 : undefined}>{personInitials(name)}</Avatar.Fallback>
    </Avatar.Root>
  );
}

/** The list's narrowing, as the address holds it (`?q=` and `?unread=true`, beside `?conversation=`). */
export interface ListFilter {
  q: string;
  unread: boolean;
}

/** The person's conversations, most recent first, each a link selecting it; searchable by name or a message's words, and to the unread ones. */
export function ConversationList({
  page,
  setPage,
  selected,
  zone,
  filter,
  onFilter,
}: {
  page: number;
  setPage(page: number): void;
  selected: string | null;
  zone: string;
  filter: ListFilter;
  onFilter(filter: ListFilter): void;
}) {
  const { t } = useTranslation('messages');
  const locale = useFormatLocale();
  const list = useConversations({ page, ...filter });
  const headingId = useId();
  const id = useId();
  const [draft, setDraft] = useState(filter.q);
  // The address may change the search (Back, a shared link): the box follows it.
  // The box ticks at once (the address changes after a navigation, which React would undo it for).
  const [unread, setUnread] = useState(filter.unread);
  const [shown, setShown] = useState(filter);
  if (shown.q !== filter.q || shown.unread !== filter.unread) {
    setShown(filter);
    setDraft(filter.q);
    setUnread(filter.unread);
  }
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const narrowed = filter.q.trim() !== '' || filter.unread;
  const words = conversationSearchWords(filter.q);
  const linkSearch = (conversation: ConversationListItem) => {
    const params = new URLSearchParams({ conversation: conversation.id });
    if (filter.q.trim()) params.set('q', filter.q.trim());
    if (filter.unread) params.set('unread', 'true');
    // The message the search found: the conversation opens at it.
    if (conversation.match) params.set('message', conversation.match.id);
    return `?${params.toString()}`;
  };
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onFilter({ ...filter, q: draft.trim() });
  }
  // An emptied box is no search (as in a mail inbox): the list stops narrowing by the words the
  // box no longer shows, at once, not on the next submit.
  function onSearchChange(value: string) {
    setDraft(value);
    if (!value.trim() && filter.q.trim()) onFilter({ ...filter, q: '' });
  }
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('list.title')}
      </h2>
      <form role="search" aria-label={t('list.searchLabel')} onSubmit={onSubmit} className="mt-3 space-y-2">
        <SearchWords id={`${id}-q`} label={t('list.search')} value={draft} onChange={onSearchChange} />
        <label className="flex min-h-6 items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            className="size-4"
            checked={unread}
            onChange={(e) => {
              setUnread(e.target.checked);
              // The form as it reads: with the words in the box now, submitted or not.
              onFilter({ q: draft.trim(), unread: e.target.checked });
            }}
          />
          {t('list.unreadOnly')}
        </label>
      </form>
      <QueryState pending={list.isPending} error={list.isError ? list.error : null} retry={() => void list.refetch()}>
        {narrowed && list.data ? (
          <p role="status" className="mt-3 text-sm text-slate-700">
            {t('list.matching', { count: list.data.total })}
          </p>
        ) : null}
        {list.data && list.data.conversations.length === 0 ? (
          narrowed ? (
            <div className="mt-3 space-y-2">
              <p className="text-sm text-slate-700">{filter.q.trim() ? t('list.noMatch', { query: filter.q.trim() }) : t('list.noUnread')}</p>
              <Button variant="outline" size="sm" onClick={() => onFilter({ q: '', unread: false })}>
                {t('list.showAll')}
              </Button>
            </div>
          ) : (
            <p className="mt-3 text-sm text-slate-700">{t('list.empty')}</p>
          )
        ) : (
          <ul aria-labelledby={headingId} className="mt-3 space-y-2">
            {list.data?.conversations.map((c) => (
              <ConversationItem key={c.id} conversation={c} current={c.id === selected} locale={locale} zone={zone} to={linkSearch(c)} words={words} />
            ))}
          </ul>
        )}
        <ListPager label={t('list.pages')} page={page} pages={pages} onPage={setPage} />
      </QueryState>
    </section>
  );
}

function ConversationItem({
  conversation: c,
  current,
  locale,
  zone,
  to,
  words,
}: {
  conversation: ConversationListItem;
  current: boolean;
  locale: string;
  zone: string;
  to: string;
  words: readonly string[];
}) {
  const { t } = useTranslation('messages');
  const currentTenantId = useAuth().session?.currentTenant?.id;
  // With a search that a message matched, that message stands in for the newest, its words marked.
  const shown = c.match ?? c.lastMessage;
  const preview = c.match ? foundPreviewOf(c.match, words) : c.lastMessage ? previewOf(c.lastMessage) : null;
  const when = c.match ? c.match.createdAt : c.lastMessageAt;
  return (
    <li>
      <Link
        to={to}
        aria-current={current ? 'true' : undefined}
        className={clsx(
          'flex min-h-6 gap-3 rounded-lg border p-3 hover:border-teal-700',
          current ? 'border-teal-700 bg-teal-50' : 'border-slate-200 bg-white',
        )}
      >
        <PersonAvatar name={c.with.name} image={c.with.image} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={clsx('truncate text-slate-900', c.unread > 0 ? 'font-bold' : 'font-medium')}>
              <bdi>{c.with.name}</bdi>
            </span>
            {c.unread > 0 ? (
              <span className="shrink-0 rounded-full bg-red-700 px-2 text-xs font-semibold text-white">
                <span aria-hidden="true">{c.unread}</span>
                <span className="sr-only">{t('list.unread', { count: c.unread })}</span>
              </span>
            ) : null}
          </span>
          {/* The practice a patient writes to; the practice's own staff know which one they work in. */}
          {c.with.role === 'patient' && c.organisation.id === currentTenantId ? null : (
            <span className="block truncate text-xs text-slate-700">
              <bdi>{c.organisation.name}</bdi>
            </span>
          )}
          {preview && c.match ? (
            <span className="mt-1 block line-clamp-3 text-sm wrap-anywhere text-slate-800">
              {`${t('list.found')} `}
              {shown?.mine ? `${t('list.you')} ` : ''}
              {'text' in preview ? <Marked text={preview.text} words={words} /> : t('list.file', { name: preview.file })}
            </span>
          ) : preview ? (
            // The text cut to one line in its own direction: an English message in an Arabic list
            // keeps its start and loses its end, not the other way round.
            <span className="mt-1 flex min-w-0 gap-1 text-sm text-slate-800">
              {shown?.mine ? <span className="shrink-0">{t('list.you')}</span> : null}
              <span dir="auto" className="min-w-0 truncate">
                {'text' in preview ? preview.text : t('list.file', { name: preview.file })}
              </span>
            </span>
          ) : null}
          {when ? (
            <span className="mt-0.5 block text-xs text-slate-700">
              {c.match ? t('list.foundAt', { date: formatDateTime(when, locale, zone) }) : formatDateTime(when, locale, zone)}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** A text with the search's words in `<mark>` (announced as highlighted where screen readers do). */
function Marked({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <bdi>
      {markWords(text, words).map((part, i) =>
        part.mark ? (
          <mark key={i} className="rounded-sm bg-amber-100 font-semibold text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </bdi>
  );
}
