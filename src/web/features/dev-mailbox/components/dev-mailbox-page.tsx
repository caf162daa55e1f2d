import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DEV_MAILBOX_LIMIT, type DevMail } from '~/shared/contracts/dev-mailbox';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { NotFoundContent } from '~/web/components/layout/not-found-content';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-client';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { useMailbox } from '../api/dev-mailbox-api';
import { linkify } from '../lib/linkify';

function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

/** One message: its headers and its plain text with the links clickable (the HTML is never rendered). */
function MessageView({ mail, language, onBack }: { mail: DevMail; language: string; onBack(): void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <article aria-labelledby="dev-mail-subject" className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
      <Button variant="outline" size="sm" onClick={onBack}>
        {t('mailbox.back')}
      </Button>
      <h2 id="dev-mail-subject" ref={headingRef} tabIndex={-1} className="mt-4 text-xl font-semibold text-slate-900">
        {mail.subject}
      </h2>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">{t('mailbox.from')}</dt>
        <dd className="text-slate-900">
          <bdi>{mail.from}</bdi>
        </dd>
        <dt className="font-medium text-slate-700">{t('mailbox.to')}</dt>
        <dd className="text-slate-900">
          <bdi>{mail.to}</bdi>
        </dd>
        <dt className="font-medium text-slate-700">{t('mailbox.sent')}</dt>
        <dd className="text-slate-900">{formatTime(mail.createdAt, language)}</dd>
      </dl>
      <div dir="auto" className="mt-5 border-t border-slate-200 pt-5 text-sm leading-6 break-words whitespace-pre-wrap text-slate-900">
        {linkify(mail.text).map((part, index) =>
          part.kind === 'link' ? (
            <a key={index} href={part.href} className="text-teal-800 underline underline-offset-2 hover:text-teal-950">
              {part.href}
            </a>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </div>
    </article>
  );
}

/**
 * /dev/mailbox: the development outbox (demo mode only). When the server answers 404 (demo mode
 * off), the page is the not-found page.
 */
export function DevMailboxPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const language = currentLanguage(i18n.resolvedLanguage);
  const [to, setTo] = useState('');
  const [toText, setToText] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const mailbox = useMailbox(to);

  if (mailbox.error instanceof ApiError && mailbox.error.status === 404) return <NotFoundContent pathname={pathname} />;

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOpenId(null);
    setTo(toText);
  }

  const open = mailbox.data?.messages.find((m) => m.id === openId) ?? null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('mailbox.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('mailbox.title')}</h1>
      <p className="mt-2 text-base text-slate-700">{t('mailbox.intro')}</p>

      {mailbox.isPending ? (
        <p role="status" className="mt-8 text-slate-700">
          {t('mailbox.loading')}
        </p>
      ) : mailbox.isError ? (
        <div role="alert" className="mt-8 space-y-2">
          <p className="text-red-700">{t('mailbox.loadFailed')}</p>
          <p className="text-sm text-slate-700">{problemMessage(i18n, mailbox.error)}</p>
        </div>
      ) : mailbox.data.transport === 'smtp' ? (
        <p className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">{t('mailbox.smtp')}</p>
      ) : open ? (
        <MessageView mail={open} language={language} onBack={() => setOpenId(null)} />
      ) : (
        <>
          <form onSubmit={onFilter} className="mt-8 flex flex-wrap items-end gap-3">
            <div className="min-w-64 flex-1">
              <label htmlFor="dev-mailbox-to" className="block text-sm font-medium text-slate-900">
                {t('mailbox.filterLabel')}
              </label>
              <Input id="dev-mailbox-to" type="email" name="to" dir="ltr" className="mt-1.5" value={toText} onChange={(event) => setToText(event.target.value)} />
            </div>
            <Button type="submit">{t('mailbox.filter')}</Button>
            {to ? (
              <Button
                variant="outline"
                onClick={() => {
                  setToText('');
                  setTo('');
                }}
              >
                {t('mailbox.showAll')}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => void mailbox.refetch()}>
              {t('mailbox.refresh')}
            </Button>
          </form>
          <p className="mt-4 text-sm text-slate-700">{t('mailbox.latest', { limit: DEV_MAILBOX_LIMIT })}</p>
          {mailbox.data.messages.length === 0 ? (
            <p className="mt-4 text-slate-700">{t('mailbox.empty')}</p>
          ) : (
            <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="w-full min-w-[36rem] text-sm" aria-busy={mailbox.isFetching}>
                <caption className="sr-only">{t('mailbox.caption')}</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-4 py-3 text-start font-medium">
                      {t('mailbox.columns.subject')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">
                      {t('mailbox.columns.to')}
                    </th>
                    <th scope="col" className="px-4 py-3 text-start font-medium">
                      {t('mailbox.columns.time')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {mailbox.data.messages.map((mail) => (
                    <tr key={mail.id} className="border-t border-slate-100">
                      <th scope="row" className="px-4 py-2 text-start font-medium">
                        <button
                          type="button"
                          className="text-start text-teal-800 underline underline-offset-2 hover:text-teal-950"
                          onClick={() => setOpenId(mail.id)}
                        >
                          {mail.subject}
                        </button>
                      </th>
                      <td className="px-4 py-2 text-slate-800">
                        <bdi>{mail.to}</bdi>
                      </td>
                      <td className="px-4 py-2 text-slate-800">{formatTime(mail.createdAt, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
