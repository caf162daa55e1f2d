import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '~/web/components/ui/button';
import { SIGN_IN_PATH, SIGN_UP_PATH } from './header-links';

// Signed-out visitors get the region selector (spec §2, §6); its dialog code loads on demand.
const RegionSelector = lazy(() => import('./region-selector'));

/**
 * The header's account area for a signed-out visitor: the region selector, Sign in and Sign up.
 * Part of the first page's scripts (it needs nothing the header does not already load), so a
 * visitor's page never loads the signed-in account code (the session client, Radix's menu, the
 * inbox and notification queries: header-account.tsx).
 */
export function VisitorAccountLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={null}>
        <RegionSelector />
      </Suspense>
      <ButtonLink variant="ghost" to={SIGN_IN_PATH}>
        {t('header.signIn')}
      </ButtonLink>
      <ButtonLink variant="primary" to={SIGN_UP_PATH}>
        {t('header.signUp')}
      </ButtonLink>
    </>
  );
}

/** The mobile menu's account part for a signed-out visitor: Sign in, Sign up and the region selector. */
export function MobileVisitorLinks({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 grid grid-cols-2 gap-2 border-t border-slate-200 pt-3">
      <ButtonLink variant="outline" size="lg" to={SIGN_IN_PATH} onClick={onNavigate}>
        {t('header.signIn')}
      </ButtonLink>
      <ButtonLink variant="primary" size="lg" to={SIGN_UP_PATH} onClick={onNavigate}>
        {t('header.signUp')}
      </ButtonLink>
      <div className="col-span-2">
        <Suspense fallback={null}>
          <RegionSelector />
        </Suspense>
      </div>
    </div>
  );
}
