import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PLACE_TEXT_MAX_LENGTH } from '~/shared/contracts/places';
import {
  DEFAULT_RADIUS_KM,
  DIRECTORY_QUERY_MAX_LENGTH,
  DIRECTORY_SORTS,
  type DirectorySort,
  MATCH_WEIGHTS,
  RATING_CONFIDENCE_COUNT,
  type MatchReason,
  type MatchReasonKind,
  type ProviderSummary,
  SERVICE_MODES,
  type WordMatch,
} from '~/shared/contracts/providers';
import { LANGUAGES } from '~/shared/languages';
import { distanceUnit } from '~/shared/regions';
import { isSpecialtySlug } from '~/shared/specialties';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-error';
import { isolate } from '~/web/lib/bidi';
import { formatDateTime, userTimeZone, zoneName } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { useRegion } from '~/web/lib/region';
import { useAuth } from '~/web/lib/session';
import { usePlaceSuggestions } from '../api/places-api';
import { focusElement } from '~/web/lib/focus';
import { ListText } from '~/web/components/ui/list-text';
import { PlaceOptions } from './place-options';
import { useDirectory } from '../api/booking-api';
import { PageHeading, ProviderBadges, ProviderPhoto, QueryState, RatingText, SELECT_CLASS_NAME } from './parts';
import { SpecialtyOptions } from './specialty-options';
import { useFormatLocale } from '~/web/lib/format-locale';
import { formatDistance, radiusChoices } from '~/web/lib/distance';

/** The parameters the page keeps in its URL (the API reads the same ones). */
const FILTER_KEYS = ['query', 'specialty', 'language', 'mode', 'near', 'lat', 'lng', 'radiusKm', 'acceptingNew', 'ndis', 'availableWithinDays', 'sort'] as const;
const WITHIN_DAYS = ['1', '3', '7', '14', '30'];
const MATCH_REASON_KINDS = Object.keys(MATCH_WEIGHTS) as MatchReasonKind[];

/** The address's parameters that narrow the list (not the words, the sort, the page or the language). */
const DIRECTORY_FILTER_PARAMS = ['specialty', 'language', 'mode', 'near', 'lat', 'radiusKm', 'acceptingNew', 'ndis', 'availableWithinDays'] as const;

/** /providers: search, filter and sort the directory; the whole query is in the URL, so it can be shared. */
export function DirectoryPage() {
  const { t, i18n } = useTranslation('providers');
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const [params, setParams] = useSearchParams();
  const { session } = useAuth();
  // Only the directory's own parameters go to the API: the address may also carry the site's
  // (?region=, ?lang=), which the API's strict query would refuse.
  const apiParams = new URLSearchParams();
  for (const key of [...FILTER_KEYS, 'page']) for (const value of params.getAll(key)) apiParams.append(key, value);
  apiParams.set('lang', language);
  // A place several towns are named after means the visitor's region's first, typed apart or
  // among the words ("cardiology perth"); with no place, best match prefers the region's
  // providers (its "region" part), so every search says it.
  const region = useRegion();
  apiParams.set('region', region);
  const directory = useDirectory(apiParams.toString());
  const fromUrl = () => Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTER_KEYS)[number], string>;
  const [draft, setDraft] = useState(fromUrl);
  // When the URL changes (back, forward, a shared link), the form follows it.
  const [shownUrl, setShownUrl] = useState(params.toString());
  if (shownUrl !== params.toString()) {
    setShownUrl(params.toString());
    setDraft(fromUrl());
  }
  const [locating, setLocating] = useState<'idle' | 'busy' | 'denied'>('idle');
  const id = useId();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const placeSuggestions = usePlaceSuggestions(draft.near, region);

  /** A search from the form: what is typed and chosen there, submitted. */
  function apply(next: Partial<typeof draft>, page = 1) {
    go({ ...draft, ...next }, page);
  }

  /**
   * Another page or sort of the search already made: the address's query, never the form's
   * unsubmitted text (typing "dentist" over "family" and pressing Next stays with "family").
   */
  function refine(next: Partial<typeof draft>, page = 1) {
    go({ ...fromUrl(), ...next }, page);
  }

  function go(merged: typeof draft, page: number) {
    const out = new URLSearchParams();
    for (const key of FILTER_KEYS) if (merged[key]) out.set(key, merged[key]);
    if (page > 1) out.set('page', String(page));
    setDropped(false);
    setParams(out);
  }

  // Another page scrolls to the top: the focus goes there too, to the results' heading and count,
  // so the new page is announced and Tab goes on from it (the Next button may be disabled now).
  function toPage(n: number) {
    refine({}, n);
    focusElement(resultsRef.current);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply({});
  }

  function useMyLocation() {
    if (!('geolocation' in navigator)) {
      setLocating('denied');
      return;
    }
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        apply({ lat: position.coords.latitude.toFixed(4), lng: position.coords.longitude.toFixed(4), near: '', sort: draft.sort || 'distance' });
      },
      () => setLocating('denied'),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  }

  // A typed place is shown, and kept in the address, as the place it was read as ("bondi beech"
  // becomes "Bondi Beach, NSW, AU"): a shared link then means the same place in any region.
  const readPlace = directory.isPlaceholderData ? undefined : directory.data?.place?.name;
  useEffect(() => {
    const near = params.get('near');
    if (!readPlace || !near || params.get('lat') || readPlace === near) return;
    const next = new URLSearchParams(params);
    next.set('near', readPlace);
    setParams(next, { replace: true });
  }, [readPlace, params, setParams]);

  // A link with a value the API cannot read (?page=-1, ?radiusKm=abc, an unknown sort) loses
  // that part, and the page says so, instead of failing the whole search.
  const [dropped, setDropped] = useState(false);
  const unreadable = directory.error instanceof ApiError && directory.error.status === 400 ? [...directory.error.fieldErrors().keys()].map((path) => path.replace(/^querystring\./, '')) : [];
  useEffect(() => {
    const keys = unreadable.filter((key) => params.has(key));
    if (keys.length === 0) return;
    const next = new URLSearchParams(params);
    for (const key of keys) next.delete(key);
    setDropped(true);
    setParams(next, { replace: true });
  }, [unreadable.join(','), params, setParams]); // eslint-disable-line react-hooks/exhaustive-deps -- the keys, not the array's identity

  const set = (key: (typeof FILTER_KEYS)[number]) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const page = directory.data;
  const pageNumber = Number(params.get('page') ?? '1') || 1;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  // A page past the last (an old link, fewer results now) shows the last page.
  const pastEnd = page !== undefined && !directory.isPlaceholderData && page.total > 0 && pageNumber > pages;
  // What is on screen is such a page (also while the last page loads in its place).
  const showingPastEnd = page !== undefined && page.total > 0 && page.providers.length === 0;
  useEffect(() => {
    if (pastEnd) setParams(new URLSearchParams(pageSearch(params, pages)), { replace: true });
  }, [pastEnd, pages, params, setParams]);
  const viewerZone = userTimeZone(session?.user.timeZone);
  const unit = distanceUnit(region);
  const radii = radiusChoices(unit, draft.radiusKm);
  const hasPoint = Boolean(params.get('lat') && params.get('lng'));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('directory.title')} description={t('directory.intro')} />
      <PageHeading title={t('directory.title')} intro={t('directory.intro')} />

      <form role="search" aria-label={t('directory.searchLabel')} onSubmit={onSubmit} className="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <div className="grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-end">
          <div>
            <label htmlFor={`${id}-query`} className="block text-sm font-medium text-slate-900">
              {t('directory.query')}
            </label>
            <Input id={`${id}-query`} type="search" name="query" className="mt-1.5" maxLength={DIRECTORY_QUERY_MAX_LENGTH} placeholder={t('directory.queryPlaceholder')} value={draft.query} onChange={(e) => set('query')(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${id}-specialty`} className="block text-sm font-medium text-slate-900">
              {t('directory.specialty')}
            </label>
            <select id={`${id}-specialty`} className={`${SELECT_CLASS_NAME} mt-1.5`} value={draft.specialty} onChange={(e) => set('specialty')(e.target.value)}>
              <option value="">{t('directory.any')}</option>
              <SpecialtyOptions name={(slug) => t(`specialties.${slug}`)} group={(key) => t(`specialtyGroups.${key}`)} />
            </select>
          </div>
          <Button type="submit">{t('directory.search')}</Button>
        </div>
        <details className="group" open={FILTER_KEYS.slice(2).some((k) => params.get(k))}>
          <summary className="min-h-6 cursor-pointer text-sm font-medium text-teal-800">{t('directory.moreFilters')}</summary>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <label htmlFor={`${id}-near`} className="block text-sm font-medium text-slate-900">
                {t('directory.near')}
              </label>
              <Input
                id={`${id}-near`}
                name="near"
                maxLength={PLACE_TEXT_MAX_LENGTH}
                className="mt-1.5"
                list={`${id}-places`}
                autoComplete="off"
                placeholder={t('directory.nearPlaceholder')}
                value={draft.near}
                onChange={(e) => setDraft((d) => ({ ...d, near: e.target.value, lat: '', lng: '' }))}
              />
              <PlaceOptions id={`${id}-places`} places={placeSuggestions} language={language} />
              <Button variant="outline" size="sm" onClick={useMyLocation} className="mt-2" busy={locating === 'busy'}>
                {locating === 'busy' ? t('directory.locating') : hasPoint ? t('directory.usingLocation') : t('directory.useLocation')}
              </Button>
              {locating === 'denied' ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {t('directory.locationDenied')}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={`${id}-radius`} className="block text-sm font-medium text-slate-900">
                {t('directory.radius')}
              </label>
              <select id={`${id}-radius`} className={`${SELECT_CLASS_NAME} mt-1.5`} value={draft.radiusKm || String(DEFAULT_RADIUS_KM)} onChange={(e) => set('radiusKm')(e.target.value)}>
                {radii.map((r) => (
                  <option key={r} value={r}>
                    {formatDistance(r, locale, unit, { whole: true })}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-language`} className="block text-sm font-medium text-slate-900">
                {t('directory.language')}
              </label>
              <select id={`${id}-language`} className={`${SELECT_CLASS_NAME} mt-1.5`} value={draft.language} onChange={(e) => set('language')(e.target.value)}>
                <option value="">{t('directory.any')}</option>
                {LANGUAGES.map((l) => (
                  <option key={l.code} value={l.code} lang={l.code}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-mode`} className="block text-sm font-medium text-slate-900">
                {t('directory.mode')}
              </label>
              <select id={`${id}-mode`} className={`${SELECT_CLASS_NAME} mt-1.5`} value={draft.mode} onChange={(e) => set('mode')(e.target.value)}>
                <option value="">{t('directory.any')}</option>
                {SERVICE_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`modes.${m}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-within`} className="block text-sm font-medium text-slate-900">
                {t('directory.availableWithin')}
              </label>
              <select id={`${id}-within`} className={`${SELECT_CLASS_NAME} mt-1.5`} value={draft.availableWithinDays} onChange={(e) => set('availableWithinDays')(e.target.value)}>
                <option value="">{t('directory.anyTime')}</option>
                {WITHIN_DAYS.map((d) => (
                  <option key={d} value={d}>
                    {t('directory.days', { count: Number(d) })}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="space-y-2 sm:col-span-2 lg:col-span-1">
              <legend className="text-sm font-medium text-slate-900">{t('directory.show')}</legend>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="size-4" checked={draft.acceptingNew === 'true'} onChange={(e) => set('acceptingNew')(e.target.checked ? 'true' : '')} />
                {t('directory.acceptingNew')}
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="size-4" checked={draft.ndis === 'true'} onChange={(e) => set('ndis')(e.target.checked ? 'true' : '')} />
                {t('directory.ndis')}
              </label>
            </fieldset>
          </div>
        </details>
      </form>

      <QueryState pending={directory.isPending} error={directory.isError ? directory.error : null} retry={() => void directory.refetch()}>
        {page ? (
          <section aria-labelledby={`${id}-results`} className="mt-8">
            <div className="flex flex-wrap items-center justify-between gap-4">
              <h2 id={`${id}-results`} ref={resultsRef} tabIndex={-1} aria-live="polite" className="text-lg font-semibold text-slate-900">
                {t('directory.results', { count: page.total })}
                {page.place?.name ? ` · ${t('directory.nearPlace', { place: page.place.name })}` : ''}
              </h2>
              <div className="flex items-center gap-2">
                <label htmlFor={`${id}-sort`} className="whitespace-nowrap text-sm font-medium text-slate-900">
                  {t('directory.sort')}
                </label>
                <select id={`${id}-sort`} className={`${SELECT_CLASS_NAME} w-auto`} value={page.sort} onChange={(e) => refine({ sort: e.target.value })}>
                  {DIRECTORY_SORTS.filter((s) => s !== 'distance' || page.place).map((s: DirectorySort) => (
                    <option key={s} value={s}>
                      {t(`sorts.${s}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {page.matched === 'some' && page.total > 0 ? (
              // Nobody held every word, so the list is of those holding some (the API's `matched`).
              <p role="status" className="mt-2 text-sm text-slate-800">
                {t('directory.someWords', { query: params.get('query') ?? '' })}
              </p>
            ) : null}
            {page.matched === 'near' && page.total > 0 && page.place ? (
              // Nobody held every word, and some of them name a place: the rest, measured from there.
              <p role="status" className="mt-2 text-sm text-slate-800">
                {t('directory.nearWords', { query: isolate(page.searched ?? ''), place: isolate(page.place.name) })}
              </p>
            ) : null}
            <p className="mt-2 text-sm text-slate-700">{t('directory.timesIn', { zone: zoneName(viewerZone, locale), id: viewerZone })}</p>
            {dropped ? <p className="mt-2 text-sm text-amber-900">{t('directory.linkPartsDropped')}</p> : null}
            {page.placeNotFound ? (
              <p role="alert" className="mt-3 text-sm text-amber-900">
                {t('directory.placeNotFound', { place: params.get('near') ?? '' })}
              </p>
            ) : null}
            {/* Nothing matched. A page past the end (total > 0, no providers) is not that: it is being moved to the
                last page, and links to it until that has loaded. */}
            {showingPastEnd ? (
              <p className="mt-6 text-slate-700">
                {t('directory.pastEnd', { pages })}{' '}
                <Link className="inline-flex min-h-6 items-center font-medium text-teal-800 underline" to={{ search: pageSearch(params, pages) }}>
                  {t('directory.lastPage', { page: pages })}
                </Link>
              </p>
            ) : page.providers.length === 0 && page.total === 0 ? (
              <p className="mt-6 text-slate-700">
                {/* Words alone found nobody: fewer filters would not help, other words might. */}
                {params.get('query') && !DIRECTORY_FILTER_PARAMS.some((key) => !['', 'false'].includes(params.get(key) ?? '')) ? t('directory.emptyWords', { query: params.get('query') ?? '' }) : t('directory.empty')}
              </p>
            ) : (
              <ul className="mt-4 grid gap-4 lg:grid-cols-2" aria-busy={directory.isFetching}>
                {page.providers.map((p) => (
                  <ProviderCard key={p.id} provider={p} placeGiven={page.place !== null} />
                ))}
              </ul>
            )}
            {pages > 1 && !showingPastEnd ? (
              <nav aria-label={t('directory.pages')} className="mt-6 flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-slate-700">{t('directory.pageOf', { page: pageNumber, pages })}</p>
                <div className="flex gap-2">
                  <Button variant="outline" disabled={pageNumber <= 1} onClick={() => toPage(pageNumber - 1)}>
                    {t('directory.previous')}
                  </Button>
                  <Button variant="outline" disabled={pageNumber >= pages} onClick={() => toPage(pageNumber + 1)}>
                    {t('directory.next')}
                  </Button>
                </div>
              </nav>
            ) : null}
          </section>
        ) : null}
      </QueryState>
    </div>
  );
}

/** The address's query with this page (page 1 without the parameter). */
function pageSearch(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next.toString();
}

function ProviderCard({ provider, placeGiven }: { provider: ProviderSummary; placeGiven: boolean }) {
  const { t, i18n } = useTranslation('providers');
  const locale = useFormatLocale();
  const region = useRegion();
  const { session } = useAuth();
  const language = currentLanguage(i18n.resolvedLanguage);
  const zone = userTimeZone(session?.user.timeZone);
  const headingId = useId();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-4">
          <ProviderPhoto name={provider.displayName} image={provider.image} />
          <div>
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              <Link to={`/providers/${provider.id}`} className="hover:underline">
                <bdi>{provider.displayName}</bdi>
              </Link>
            </h3>
            <p className="text-sm text-slate-700">
              {t(`specialties.${provider.specialty}`)}
              {provider.title ? (
                <>
                  {' · '}
                  <bdi>{provider.title}</bdi>
                </>
              ) : null}
            </p>
          </div>
        </div>
        <RatingText average={provider.rating.average} count={provider.rating.count} />
      </div>
      <ProviderBadges provider={provider} />
      <dl className="mt-3 grid gap-1 text-sm text-slate-800 sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-700">{t('card.where')}: </dt>
          <dd className="inline">
            {provider.city ? <bdi>{provider.city}</bdi> : t('modes.telehealth')}
            {provider.distanceKm !== null ? ` · ${t('card.distance', { distance: formatDistance(provider.distanceKm, locale, distanceUnit(region)) })}` : ''}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-700">{t('card.languages')}: </dt>
          <dd className="inline">
            <ListText items={provider.languages.map((code) => LANGUAGES.find((l) => l.code === code)?.name ?? code)} language={language} />
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline text-slate-700">{t('card.next')}: </dt>
          <dd className="inline">{provider.nextAvailableAt ? formatDateTime(provider.nextAvailableAt, locale, zone) : t('card.noTimes')}</dd>
        </div>
      </dl>
      {provider.reasons.length > 0 ? <MatchExplanation provider={provider} placeGiven={placeGiven} /> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={`/providers/${provider.id}`} className="text-sm font-medium text-teal-800 underline inline-flex min-h-6 items-center">
          {t('card.profile')}
          <span className="sr-only">: {provider.displayName}</span>
        </Link>
        <Link to={`/appointments/book/${provider.id}`} className="text-sm font-medium text-teal-800 underline inline-flex min-h-6 items-center">
          {t('card.book')}
          <span className="sr-only">: {provider.displayName}</span>
        </Link>
      </div>
    </li>
  );
}

/** A country's name in the page's language (its code where the browser has no name for it). */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Why a result matched: every part of best match with its points, its weight and what it adds
 * (the weights are MATCH_WEIGHTS, shown as they are), what each part came from, and for typed
 * words which word was found where.
 */
function MatchExplanation({ provider, placeGiven }: { provider: ProviderSummary; placeGiven: boolean }) {
  const { t, i18n } = useTranslation('providers');
  const locale = useFormatLocale();
  const region = useRegion();
  const { session } = useAuth();
  const language = currentLanguage(i18n.resolvedLanguage);
  const zone = userTimeZone(session?.user.timeZone);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const detailOf = (r: MatchReason): string | null => {
    if (r.kind === 'availability') return formatDateTime(r.detail, locale, zone);
    if (r.kind === 'fit') return isSpecialtySlug(r.detail) ? t(`specialties.${r.detail}`) : null;
    if (r.kind === 'language') return LANGUAGES.find((l) => l.code === r.detail)?.name ?? r.detail;
    if (r.kind === 'region') return countryName(r.detail, language);
    if (r.kind === 'distance') return formatDistance(r.detail, locale, distanceUnit(region));
    return r.detail;
  };
  const valueOf = (m: WordMatch): string => {
    if (m.field === 'specialty' && isSpecialtySlug(m.value)) return t(`specialties.${m.value}`);
    if (m.field === 'language') return LANGUAGES.find((l) => l.code === m.value)?.name ?? m.value;
    return m.value;
  };
  return (
    <details className="mt-3">
      <summary className="min-h-6 cursor-pointer text-sm font-medium text-teal-800">{t('card.why', { score: Math.round(provider.score * 100) })}</summary>
      <p className="mt-2 text-sm text-slate-700">{t('card.howScored')}</p>
      <ul className="mt-2 space-y-2 text-sm text-slate-800">
        {MATCH_REASON_KINDS.map((kind) => {
          const reason = provider.reasons.find((r) => r.kind === kind);
          const points = reason ? reason.score * 100 : 0;
          const detail = reason ? detailOf(reason) : null;
          return (
            <li key={kind} data-match-part={kind}>
              <span className="font-medium">{t(`matchParts.${kind}`)}</span>
              {': '}
              {t('card.partScore', { points: number.format(points), weight: number.format(MATCH_WEIGHTS[kind] * 100), contribution: number.format(MATCH_WEIGHTS[kind] * points) })}
              {reason && detail ? <span className="block text-slate-700">{t(`reasons.${kind}`, { detail })}</span> : null}
              {/* Why a part earned little: few ratings count in part; no place, no distance. */}
              {kind === 'rating' && reason && provider.rating.count < RATING_CONFIDENCE_COUNT ? (
                <span className="block text-slate-700">{t('reasons.ratingConfidence', { full: RATING_CONFIDENCE_COUNT, count: provider.rating.count })}</span>
              ) : null}
              {kind === 'distance' && !placeGiven ? <span className="block text-slate-700">{t('reasons.noPlace')}</span> : null}
              {reason?.matches && reason.matches.length > 0 ? (
                <ul className="list-disc ps-5 text-slate-700">
                  {reason.matches.map((m) => (
                    <li key={m.word}>
                      {t(m.typo ? 'wordMatch.typo' : 'wordMatch.exact', { word: m.word, field: t(`matchFields.${m.field}`), value: valueOf(m) })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
