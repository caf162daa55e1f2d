import { clsx } from 'clsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '~/shared/contracts/admin-users';
import { PROFESSIONAL_STATUSES, ROLES, type ProfessionalStatus, type Role, isProfessionalRole } from '~/shared/roles';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { formatDate, userTimeZone } from '~/web/lib/dates';
import { problemMessage } from '~/web/lib/problem-message';
import { useAuth } from '~/web/lib/session';
import { type UserAction, type UserFilters, useAdminUsers, useUserAction } from '../api/admin-users-api';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { type ActionOutcome, ActionOutcomeMessage } from './list-parts';
import { Pager } from '~/web/components/ui/pager';
import { useFormatLocale } from '~/web/lib/format-locale';

const SELECT_CLASS_NAME = 'h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900';


/** /admin/users (platform admins): find people, verify or reject professionals, disable or enable accounts. */
export function AdminUsersPage() {
  const { t, i18n } = useTranslation();
  const locale = useFormatLocale();
  const { session } = useAuth();
  const [filters, setFilters] = useState<UserFilters>({ query: '', role: '', professionalStatus: '', page: 1 });
  const [queryText, setQueryText] = useState('');
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const users = useAdminUsers(filters);
  const action = useUserAction();

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters((f) => ({ ...f, query: queryText, page: 1 }));
  }

  function run(user: AdminUser, next: UserAction, done: string) {
    setOutcome(null);
    action.mutate(
      { userId: user.id, action: next },
      {
        onSuccess: () => {
          setConfirming(null);
          setOutcome({ tone: 'success', text: done });
        },
        onError: (error) => {
          setConfirming(null);
          setOutcome({ tone: 'error', text: `${t('adminUsers.actionFailed')}: ${problemMessage(i18n, error)}` });
        },
      },
    );
  }

  const page = users.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const ids = { query: 'admin-users-query', role: 'admin-users-role', status: 'admin-users-status' };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('adminUsers.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('adminUsers.title')}</h1>
      <p className="mt-2 text-base text-slate-700">{t('adminUsers.intro')}</p>

      <form role="search" aria-label={t('adminUsers.filters')} onSubmit={onSearch} className="mt-8 grid gap-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={ids.query} className="block text-sm font-medium text-slate-900">
            {t('adminUsers.searchLabel')}
          </label>
          <Input id={ids.query} type="search" name="query" className="mt-1.5" value={queryText} onChange={(event) => setQueryText(event.target.value)} />
        </div>
        <div>
          <label htmlFor={ids.role} className="block text-sm font-medium text-slate-900">
            {t('adminUsers.roleLabel')}
          </label>
          <select
            id={ids.role}
            name="role"
            className={clsx(SELECT_CLASS_NAME, 'mt-1.5')}
            value={filters.role}
            onChange={(event) => setFilters((f) => ({ ...f, role: event.target.value as Role | '', page: 1 }))}
          >
            <option value="">{t('adminUsers.any')}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.status} className="block text-sm font-medium text-slate-900">
            {t('adminUsers.statusLabel')}
          </label>
          <select
            id={ids.status}
            name="professionalStatus"
            className={clsx(SELECT_CLASS_NAME, 'mt-1.5')}
            value={filters.professionalStatus}
            onChange={(event) => setFilters((f) => ({ ...f, professionalStatus: event.target.value as ProfessionalStatus | '', page: 1 }))}
          >
            <option value="">{t('adminUsers.any')}</option>
            {PROFESSIONAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`adminUsers.professionalStatus.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{t('adminUsers.search')}</Button>
      </form>

      <ActionOutcomeMessage outcome={outcome} />

      {users.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          {t('adminUsers.loading')}
        </p>
      ) : users.isError ? (
        <div role="alert" className="mt-4 space-y-3">
          <p className="text-red-700">{t('adminUsers.loadFailed')}</p>
          <p className="text-sm text-slate-700">{problemMessage(i18n, users.error)}</p>
        </div>
      ) : page && page.users.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('adminUsers.empty')}</p>
      ) : page ? (
        <>
          <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full min-w-[60rem] text-sm" aria-busy={users.isFetching}>
              <caption className="sr-only">{t('adminUsers.caption')}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {(['name', 'email', 'role', 'professionalStatus', 'account', 'joined', 'actions'] as const).map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 text-start font-medium">
                      {t(`adminUsers.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.users.map((user) => {
                  const self = user.id === session?.user.id;
                  const professional = isProfessionalRole(user.role);
                  return (
                    <tr key={user.id} className="border-t border-slate-100 align-middle">
                      <th scope="row" className="px-4 py-3 text-start font-medium text-slate-900">
                        <bdi>{user.name}</bdi>
                        {self ? <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">{t('adminUsers.you')}</span> : null}
                      </th>
                      <td className="px-4 py-3 text-slate-800">
                        <bdi>{user.email}</bdi>
                      </td>
                      <td className="px-4 py-3 text-slate-800">{t(`roles.${user.role}`)}</td>
                      <td className="px-4 py-3 text-slate-800">{t(`adminUsers.professionalStatus.${user.professionalStatus}`)}</td>
                      <td className="px-4 py-3">
                        <span
                          className={clsx(
                            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
                            user.disabledAt ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-900',
                          )}
                        >
                          {user.disabledAt ? t('adminUsers.disabled') : t('adminUsers.active')}
                        </span>
                      </td>
                      <td className="px-4 py-3 text-slate-800">{formatDate(user.createdAt, locale, userTimeZone(session?.user.timeZone))}</td>
                      <td className="px-4 py-3">
                        <div className="flex flex-wrap gap-2">
                          {professional && user.professionalStatus !== 'verified' ? (
                            <Button
                              size="sm"
                              busy={action.isPending}
                              aria-label={t('adminUsers.verifyLabel', { name: user.name })}
                              onClick={() => run(user, { kind: 'professional-status', status: 'verified' }, t('adminUsers.verified', { name: user.name }))}
                            >
                              {t('adminUsers.verify')}
                            </Button>
                          ) : null}
                          {professional && user.professionalStatus !== 'rejected' ? (
                            <Button
                              size="sm"
                              variant="outline"
                              busy={action.isPending}
                              aria-label={t('adminUsers.rejectLabel', { name: user.name })}
                              onClick={() => run(user, { kind: 'professional-status', status: 'rejected' }, t('adminUsers.rejected', { name: user.name }))}
                            >
                              {t('adminUsers.reject')}
                            </Button>
                          ) : null}
                          {user.disabledAt ? (
                            <Button
                              size="sm"
                              variant="outline"
                              busy={action.isPending}
                              aria-label={t('adminUsers.enableLabel', { name: user.name })}
                              onClick={() => run(user, { kind: 'enable' }, t('adminUsers.enabledDone', { name: user.name }))}
                            >
                              {t('adminUsers.enable')}
                            </Button>
                          ) : self ? null : (
                            <Button
                              size="sm"
                              variant="outline"
                              className="border-red-300 text-red-800 hover:bg-red-50"
                              busy={action.isPending}
                              aria-label={t('adminUsers.disableLabel', { name: user.name })}
                              onClick={() => setConfirming(user)}
                            >
                              {t('adminUsers.disable')}
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            label={t('adminUsers.pagination')}
            status={t('adminUsers.pageStatus', { page: page.page, pages, total: page.total })}
            previousLabel={t('adminUsers.previous')}
            nextLabel={t('adminUsers.next')}
            page={filters.page}
            pages={pages}
            onPage={(next) => setFilters((f) => ({ ...f, page: next }))}
          />
        </>
      ) : null}

      <ConfirmDialog
        title={t('adminUsers.confirmDisableTitle', { name: confirming?.name ?? '' })}
        description={t('adminUsers.confirmDisableBody')}
        confirmLabel={t('adminUsers.confirmDisable')}
        cancelLabel={t('adminUsers.cancel')}
        open={confirming !== null}
        pending={action.isPending}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        onConfirm={() => {
          if (confirming) run(confirming, { kind: 'disable' }, t('adminUsers.disabledDone', { name: confirming.name }));
        }}
      />
    </div>
  );
}
