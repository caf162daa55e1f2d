import { clsx } from 'clsx';
import { Avatar } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appointmentCalendarPath, googleCalendarUrl, outlookCalendarUrl, telehealthVisitPath } from '~/shared/calendar-links';
import type { Appointment } from '~/shared/contracts/appointments';
import type { ProviderSummary } from '~/shared/contracts/providers';
import { QueryState as SharedQueryState } from '~/web/components/ui/query-state';
import { personInitials } from '~/web/lib/session';

export const SELECT_CLASS_NAME = 'h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900';

/** The three states every list and detail of these screens shows (see components/ui/query-state). */
export function QueryState(props: { pending: boolean; error: unknown; retry?: () => void; children: ReactNode }) {
  return <SharedQueryState {...props} />;
}

export function Badge({ children, tone = 'slate' }: { children: ReactNode; tone?: 'slate' | 'teal' | 'amber' | 'red' | 'green' }) {
  const tones = {
    slate: 'bg-slate-100 text-slate-800',
    teal: 'bg-teal-50 text-teal-900',
    amber: 'bg-amber-50 text-amber-900',
    red: 'bg-red-50 text-red-800',
    green: 'bg-emerald-50 text-emerald-900',
  };
  return <span className={clsx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium', tones[tone])}>{children}</span>;
}

/** A 1-5 star rating read aloud as "Rated 4.8 out of 5 (25 ratings)". */
export function RatingText({ average, count }: { average: number | null; count: number }) {
  const { t } = useTranslation('providers');
  if (average === null || count === 0) return <span className="text-sm text-slate-700">{t('card.noRatings')}</span>;
  return (
    <span className="text-sm text-slate-800">
      <span aria-hidden="true" className="text-amber-600">
        ★{' '}
      </span>
      {t('card.rating', { average: average.toFixed(1), count })}
    </span>
  );
}

export function PageHeading({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {intro ? <p className="mt-2 text-base text-slate-700">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}

const LINK = 'inline-flex min-h-6 items-center font-medium text-teal-800 underline';

/**
 * The appointment's calendar file and add-to-calendar links (Google, Outlook). Where the event is
 * follows the appointment's mode: a video visit's is its page ("Video visit: <link>"), even when
 * its location is a practice; an in-person visit's is the address.
 */
export function CalendarLinks({ appointment: a, className }: { appointment: Appointment; className?: string }) {
  const { t } = useTranslation('appointments');
  // Shown only once the appointment is loaded in the browser (never in the server's render), so the page's origin is known.
  const videoUrl = a.mode === 'telehealth' ? `${typeof window === 'undefined' ? '' : window.location.origin}${telehealthVisitPath(a.id)}` : null;
  const event = {
    title: `${a.service.name} — ${a.provider.displayName}`,
    start: new Date(a.startsAt),
    end: new Date(a.endsAt),
    details: [a.organisation.name, videoUrl].filter(Boolean).join('\n'),
    location: videoUrl ? `${t('modes.telehealth')}: ${videoUrl}` : a.location.address || a.organisation.name,
  };
  return (
    <div className={clsx('flex flex-wrap gap-x-4 gap-y-2 text-sm', className)}>
      <a className={LINK} href={appointmentCalendarPath(a.id)} download>
        {t('calendar.file')}
      </a>
      <a className={LINK} href={googleCalendarUrl(event)} target="_blank" rel="noreferrer">
        {t('calendar.google')}
      </a>
      <a className={LINK} href={outlookCalendarUrl(event)} target="_blank" rel="noreferrer">
        {t('calendar.outlook')}
      </a>
    </div>
  );
}

/** Said where a practice screen needs the provider's own directory profile and there is none yet. */
export function NoProfileNotice() {
  const { t } = useTranslation('appointments');
  return (
    <div className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <p className="text-slate-900">{t('practice.noProfile')}</p>
      <Link to="/provider/profile" className={`${LINK} mt-2`}>
        {t('practice.createProfile')}
      </Link>
    </div>
  );
}

/**
 * A provider's photo (their account picture, served publicly by the directory), or their initials
 * until it loads or when there is none. Decorative: the name is always beside it.
 */
export function ProviderPhoto({ name, image, size = 'md' }: { name: string; image: string | null; size?: 'md' | 'lg' }) {
  return (
    <Avatar.Root
      className={clsx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-700 font-semibold text-white',
        size === 'lg' ? 'size-24 text-2xl' : 'size-14 text-lg',
      )}
      data-provider-photo={image ? 'image' : 'initials'}
    >
      {image ? <Avatar.Image src={image} alt="" className="size-full object-cover" /> : null}
      <Avatar.Fallback delayMs={image ? 600 : undefined}>{personInitials(name)}</Avatar.Fallback>
    </Avatar.Root>
  );
}

/**
 * What kind of visits a provider offers and how they stand: in person, video, NDIS-registered,
 * taking new patients (the card names only "not taking", the profile both).
 */
export function ProviderBadges({
  provider,
  showAccepting = false,
}: {
  provider: Pick<ProviderSummary, 'offersInPerson' | 'offersTelehealth' | 'ndisRegistered' | 'acceptingNewPatients'>;
  showAccepting?: boolean;
}) {
  const { t } = useTranslation('providers');
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {provider.offersInPerson ? <Badge>{t('modes.in_person')}</Badge> : null}
      {provider.offersTelehealth ? <Badge tone="teal">{t('modes.telehealth')}</Badge> : null}
      {provider.ndisRegistered ? <Badge tone="green">{t('card.ndis')}</Badge> : null}
      {provider.acceptingNewPatients ? showAccepting ? <Badge tone="green">{t('card.accepting')}</Badge> : null : <Badge tone="amber">{t('card.notAccepting')}</Badge>}
    </div>
  );
}
