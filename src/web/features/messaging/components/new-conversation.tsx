import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppointmentConversation } from '~/shared/contracts/messaging';
import { Button } from '~/web/components/ui/button';
import { formatDateTime } from '~/web/lib/dates';
import { focusElement } from '~/web/lib/focus';
import { useFormatLocale } from '~/web/lib/format-locale';
import { useNow } from '~/web/lib/use-now';
import { useRecipients } from '../api/messaging-api';
import { PersonAvatar } from './conversation-list';
import { ListPager, QueryState, SearchWords } from './parts';

/**
 * "New message": the people one may write to (those an appointment links one with), searchable by
 * name. Choosing one opens the conversation already there, or the first message about the
 * appointment it goes through.
 */
export function NewConversation({
  staff,
  zone,
  takeFocus,
  onChoose,
  onClose,
}: {
  staff: boolean;
  zone: string;
  /** Opened by its button: the reader continues at the panel's heading, not at the top of the page. */
  takeFocus: boolean;
  onChoose(recipient: AppointmentConversation): void;
  onClose(): void;
}) {
  const { t } = useTranslation('messages');
  const locale = useFormatLocale();
  const now = useNow(60_000);
  const headingId = useId();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const recipients = useRecipients({ page, q });
  const pages = recipients.data ? Math.max(1, Math.ceil(recipients.data.total / recipients.data.pageSize)) : 1;
  useEffect(() => {
    if (takeFocus) focusElement(heading.current);
  }, [takeFocus]);

  function search(value: string) {
    setPage(1);
    setQ(value.trim());
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search(draft);
  }
  return (
    <section aria-labelledby={headingId} className="self-start rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} ref={heading} className="text-lg font-semibold text-slate-900">
          {t('recipients.title')}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('recipients.close')}
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-700">{staff ? t('recipients.practiceIntro') : t('recipients.intro')}</p>
      <form role="search" aria-label={t('recipients.searchLabel')} onSubmit={onSubmit} className="mt-4 space-y-2">
        <SearchWords
          id={`${id}-q`}
          label={t('recipients.search')}
          value={draft}
          onChange={(value) => {
            setDraft(value);
            // An emptied box is no search: everyone again, at once.
            if (!value.trim() && q) search('');
          }}
        />
      </form>
      <QueryState pending={recipients.isPending} error={recipients.isError ? recipients.error : null} retry={() => void recipients.refetch()}>
        {q && recipients.data ? (
          <p role="status" className="mt-3 text-sm text-slate-700">
            {t('recipients.matching', { count: recipients.data.total })}
          </p>
        ) : null}
        {recipients.data && recipients.data.recipients.length === 0 ? (
          q ? (
            <p className="mt-3 text-sm text-slate-700">{t('recipients.noMatch', { query: q })}</p>
          ) : (
            <div className="mt-3 space-y-2 text-sm text-slate-700">
              <p>{staff ? t('recipients.practiceEmpty') : t('recipients.empty')}</p>
              {staff ? null : (
                <p>
                  <Link to="/appointments/book" className="inline-flex min-h-6 items-center font-medium text-teal-800 underline">
                    {t('recipients.book')}
                  </Link>
                </p>
              )}
            </div>
          )
        ) : (
          <ul aria-labelledby={headingId} className="mt-3 space-y-2">
            {recipients.data?.recipients.map((r) => (
              <li key={`${r.organisation.id}:${r.with.id}`}>
                <button
                  type="button"
                  onClick={() => onChoose(r)}
                  className="flex min-h-6 w-full gap-3 rounded-lg border border-slate-200 bg-white p-3 text-start hover:border-teal-700"
                >
                  <PersonAvatar name={r.with.name} image={r.with.image} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">
                      <bdi>{r.with.name}</bdi>
                    </span>
                    {r.with.role === 'carer' ? (
                      <span className="block truncate text-xs text-slate-700">
                        <bdi>{r.organisation.name}</bdi>
                      </span>
                    ) : null}
                    <span className="mt-0.5 block text-xs text-slate-700">
                      {new Date(r.startsAt) >= now
                        ? t('recipients.next', { date: formatDateTime(r.startsAt, locale, zone) })
                        : t('recipients.last', { date: formatDateTime(r.startsAt, locale, zone) })}
                    </span>
                    {r.conversationId ? <span className="mt-0.5 block text-xs text-slate-700">{t('recipients.continues')}</span> : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <ListPager label={t('recipients.pages')} page={page} pages={pages} onPage={setPage} />
      </QueryState>
    </section>
  );
}
