import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENQUIRY_KINDS, ENQUIRY_STATUSES, type Enquiry, type EnquiryKind, type EnquiryStatus } from '~/shared/contracts/enquiries';
import { getRegion, parseRegionCode } from '~/shared/regions';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button } from '~/web/components/ui/button';
import { formatDateTime, userTimeZone } from '~/web/lib/dates';
import { problemMessage } from '~/web/lib/problem-message';
import { useAuth } from '~/web/lib/session';
import { type EnquiryFilters, useAdminEnquiries, useSetEnquiryStatus } from '../api/admin-enquiries-api';
import { type ActionOutcome, ActionOutcomeMessage } from './list-parts';
import { Pager } from '~/web/components/ui/pager';
import { useFormatLocale } from '~/web/lib/format-locale';

const SELECT = 'mt-1.5 h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900';


/** /admin/enquiries (platform admins): contact messages and demo requests, filtered, paged, handled. */
export function AdminEnquiriesPage() {
  const { t, i18n } = useTranslation('forms');
  const locale = useFormatLocale();
  const { session } = useAuth();
  const timeZone = userTimeZone(session?.user.timeZone);
  const [filters, setFilters] = useState<EnquiryFilters>({ kind: '', status: '', page: 1 });
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const list = useAdminEnquiries(filters);
  const action = useSetEnquiryStatus();
  const page = list.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  function setStatus(enquiry: Enquiry, status: EnquiryStatus) {
    setOutcome(null);
    action.mutate(
      { id: enquiry.id, status },
      {
        onSuccess: () => setOutcome({ tone: 'success', text: status === 'handled' ? t('adminEnquiries.handledDone') : t('adminEnquiries.reopenedDone') }),
        onError: (error) => setOutcome({ tone: 'error', text: `${t('adminEnquiries.actionFailed')}: ${problemMessage(i18n, error)}` }),
      },
    );
  }

  function about(enquiry: Enquiry): string {
    if (enquiry.kind === 'contact') return enquiry.topic ? t(`enquiry.topics.${enquiry.topic}` as 'enquiry.topics.general') : '';
    const size = enquiry.organisationSize ? t('enquiry.sizeOption', { size: enquiry.organisationSize }) : '';
    return [enquiry.organisation, enquiry.jobTitle, size].filter(Boolean).join(' · ');
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('adminEnquiries.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('adminEnquiries.title')}</h1>
      <p className="mt-2 text-base text-slate-700">{t('adminEnquiries.intro')}</p>

      <div role="search" aria-label={t('adminEnquiries.filters')} className="mt-8 grid max-w-xl gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="enquiry-kind" className="block text-sm font-medium text-slate-900">
            {t('adminEnquiries.kind')}
          </label>
          <select
            id="enquiry-kind"
            className={SELECT}
            value={filters.kind}
            onChange={(event) => setFilters((f) => ({ ...f, kind: event.target.value as EnquiryKind | '', page: 1 }))}
          >
            <option value="">{t('adminEnquiries.any')}</option>
            {ENQUIRY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`adminEnquiries.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="enquiry-status" className="block text-sm font-medium text-slate-900">
            {t('adminEnquiries.status')}
          </label>
          <select
            id="enquiry-status"
            className={SELECT}
            value={filters.status}
            onChange={(event) => setFilters((f) => ({ ...f, status: event.target.value as EnquiryStatus | '', page: 1 }))}
          >
            <option value="">{t('adminEnquiries.any')}</option>
            {ENQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`adminEnquiries.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <ActionOutcomeMessage outcome={outcome} />

      {list.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          {t('adminEnquiries.loading')}
        </p>
      ) : list.isError ? (
        <div role="alert" className="mt-4 space-y-3">
          <p className="text-red-700">{t('adminEnquiries.loadFailed')}</p>
          <p className="text-sm text-slate-700">{problemMessage(i18n, list.error)}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('adminEnquiries.retry')}
          </Button>
        </div>
      ) : page && page.items.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('adminEnquiries.empty')}</p>
      ) : page ? (
        <>
          <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full min-w-[60rem] text-sm" aria-busy={list.isFetching}>
              <caption className="sr-only">{t('adminEnquiries.caption')}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {(['received', 'kind', 'from', 'about', 'status', 'actions'] as const).map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 text-start font-medium">
                      {t(`adminEnquiries.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.items.map((enquiry) => {
                  const region = parseRegionCode(enquiry.regionCode);
                  return (
                    <tr key={enquiry.id} className="border-t border-slate-100 align-top" data-enquiry={enquiry.id}>
                      <td className="px-4 py-3 text-slate-800">
                        <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt, locale, timeZone)}</time>
                      </td>
                      <td className="px-4 py-3 text-slate-800">{t(`adminEnquiries.kinds.${enquiry.kind}`)}</td>
                      <th scope="row" className="px-4 py-3 text-start font-normal text-slate-800">
                        <span className="block font-medium text-slate-900">
                          <bdi>{enquiry.name}</bdi>
                        </span>
                        <a href={`mailto:${enquiry.email}`} className="text-teal-800 underline underline-offset-2">
                          <bdi>{enquiry.email}</bdi>
                        </a>
                        {enquiry.phone ? (
                          <span className="block" dir="ltr">
                            {enquiry.phone}
                          </span>
                        ) : null}
                        {region ? <span className="block text-xs text-slate-700">{getRegion(region).name}</span> : null}
                      </th>
                      <td className="px-4 py-3 text-slate-800">
                        <span className="block">{about(enquiry)}</span>
                        <details className="mt-1">
                          <summary className="cursor-pointer text-teal-800">{t('adminEnquiries.showMessage')}</summary>
                          <p className="mt-2 max-w-prose whitespace-pre-wrap text-slate-800">{enquiry.message}</p>
                        </details>
                      </td>
                      <td className="px-4 py-3">
                        <span
                          className={clsx(
                            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
                            enquiry.status === 'new' ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900',
                          )}
                        >
                          {t(`adminEnquiries.statuses.${enquiry.status}`)}
                        </span>
                        {enquiry.handledBy ? (
                          <span className="mt-1 block text-xs text-slate-700">{t('adminEnquiries.handledBy', { name: enquiry.handledBy.name })}</span>
                        ) : null}
                      </td>
                      <td className="px-4 py-3">
                        {enquiry.status === 'new' ? (
                          <Button
                            size="sm"
                            busy={action.isPending}
                            aria-label={t('adminEnquiries.handleLabel', { name: enquiry.name })}
                            onClick={() => setStatus(enquiry, 'handled')}
                          >
                            {t('adminEnquiries.handle')}
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="outline"
                            busy={action.isPending}
                            aria-label={t('adminEnquiries.reopenLabel', { name: enquiry.name })}
                            onClick={() => setStatus(enquiry, 'new')}
                          >
                            {t('adminEnquiries.reopen')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            label={t('adminEnquiries.pagination')}
            status={t('adminEnquiries.pageStatus', { page: page.page, pages, total: page.total })}
            previousLabel={t('adminEnquiries.previous')}
            nextLabel={t('adminEnquiries.next')}
            page={filters.page}
            pages={pages}
            onPage={(next) => setFilters((f) => ({ ...f, page: next }))}
          />
        </>
      ) : null}
    </div>
  );
}
