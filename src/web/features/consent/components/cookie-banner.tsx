import { useTranslation } from 'react-i18next';
import { Button } from '~/web/components/ui/button';
import { setCookiePreferencesOpen, useConsent, useCookiePreferencesOpen } from '~/web/lib/consent';
import { choiceOf, useSubmitConsent } from '../lib/submit-consent';

/**
 * The cookie banner (spec §2, §4, §8): shown when the server has no unexpired choice for this
 * region and visitor, or when reading it failed. The page's server reads the choice as the visitor
 * (root loader), so a first visit arrives with the banner in its HTML; its buttons work once the
 * page is hydrated. Customize opens the preferences dialog (cookie-consent.tsx); Accept Selected
 * saves the current choices (essential only until changed); Accept All turns every category on.
 */
export function CookieBanner() {
  const { t } = useTranslation('consent');
  const consent = useConsent();
  const open = useCookiePreferencesOpen();
  const { submit, pending } = useSubmitConsent();
  const showBanner = consent.isError || (consent.isSuccess && consent.data === null);
  if (!showBanner || open) return null;
  return (
    <section
      aria-label={t('banner.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:px-6 lg:flex-row lg:items-center lg:px-8">
        <div className="flex-1">
          <h2 className="font-semibold text-slate-900">{t('banner.title')}</h2>
          <p className="mt-1 text-sm text-slate-700">{t('banner.text')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" onClick={() => setCookiePreferencesOpen(true)}>
            {t('banner.customize')}
          </Button>
          <Button variant="outline" busy={pending} onClick={() => submit(choiceOf(consent.data))}>
            {t('banner.acceptSelected')}
          </Button>
          <Button busy={pending} onClick={() => submit({ functional: true, analytics: true, marketing: true })}>
            {t('banner.acceptAll')}
          </Button>
        </div>
      </div>
    </section>
  );
}
