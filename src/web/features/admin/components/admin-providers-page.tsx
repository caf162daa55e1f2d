import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminProvider, VERIFICATION_STATUSES, type VerificationStatus } from '~/shared/contracts/admin-providers';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { formatDate, userTimeZone } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { useAuth } from '~/web/lib/session';
import { AdminProviderDetails } from './admin-provider-details';
import { useDecideProvider, useProvidersForReview } from '../api/admin-providers-api';
import { type ActionOutcome, ActionOutcomeMessage } from './list-parts';
import { Pager } from '~/web/components/ui/pager';
import { useFormatLocale } from '~/web/lib/format-locale';

/** /admin/providers (platform admins): verify or reject providers before they are listed publicly. */
export function AdminProvidersPage() {
  const { t, i18n } = useTranslation();
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const [query, setQuery] = useState('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  // The reason's field takes the focus when the form opens, and again when it was sent empty.
  const reasonInput = useRef<HTMLInputElement | null>(null);
  const attachReason = useCallback((el: HTMLInputElement | null) => {
    reasonInput.current = el;
    el?.focus();
  }, []);
  const list = useProvidersForReview({ status, query, page });
  const decide = useDecideProvider();
  const id = useId();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  function run(provider: AdminProvider, verified: boolean) {
    setOutcome(null);
    decide.mutate(
      { id: provider.id, decision: verified ? { status: 'verified' } : { status: 'rejected', reason: reason.trim() } },
      {
        onSuccess: () => {
          setRejecting(null);
          setReason('');
          setOutcome({ tone: 'success', text: t(verified ? 'adminProviders.verifiedDone' : 'adminProviders.rejectedDone', { name: provider.displayName }) });
        },
        onError: (e) => setOutcome({ tone: 'error', text: problemMessage(i18n, e) }),
      },
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('adminProviders.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('adminProviders.title')}</h1>
      <p className="mt-2 text-base text-slate-700">{t('adminProviders.intro')}</p>
      <form
        role="search"
        aria-label={t('adminProviders.filters')}
        className="mt-8 flex flex-wrap items-end gap-4"
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          setQuery(text.trim());
          setPage(1);
        }}
      >
        <div className="min-w-64 flex-1">
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-900">
            {t('adminProviders.search')}
          </label>
          <Input id={`${id}-q`} type="search" className="mt-1.5" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div role="group" aria-label={t('adminProviders.status')} className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
          {VERIFICATION_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={status === s}
              onClick={() => {
                setStatus(s);
                setPage(1);
              }}
              className={status === s ? 'rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white' : 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-800'}
            >
              {t(`adminProviders.statuses.${s}`)}
            </button>
          ))}
        </div>
        <Button type="submit">{t('adminProviders.searchButton')}</Button>
      </form>
      <ActionOutcomeMessage outcome={outcome} />
      {list.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          {t('adminProviders.loading')}
        </p>
      ) : list.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {problemMessage(i18n, list.error)}
        </p>
      ) : data && data.providers.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('adminProviders.empty')}</p>
      ) : data ? (
        <>
          <ul className="mt-4 space-y-3" aria-busy={list.isFetching}>
            {data.providers.map((p) => (
              <li key={p.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 className="text-lg font-semibold text-slate-900">
                      <bdi>{p.displayName}</bdi>
                    </h2>
                    <p className="text-sm text-slate-700">
                      <bdi>{p.email}</bdi> · {p.organisation ?? t('adminProviders.noOrganisation')} · {p.regionCode}
                    </p>
                    <p className="mt-1 text-sm text-slate-800">
                      {t(`specialtyNames.${p.specialty}`)} · {p.title || '—'} · {t('adminProviders.registration')}: {p.registrationNumber ?? '—'}
                    </p>
                    <p className="mt-1 text-sm text-slate-700">
                      {/* A waiting profile that was reviewed before was sent back by its provider: after a rejection, or by changing what the review checked (an old reason is in the audit trail, not shown as current). */}
                      {p.reviewedAt
                        ? t(p.status === 'pending' ? 'adminProviders.resubmitted' : 'adminProviders.reviewed', { date: formatDate(p.reviewedAt, locale, zone) })
                        : t('adminProviders.submitted', { date: formatDate(p.createdAt, locale, zone) })}
                      {p.rejectionReason ? ` · ${p.rejectionReason}` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {p.status !== 'verified' ? (
                      <Button size="sm" busy={decide.isPending} onClick={() => run(p, true)}>
                        {t('adminProviders.verify')}
                        <span className="sr-only">: {p.displayName}</span>
                      </Button>
                    ) : null}
                    {p.status !== 'rejected' ? (
                      <Button variant="outline" size="sm" aria-expanded={rejecting === p.id} onClick={() => setRejecting(rejecting === p.id ? null : p.id)}>
                        {t('adminProviders.reject')}
                        <span className="sr-only">: {p.displayName}</span>
                      </Button>
                    ) : null}
                  </div>
                </div>
                <AdminProviderDetails provider={p} language={language} />
                {rejecting === p.id ? (
                  <form
                    className="mt-3 flex flex-wrap items-end gap-2"
                    noValidate
                    onSubmit={(e) => {
                      e.preventDefault();
                      // The provider's email gives the reason (the server requires one too).
                      if (!reason.trim()) {
                        setReasonMissing(true);
                        reasonInput.current?.focus();
                        return;
                      }
                      setReasonMissing(false);
                      run(p, false);
                    }}
                  >
                    <label className="text-sm font-medium text-slate-900">
                      {t('adminProviders.reason')}
                      <Input
                        ref={attachReason}
                        className="mt-1.5 w-80"
                        required
                        maxLength={500}
                        value={reason}
                        aria-invalid={reasonMissing || undefined}
                        aria-describedby={reasonMissing ? `${id}-reason-error` : undefined}
                        onChange={(e) => {
                          setReason(e.target.value);
                          if (e.target.value.trim()) setReasonMissing(false);
                        }}
                      />
                    </label>
                    <Button type="submit" size="sm" busy={decide.isPending}>
                      {t('adminProviders.confirmReject')}
                    </Button>
                    {reasonMissing ? (
                      <p id={`${id}-reason-error`} className="basis-full text-sm font-medium text-red-700">
                        {t('adminProviders.reasonRequired')}
                      </p>
                    ) : null}
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager
            label={t('adminProviders.pages')}
            status={t('adminProviders.pageOf', { page, pages, count: data.total })}
            previousLabel={t('adminProviders.previous')}
            nextLabel={t('adminProviders.next')}
            page={page}
            pages={pages}
            onPage={setPage}
          />
        </>
      ) : null}
    </div>
  );
}
