import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { useAuth } from '~/web/lib/session';
import { useCurrentTenant } from '../api/tenants';
import { CreateTenantForm } from '../components/create-tenant-form';
import { InvitationsSection } from '../components/invitations-section';
import { MembersSection } from '../components/members-section';
import { QueryError, QueryLoading } from '../components/query-state';
import { TenantDetails } from '../components/tenant-details';
import { TenantSettingsForm } from '../components/tenant-settings-form';
import { UsageSection } from '../components/usage-section';
import { useTenantErrorMessage } from '../lib/error-message';
import { userTimeZone } from '../lib/format';

/**
 * /tenant/manage: with no current organisation the Create Tenant form; with one, its details,
 * settings (tenant.manage), members and usage (tenant.staff.read), invitations (tenant.members.manage). Everything
 * shown is the session's current organisation; the server decides which that is.
 */
export function TenantManagePage() {
  const { t } = useTranslation('dashboard');
  const { session } = useAuth();
  const current = session?.currentTenant ?? null;
  if (!session) return null;
  if (!current) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <DocumentTitle title={t('tenants.manage.createTitle')} />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('tenants.manage.createTitle')}</h1>
        <p className="mt-3 text-lg text-slate-700">{t('tenants.manage.createIntro')}</p>
        {session.tenantNotice === 'mfa-required' ? (
          <p role="status" className="mt-4 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
            {t('tenants.manage.mfaNotice')}
          </p>
        ) : null}
        <div className="mt-8">
          <CreateTenantForm />
        </div>
      </div>
    );
  }
  // Keyed by organisation: switching starts the screen afresh.
  return <ManageTenant key={current.id} tenantId={current.id} />;
}

function ManageTenant({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('dashboard');
  const auth = useAuth();
  const errorMessage = useTenantErrorMessage();
  const tenant = useCurrentTenant(tenantId);
  const ids = { details: useId(), settings: useId(), members: useId(), invitations: useId(), usage: useId(), create: useId() };
  const session = auth.session;
  if (!session) return null;
  const timeZone = userTimeZone(session.user.timeZone);
  const canManage = auth.can('tenant.manage');
  const canManageMembers = auth.can('tenant.members.manage');
  // The member list (with emails) and usage are for staff: a plain member (a patient or family carer) is told so.
  const canReadStaff = auth.can('tenant.staff.read');
  const actorRole = session.currentTenant?.membershipRole ?? 'member';

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6">
      <DocumentTitle title={t('tenants.manage.title')} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('tenants.manage.title')}</h1>
        <p className="mt-2 text-lg text-slate-700">{tenant.data?.name ?? session.currentTenant?.name}</p>
      </div>
      {tenant.isPending ? (
        <QueryLoading label={t('tenants.manage.loading')} />
      ) : tenant.isError ? (
        <QueryError message={t('tenants.manage.loadFailed')} detail={errorMessage(tenant.error)} onRetry={() => void tenant.refetch()} />
      ) : (
        <>
          <TenantDetails tenant={tenant.data} timeZone={timeZone} headingId={ids.details} />
          {canManage ? <TenantSettingsForm key={tenant.data.id} tenant={tenant.data} headingId={ids.settings} /> : null}
        </>
      )}
      {canReadStaff ? (
        <MembersSection
          tenantId={tenantId}
          tenantName={tenant.data?.name ?? session.currentTenant?.name ?? ''}
          headingId={ids.members}
          canManage={canManageMembers}
          actorRole={actorRole}
          actorUserId={session.user.id}
          timeZone={timeZone}
        />
      ) : (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t('tenants.manage.staffOnly')}</p>
      )}
      {canManageMembers ? <InvitationsSection tenantId={tenantId} headingId={ids.invitations} actorRole={actorRole} timeZone={timeZone} /> : null}
      {canReadStaff ? <UsageSection tenantId={tenantId} headingId={ids.usage} /> : null}
      <section aria-labelledby={ids.create} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id={ids.create} className="text-lg font-semibold text-slate-900">
          {t('tenants.manage.createAnother')}
        </h2>
        <div className="mt-4">
          <CreateTenantForm />
        </div>
      </section>
    </div>
  );
}
