import { CalendarCheck, MapPin, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { regionPlace } from '~/shared/places';
import { distanceUnit, type RegionCode } from '~/shared/regions';
import { formatDateTime, userTimeZone } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { useHydrated } from '~/web/lib/use-hydrated';
import { useTopMatches } from '../api/specialties';
import { TopMatchesLoading } from './hero-parts';
import { useFormatLocale } from '~/web/lib/format-locale';
import { formatDistance } from '~/web/lib/distance';

// Loaded on its own (hero.tsx imports it lazily): the directory's contract, the places and the date
// formatting stay out of the home page's first scripts. The server renders it in place.

/**
 * The real best matches of the directory near the region's first city (the transparent score
 * of /providers), three of them, each linking to its profile.
 */
export default function TopMatches({ region }: { region: RegionCode }) {
  const { t, i18n } = useTranslation('home');
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const place = regionPlace(region);
  const matches = useTopMatches({ near: place?.name, lang: language });
  // The next free time is shown in the browser's time zone, which the server cannot know: it is
  // added once the page has hydrated (the server renders the matches from the loader's answer).
  const hydrated = useHydrated();
  const providers = (matches.data?.providers ?? []).slice(0, 3);
  if (matches.isPending) return <TopMatchesLoading />;
  if (providers.length === 0) return <p className="mt-3 text-sm text-slate-700">{t('hero.matching.none')}</p>;
  return (
    <>
      {place && matches.data?.place ? <p className="mt-1 text-sm text-slate-700">{t('hero.matching.near', { place: place.name })}</p> : null}
      <ul className="mt-3 space-y-3">
        {providers.map((p) => (
          <li key={p.id} className="rounded-lg border border-slate-200 p-3">
            <Link to={`/providers/${p.id}`} className="font-medium text-slate-900 hover:underline">
              <bdi>{p.displayName}</bdi>
            </Link>
            <p className="text-sm text-slate-700">{t(`specialties.names.${p.specialty}`)}</p>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-4" />
                {p.distanceKm !== null ? formatDistance(p.distanceKm, locale, distanceUnit(region)) : (p.city ?? t('hero.matching.video'))}
              </span>
              {p.rating.average !== null ? (
                <span className="inline-flex items-center gap-1">
                  <Star aria-hidden="true" className="size-4 text-amber-600" />
                  {t('hero.matching.rating', { rating: p.rating.average.toFixed(1) })}
                </span>
              ) : null}
              {p.nextAvailableAt && hydrated ? (
                <span className="inline-flex items-center gap-1">
                  <CalendarCheck aria-hidden="true" className="size-4" />
                  {t('hero.matching.nextAvailable', { when: formatDateTime(p.nextAvailableAt, locale, userTimeZone(null)) })}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Link to={place ? `/providers?near=${encodeURIComponent(place.name)}` : '/providers'} className="mt-3 inline-flex min-h-6 items-center text-sm font-medium text-teal-800 underline">
        {t('hero.matching.seeAll')}
      </Link>
    </>
  );
}
