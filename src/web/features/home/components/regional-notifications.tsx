import { AlertTriangle, CheckCircle2, ExternalLink, Info, X } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type RegionCode, getRegion } from '~/shared/regions';
import { Button } from '~/web/components/ui/button';
import { useHydrated } from '~/web/lib/use-hydrated';
import { type NotificationType, notificationsFor, readDismissedInBrowser, saveDismissed } from '../lib/notifications';

const STYLE: Record<NotificationType, { icon: LucideIcon; box: string; icon_: string }> = {
  success: { icon: CheckCircle2, box: 'border-emerald-300 bg-emerald-50', icon_: 'text-emerald-800' },
  info: { icon: Info, box: 'border-sky-300 bg-sky-50', icon_: 'text-sky-800' },
  warning: { icon: AlertTriangle, box: 'border-amber-400 bg-amber-50', icon_: 'text-amber-900' },
};

/**
 * The home page's regional notification area (spec §2, §4): the visitor's region's notices,
 * each dismissible; a dismissal is kept in the browser and in a cookie, so the next visit (even
 * its server-rendered HTML) leaves it out.
 */
export function RegionalNotifications({ region, initialDismissed }: { region: RegionCode; initialDismissed: readonly string[] }) {
  const { t } = useTranslation('home');
  const hydrated = useHydrated();
  const [dismissedNow, setDismissedNow] = useState<readonly string[]>([]);
  // The server knew the cookie; once hydrated, local storage counts too.
  const dismissed = [...new Set([...initialDismissed, ...(hydrated ? readDismissedInBrowser() : []), ...dismissedNow])];
  const visible = notificationsFor(region, dismissed);
  if (visible.length === 0) return null;
  const emergencyNumber = getRegion(region).emergencyNumber;

  function dismiss(id: string) {
    const next = [...new Set([...dismissed, id])];
    saveDismissed(next);
    setDismissedNow(next);
  }

  return (
    <section aria-label={t('notifications.region')} className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:px-6 lg:px-8">
        {visible.map((n) => {
          const { icon: Icon, box, icon_ } = STYLE[n.type];
          const title = t(`notifications.items.${n.id}.title`);
          return (
            <li key={n.id} className={clsx('flex items-start gap-3 rounded-lg border p-3', box)} data-notification={n.id}>
              <Icon aria-hidden="true" className={clsx('mt-0.5 size-5 shrink-0', icon_)} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  <span className="sr-only">{t(`notifications.types.${n.type}`)}: </span>
                  {title}
                </p>
                <p className="text-sm text-slate-800">{t(`notifications.items.${n.id}.message`, { number: emergencyNumber })}</p>
                {n.cta ? (
                  <Link
                    to={n.cta.to}
                    {...(n.cta.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-teal-900 underline underline-offset-2"
                    data-cta-section="notifications"
                    data-cta-type="notification"
                  >
                    {t(`notifications.items.${n.id}.cta`)}
                    {n.cta.newTab ? (
                      <>
                        <ExternalLink aria-hidden="true" className="size-4" />
                        <span className="sr-only"> {t('notifications.newTab')}</span>
                      </>
                    ) : null}
                  </Link>
                ) : null}
              </div>
              {n.dismissible ? (
                <Button variant="ghost" size="icon" className="size-9" onClick={() => dismiss(n.id)} aria-label={t('notifications.dismiss', { title })}>
                  <X aria-hidden="true" className="size-5" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
