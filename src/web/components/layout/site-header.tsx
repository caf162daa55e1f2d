import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { useAuth } from '~/web/lib/session';
import { useHydrated } from '~/web/lib/use-hydrated';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '~/web/components/ui/button';
import { AccountPlaceholder } from './account-placeholder';
import { mobileNavLinkClassName } from './header-links';
import { MobileVisitorLinks, VisitorAccountLinks } from './header-visitor';
import { LanguageTriggerPlaceholder } from './language-trigger';
import { TendwellLogo } from './tendwell-logo';

/** Header navigation of spec §2 (the pages arrive in later issues; until then they show not-found). */
export const HEADER_LINKS = [
  { to: '/', labelKey: 'header.home' },
  { to: '/about', labelKey: 'header.about' },
  { to: '/education', labelKey: 'header.education' },
] as const;

const LanguagePicker = lazy(() => import('./language-picker'));
// Signed-in people's organisations (spec §2 tenant switcher), loaded after the first render.
const TenantSwitcher = lazy(() => import('~/web/features/tenants/components/tenant-switcher'));
// A provider hears, on any page, that someone waits in one of their video visits.
const VisitWaitingAlert = lazy(() => import('~/web/features/telehealth/components/waiting-alert'));

export { SIGN_IN_PATH, SIGN_UP_PATH } from './header-links';

// A signed-in person's account area needs the session's contract (and so the validator), Radix's
// menu and the inbox and notification queries: loaded only once someone is signed in, with a
// disabled placeholder avatar meanwhile (also spec §2's loading state). A visitor's header links
// to sign-in and sign-up from this module's own scripts (header-visitor.tsx), and neither the
// account area, the organisation switcher nor the video-visit alert loads on their page.
const HeaderAccount = lazy(() => import('./header-account'));
const MobileHeaderAlerts = lazy(() => import('./header-account').then((m) => ({ default: m.MobileHeaderAlerts })));
const MobileAccountLinks = lazy(() => import('./header-account').then((m) => ({ default: m.MobileAccountLinks })));
const MobileFindProvidersItem = lazy(() =>
  import('./header-account').then((m) => ({ default: m.MobileFindProvidersItem })),
);

function navLinkClassName({ isActive }: { isActive: boolean }): string {
  return clsx(
    'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium transition-colors',
    isActive ? 'text-teal-800 underline decoration-2 underline-offset-8' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { status, session, can } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // The menu closes when the page changes, also when something other than a menu link navigated
  // (the tenant switcher goes to /dashboard after a switch).
  const { pathname } = useLocation();
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    if (menuOpen) setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md text-slate-900">
          <TendwellLogo />
        </Link>

        <nav aria-label={t('header.primaryNav')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={navLinkClassName}>
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-2">
          {/* Interactive widgets show their placeholders until the page has hydrated. */}
          {hydrated && can('appointments.manage') ? (
            <Suspense fallback={null}>
              <VisitWaitingAlert />
            </Suspense>
          ) : null}
          {hydrated ? (
            <Suspense fallback={<LanguageTriggerPlaceholder />}>
              <LanguagePicker />
            </Suspense>
          ) : (
            <LanguageTriggerPlaceholder />
          )}
          <div className="hidden items-center gap-2 md:flex">
            {hydrated && session ? (
              <>
                <Suspense fallback={null}>
                  <TenantSwitcher />
                </Suspense>
                <Suspense fallback={<AccountPlaceholder />}>
                  <HeaderAccount />
                </Suspense>
              </>
            ) : status === 'anonymous' ? (
              // Known on the server too (no session cookie): rendered into the HTML, not swapped in after hydration.
              <VisitorAccountLinks />
            ) : (
              <AccountPlaceholder />
            )}
          </div>
          {hydrated && session ? (
            <div className="flex items-center gap-1 md:hidden">
              <Suspense fallback={null}>
                <MobileHeaderAlerts />
              </Suspense>
            </div>
          ) : null}
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
            <span className="sr-only">{t('header.menu')}</span>
          </Button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-slate-200 bg-white md:hidden">
        <nav aria-label={t('header.mobileNav')} className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={mobileNavLinkClassName} onClick={closeMenu}>
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
            {session ? (
              <Suspense fallback={null}>
                <MobileFindProvidersItem onNavigate={closeMenu} />
              </Suspense>
            ) : null}
          </ul>
          {session ? (
            <Suspense fallback={null}>
              <MobileAccountLinks onNavigate={closeMenu} />
            </Suspense>
          ) : status === 'anonymous' ? (
            <MobileVisitorLinks onNavigate={closeMenu} />
          ) : null}
          {/* Signed-in people switch organisation here on small screens (spec §2 tenant switcher). */}
          {hydrated && session && menuOpen ? (
            <div className="mt-3 empty:hidden">
              <Suspense fallback={null}>
                <TenantSwitcher />
              </Suspense>
            </div>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
