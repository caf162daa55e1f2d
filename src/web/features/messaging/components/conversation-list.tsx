import { clsx } from 'clsx';
import { Avatar } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversationSummary } from '~/shared/contracts/messaging';
import { Button } from '~/web/components/ui/button';
import { formatDateTime } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { initials } from '~/web/lib/session';
import { useConversations } from '../api/messaging-api';
import { previewOf } from '../lib/format';
import { QueryState } from './parts';

export function PersonAvatar({ name, image }: { name: string; image: string | null }) {
  return (
    <Avatar.Root className="inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-700 text-sm font-semibold text-white">
      {image ? <Avatar.Image src={image} alt="" className="size-full object-cover" /> : null}
      <Avatar.Fallback delayMs={image ? 600 : undefined}>{initials(name)}</Avatar.Fallback>
    </Avatar.Root>
  );
}

/** The person's conversations, most recent first, each a link selecting it. */
export function ConversationList({ page, setPage, selected, zone }: { page: number; setPage(page: number): void; selected: string | null; zone: string }) {
  const { t, i18n } = useTranslation('messages');
  const language = currentLanguage(i18n.resolvedLanguage);
  const list = useConversations(page);
  const headingId = useId();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('list.title')}
      </h2>
      <QueryState pending={list.isPending} error={list.isError ? list.error : null} retry={() => void list.refetch()}>
        {list.data && list.data.conversations.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">{t('list.empty')}</p>
        ) : (
          <ul aria-labelledby={headingId} className="mt-3 space-y-2">
            {list.data?.conversations.map((c) => (
              <ConversationItem key={c.id} conversation={c} current={c.id === selected} language={language} zone={zone} />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav aria-label={t('list.pages')} className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700">{t('list.pageOf', { page, pages })}</p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('list.previous')}
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('list.next')}
              </Button>
            </div>
          </nav>
        ) : null}
      </QueryState>
    </section>
  );
}

function ConversationItem({ conversation: c, current, language, zone }: { conversation: ConversationSummary; current: boolean; language: string; zone: string }) {
  const { t } = useTranslation('messages');
  const preview = c.lastMessage ? previewOf(c.lastMessage) : null;
  return (
    <li>
      <Link
        to={`?conversation=${c.id}`}
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
          <span className="block truncate text-xs text-slate-700">
            <bdi>{c.organisation.name}</bdi>
          </span>
          {preview ? (
            <span className="mt-1 block truncate text-sm text-slate-800">
              {c.lastMessage?.mine ? `${t('list.you')} ` : ''}
              {'text' in preview ? <bdi>{preview.text}</bdi> : t('list.file', { name: preview.file })}
            </span>
          ) : null}
          {c.lastMessageAt ? <span className="mt-0.5 block text-xs text-slate-700">{formatDateTime(c.lastMessageAt, language, zone)}</span> : null}
        </span>
      </Link>
    </li>
  );
}
