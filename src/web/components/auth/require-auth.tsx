import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { Permission } from '~/shared/permissions';
import type { Role } from '~/shared/roles';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { ButtonLink } from '~/web/components/ui/button';
import { saveReturnPath } from '~/web/lib/return-path';
import { useAuth } from '~/web/lib/session';
import { useHydrated } from '~/web/lib/use-hydrated';

export const SIGN_IN_PATH = '/auth/login';

/** The spinner shown while the session is checked (spec §2: 'Checking authentication status'). */
export function AuthChecking() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-700">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-teal-700 border-t-transparent motion-reduce:animate-none" />
      <span>{t('authStatus.checking')}</span>
    </div>
  );
}

/** Spec: a signed-in person whose role may not open the page is told so, plainly. */
export function NotAllowed() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const role = session?.user.role;
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <DocumentTitle title={t('notAllowed.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('notAllowed.title')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('notAllowed.body', { role: role ? t(`roles.${role}`) : '' })}</p>
      <ButtonLink size="lg" className="mt-8" to={session?.landingPath ?? '/'}>
        {t('notAllowed.back')}
      </ButtonLink>
    </div>
  );
}

export interface RequireAuthProps {
  children: ReactNode;
  /** Platform roles that may open the page (any signed-in person when omitted). */
  roles?: readonly Role[];
  /** A permission the page needs (checked after roles). */
  permission?: Permission;
}

/**
 * Guards a page in the browser: anonymous visitors go to sign-in with the return path saved;
 * a wrong role or a missing permission sees the not-allowed page. The server enforces the same
 * rules on every API call; this only spares people a page they cannot use.
 */
export function RequireAuth({ children, roles, permission }: RequireAuthProps) {
  const auth = useAuth();
  const hydrated = useHydrated();
  const location = useLocation();
  const anonymous = auth.status === 'anonymous';
  const here = location.pathname + location.search;
  useEffect(() => {
    if (anonymous) saveReturnPath(here);
  }, [anonymous, here]);
  if (auth.status === 'loading') return <AuthChecking />;
  // The server (and hydration after it) cannot navigate: the spinner stands in until the browser
  // sends the visitor to sign-in.
  if (!auth.session) return hydrated ? <Navigate to={SIGN_IN_PATH} replace /> : <AuthChecking />;
  if (roles && !roles.includes(auth.session.user.role)) return <NotAllowed />;
  if (permission && !auth.can(permission)) return <NotAllowed />;
  return <>{children}</>;
}
