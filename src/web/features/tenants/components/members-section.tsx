import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MEMBERS_DEFAULT_PAGE_SIZE, type Member } from '~/shared/contracts/tenants';
import { MEMBERSHIP_ROLES, type MembershipRole } from '~/shared/roles';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { useChangeMemberRole, useMembers, useRemoveMember } from '../api/tenants';
import { useTenantErrorMessage } from '../lib/error-message';
import { formatDate } from '../lib/format';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { QueryError, QueryLoading } from './query-state';
import { useFormatLocale } from '~/web/lib/format-locale';

const SEARCH_DELAY_MS = 300;
const PRIVILEGED: readonly MembershipRole[] = ['owner', 'admin'];

export interface MembersSectionProps {
  tenantId: string;
  tenantName: string;
  headingId: string;
  /** tenant.members.manage: change roles and remove people; otherwise a read-only list. */
  canManage: boolean;
  actorRole: MembershipRole;
  actorUserId: string;
  timeZone: string;
}

/** Members, newest first: search, pages, role select and removal (with confirmation) for managers. */
export function MembersSection({ tenantId, tenantName, headingId, canManage, actorRole, actorUserId, timeZone }: MembersSectionProps) {
  const { t } = useTranslation('dashboard');
  const locale = useFormatLocale();
  const errorMessage = useTenantErrorMessage();
  const searchId = useId();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<Member | null>(null);
  const members = useMembers(tenantId, { page, pageSize: MEMBERS_DEFAULT_PAGE_SIZE, search });
  const changeRole = useChangeMemberRole(tenantId);
  const remove = useRemoveMember(tenantId);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const data = members.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // Only an owner grants or takes away owner and admin (the server enforces the same rule).
  const mayTouch = (member: Member) => canManage && (actorRole === 'owner' || !PRIVILEGED.includes(member.role));
  const roleChoices = MEMBERSHIP_ROLES.filter((role) => actorRole === 'owner' || !PRIVILEGED.includes(role));

  function onRoleChange(member: Member, role: MembershipRole) {
    // Busy, not disabled, while a change is on its way: a disabled select would drop the keyboard
    // focus to the page's body; another choice meanwhile is ignored (the select shows the role held).
    if (changeRole.isPending) return;
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: (updated) => toast.success(t('tenants.members.roleChanged', { name: updated.name, role: t(`tenants.roles.${updated.role}`) })),
        onError: (error) => toast.error(t('tenants.members.roleFailed'), { description: errorMessage(error) }),
      },
    );
  }

  function confirmRemove() {
    if (!removing) return;
    const member = removing;
    remove.mutate(member.userId, {
      onSuccess: () => {
        setRemoving(null);
        toast.success(t('tenants.members.removed', { name: member.name }));
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(t('tenants.members.removeFailed'), { description: errorMessage(error) });
      },
    });
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('tenants.members.title')}
        </h2>
        <div className="flex w-full max-w-xs flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-900">
            {t('tenants.members.search')}
          </label>
          <Input
            id={searchId}
            type="search"
            value={searchText}
            aria-describedby={`${searchId}-hint`}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <p id={`${searchId}-hint`} className="text-xs text-slate-700">
            {t('tenants.members.searchHint')}
          </p>
        </div>
      </div>

      <div className="mt-4">
        {members.isPending ? (
          <QueryLoading label={t('tenants.members.loading')} />
        ) : members.isError ? (
          <QueryError message={t('tenants.members.loadFailed')} detail={errorMessage(members.error)} onRetry={() => void members.refetch()} />
        ) : data && data.members.length === 0 ? (
          <p className="text-slate-700">{search ? t('tenants.members.noMatches', { search }) : t('tenants.members.empty')}</p>
        ) : data ? (
          <>
            <div className="overflow-x-auto">
              <table aria-labelledby={headingId} aria-busy={members.isFetching} className="w-full min-w-[40rem] text-start text-sm">
                <thead>
                  <tr className="border-b border-slate-300 text-slate-700">
                    <th scope="col" className="py-2 pe-4 text-start font-medium">{t('tenants.members.name')}</th>
                    <th scope="col" className="py-2 pe-4 text-start font-medium">{t('tenants.members.email')}</th>
                    <th scope="col" className="py-2 pe-4 text-start font-medium">{t('tenants.members.role')}</th>
                    <th scope="col" className="py-2 pe-4 text-start font-medium">{t('tenants.members.status')}</th>
                    <th scope="col" className="py-2 pe-4 text-start font-medium">{t('tenants.members.joined')}</th>
                    {canManage ? <th scope="col" className="py-2 text-start font-medium">{t('tenants.members.manage')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.members.map((member) => {
                    const self = member.userId === actorUserId;
                    return (
                      <tr key={member.userId} className="border-b border-slate-200 align-middle">
                        <th scope="row" className="py-3 pe-4 text-start font-medium text-slate-900">
                          {member.name} {self ? <span className="font-normal text-slate-700">{t('tenants.members.you')}</span> : null}
                        </th>
                        <td className="py-3 pe-4 text-slate-800">
                          <span dir="ltr">{member.email}</span>
                        </td>
                        <td className="py-3 pe-4">
                          {mayTouch(member) ? (
                            <select
                              aria-label={t('tenants.members.roleFor', { name: member.name })}
                              value={member.role}
                              aria-disabled={changeRole.isPending || undefined}
                              onChange={(event) => onRoleChange(member, event.target.value as MembershipRole)}
                              className="h-10 rounded-md border border-slate-400 bg-white px-2 text-sm text-slate-900"
                            >
                              {roleChoices.map((role) => (
                                <option key={role} value={role}>
                                  {t(`tenants.roles.${role}`)}
                                </option>
                              ))}
                            </select>
                          ) : (
                            <span className="text-slate-800">{t(`tenants.roles.${member.role}`)}</span>
                          )}
                        </td>
                        <td className="py-3 pe-4 text-slate-800">{t(`tenants.members.statuses.${member.status}`)}</td>
                        <td className="py-3 pe-4 text-slate-800">
                          {member.joinedAt ? <time dateTime={member.joinedAt}>{formatDate(member.joinedAt, locale, timeZone)}</time> : '—'}
                        </td>
                        {canManage ? (
                          <td className="py-3">
                            {mayTouch(member) ? (
                              <Button
                                variant="outline"
                                size="sm"
                                aria-label={t('tenants.members.removeLabel', { name: member.name })}
                                onClick={() => setRemoving(member)}
                              >
                                {t('tenants.members.remove')}
                              </Button>
                            ) : null}
                          </td>
                        ) : null}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <nav aria-label={t('tenants.members.pagination')} className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-700" aria-live="polite">
                {t('tenants.members.total', { count: data.total })} · {t('tenants.members.page', { page: data.page, pages })}
              </p>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
                  {t('tenants.members.previous')}
                </Button>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  {t('tenants.members.next')}
                </Button>
              </div>
            </nav>
          </>
        ) : null}
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('tenants.members.removeTitle', { name: removing?.name ?? '' })}
        description={t('tenants.members.removeBody', { name: removing?.name ?? '', tenant: tenantName })}
        confirmLabel={t('tenants.members.removeConfirm')}
        cancelLabel={t('tenants.members.cancel')}
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </section>
  );
}
