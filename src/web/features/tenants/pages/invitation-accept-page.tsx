import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { useAuth } from '~/web/lib/session';
import { useAcceptInvitation, useInvitationPreview } from '../api/tenants';
import { QueryError, QueryLoading } from '../components/query-state';
import { errorCode, useTenantErrorMessage } from '../lib/error-message';
import { formatDate, userTimeZone } from '../lib/format';
import { useFormatLocale } from '~/web/lib/format-locale';

const DASHBOARD_PATH = '/dashboard';
const INVALID = 'tenant.invitation-invalid';

/**
 * /invitations/accept?token=…: the invitation's organisation and role, and Accept. Accepting
 * creates the membership, switches the session and goes to /dashboard; an unusable link shows
 * 'Invalid or expired invitation'. Signed-out visitors were sent to sign in by the route guard.
 */
export function InvitationAcceptPage() {
  const { t } = useTranslation('dashboard');
  const locale = useFormatLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { session } = useAuth();
  const navigate = useNavigate();
  const errorMessage = useTenantErrorMessage();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();

  const invalid = token === '' || errorCode(preview.error) === INVALID || errorCode(accept.error) === INVALID;
  if (invalid) return <InvalidInvitation />;
  if (preview.isPending) {
    return (
      <Shell>
        <DocumentTitle title={t('tenants.accept.loading')} />
        <QueryLoading label={t('tenants.accept.loading')} />
      </Shell>
    );
  }
  if (preview.isError) {
    return (
      <Shell>
        <DocumentTitle title={t('tenants.accept.failed')} />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('tenants.accept.failed')}</h1>
        <div className="mt-6">
          <QueryError message={t('tenants.accept.failed')} detail={errorMessage(preview.error)} onRetry={() => void preview.refetch()} />
        </div>
      </Shell>
    );
  }

  const { tenantName, role, expiresAt } = preview.data;
  const timeZone = userTimeZone(session?.user.timeZone);

  function onAccept() {
    // mutateAsync: the refreshed session re-renders the app; the promise settles regardless.
    accept
      .mutateAsync(token)
      .then(async (result) => {
        if (result.switched) toast.success(t('tenants.accept.accepted', { tenant: result.tenantName }));
        else toast.warning(t('tenants.accept.notSwitched', { tenant: result.tenantName }));
        await navigate(DASHBOARD_PATH);
      })
      .catch((error: unknown) => {
        if (errorCode(error) !== INVALID) toast.error(t('tenants.accept.failed'), { description: errorMessage(error) });
      });
  }

  return (
    <Shell>
      <DocumentTitle title={t('tenants.accept.title', { tenant: tenantName })} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('tenants.accept.title', { tenant: tenantName })}</h1>
      <p className="mt-4 text-lg text-slate-800">{t('tenants.accept.body', { tenant: tenantName, role: t(`tenants.roles.${role}`) })}</p>
      {session ? <p className="mt-3 text-slate-700">{t('tenants.accept.signedInAs', { email: session.user.email })}</p> : null}
      <p className="mt-3 text-slate-700">{t('tenants.accept.expires', { date: formatDate(expiresAt, locale, timeZone) })}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button size="lg" busy={accept.isPending} onClick={onAccept}>
          {accept.isPending ? t('tenants.accept.accepting') : t('tenants.accept.accept')}
        </Button>
        <ButtonLink size="lg" variant="outline" to={DASHBOARD_PATH}>
          {t('tenants.accept.decline')}
        </ButtonLink>
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">{children}</div>;
}

function InvalidInvitation() {
  const { t } = useTranslation('dashboard');
  return (
    <Shell>
      <DocumentTitle title={t('tenants.accept.invalidTitle')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('tenants.accept.invalidTitle')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('tenants.accept.invalidBody')}</p>
      <ButtonLink size="lg" className="mt-8" to={DASHBOARD_PATH}>
        {t('tenants.accept.home')}
      </ButtonLink>
    </Shell>
  );
}
