import { Ambulance, Brain, Building2, CalendarCheck, Info, MapPin, Phone, ShieldAlert, Star, Stethoscope } from 'lucide-react';
import { Dialog, Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { type RegionCode, formatMoney, getRegion, regionalMarketing } from '~/shared/regions';
import { Link } from 'react-router';
import { PLACES } from '~/shared/places';
import { Button } from '~/web/components/ui/button';
import { formatDateTime, userTimeZone } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { useTopMatches } from '../api/specialties';
import { CtaLink } from './cta-link';

const HERO_COPY_REGIONS = ['AU', 'GB', 'CA', 'NG'] as const;
type HeroCopyKey = (typeof HERO_COPY_REGIONS)[number] | 'default';

export function heroCopyKey(region: RegionCode): HeroCopyKey {
  return (HERO_COPY_REGIONS as readonly string[]).includes(region) ? (region as HeroCopyKey) : 'default';
}

interface ClinicalItem {
  title: string;
  detail: string;
}
interface Step {
  title: string;
  text: string;
}

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Hero (spec §2): regional copy, calls to action, the 'How it works' dialog and three preview tabs. */
export function Hero({ region }: { region: RegionCode }) {
  const { t, i18n } = useTranslation('home');
  const key = heroCopyKey(region);
  const info = getRegion(region);
  const marketing = regionalMarketing(region);
  const amount = formatMoney(marketing.socialProofAmount, { currency: marketing.socialProofCurrency, locale: i18n.language, compact: true });
  const steps = asArray<Step>(t('steps.items', { returnObjects: true }));

  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-teal-50 to-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-20">
        <div>
          <p className="inline-flex rounded-full bg-teal-100 px-3 py-1 text-sm font-medium text-teal-900">
            {t('hero.badge', { countries: '25+' })}
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {t(`hero.${key}.title`)}
          </h1>
          <p className="mt-4 text-xl font-medium text-teal-900">{t(`hero.${key}.subtitle`)}</p>
          <p className="mt-4 text-lg text-slate-700">{t(`hero.${key}.description`)}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <CtaLink to="/auth/register" section="hero" ctaType="signup" size="lg">
              {t(`hero.${key}.primary`)}
            </CtaLink>
            <CtaLink to="/appointments/book" section="hero" ctaType="booking" size="lg" variant="outline">
              {t(`hero.${key}.secondary`)}
            </CtaLink>
            <Dialog.Root>
              <Dialog.Trigger asChild>
                <Button variant="ghost" size="lg" className="text-teal-900 underline underline-offset-4">
                  <Info aria-hidden="true" className="size-5" />
                  {t('hero.howItWorks')}
                </Button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
                <Dialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(92vw,36rem)] -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2">
                  <Dialog.Title className="text-xl font-semibold text-slate-900">{t('hero.howItWorksTitle')}</Dialog.Title>
                  <Dialog.Description className="mt-1 text-slate-700">{t('hero.howItWorksDescription')}</Dialog.Description>
                  <ol className="mt-5 space-y-4">
                    {steps.map((step, index) => (
                      <li key={step.title} className="flex gap-3">
                        <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-teal-700 font-semibold text-white">
                          {index + 1}
                        </span>
                        <div>
                          <p className="font-semibold text-slate-900">{step.title}</p>
                          <p className="text-slate-700">{step.text}</p>
                        </div>
                      </li>
                    ))}
                  </ol>
                  <div className="mt-6 flex justify-end">
                    <Dialog.Close asChild>
                      <Button variant="outline">{t('hero.close')}</Button>
                    </Dialog.Close>
                  </div>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
          </div>
          <p className="mt-6 text-sm text-slate-700">{t('hero.socialProof', { amount, region: info.name })}</p>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('regional.compliance')}>
            {marketing.complianceBadges.map((badge) => (
              <li key={badge} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800">
                {badge}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview region={region} />
      </div>
    </section>
  );
}

const TAB_CLASS =
  'flex min-h-10 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-teal-900 data-[state=active]:shadow';

/**
 * The real best matches of the directory near the region's first city (the transparent score
 * of /providers), three of them, each linking to its profile.
 */
function TopMatches({ region }: { region: RegionCode }) {
  const { t, i18n } = useTranslation('home');
  const language = currentLanguage(i18n.resolvedLanguage);
  const place = PLACES.find((p) => p.region === region);
  const matches = useTopMatches({ near: place?.name, lang: language });
  const providers = (matches.data?.providers ?? []).slice(0, 3);
  if (matches.isPending) {
    return (
      <p role="status" className="mt-3 text-sm text-slate-700">
        {t('hero.matching.loading')}
      </p>
    );
  }
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
                {p.distanceKm !== null ? t('hero.matching.km', { km: p.distanceKm }) : (p.city ?? t('hero.matching.video'))}
              </span>
              {p.rating.average !== null ? (
                <span className="inline-flex items-center gap-1">
                  <Star aria-hidden="true" className="size-4 text-amber-600" />
                  {t('hero.matching.rating', { rating: p.rating.average.toFixed(1) })}
                </span>
              ) : null}
              {p.nextAvailableAt ? (
                <span className="inline-flex items-center gap-1">
                  <CalendarCheck aria-hidden="true" className="size-4" />
                  {t('hero.matching.nextAvailable', { when: formatDateTime(p.nextAvailableAt, language, userTimeZone(null)) })}
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

/** The preview tabs: real best matches, and static illustrative samples (spec §2) labelled as such. */
function HeroPreview({ region }: { region: RegionCode }) {
  const { t } = useTranslation('home');
  const emergencyNumber = getRegion(region).emergencyNumber;
  const clinical = asArray<ClinicalItem>(t('hero.clinical.items', { returnObjects: true }));
  return (
    <section aria-labelledby="hero-preview" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-lg">
      <h2 id="hero-preview" className="sr-only">
        {t('hero.previewLabel')}
      </h2>
      <p className="mb-3 text-xs text-slate-600">{t('hero.previewNote')}</p>
      <Tabs.Root defaultValue="matching">
        <Tabs.List aria-label={t('hero.previewLabel')} className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="matching" className={TAB_CLASS}>
            <Brain aria-hidden="true" className="size-4" />
            {t('hero.tabs.matching')}
          </Tabs.Trigger>
          <Tabs.Trigger value="emergency" className={TAB_CLASS}>
            <ShieldAlert aria-hidden="true" className="size-4" />
            {t('hero.tabs.emergency')}
          </Tabs.Trigger>
          <Tabs.Trigger value="clinical" className={TAB_CLASS}>
            <Stethoscope aria-hidden="true" className="size-4" />
            {t('hero.tabs.clinical')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="matching" className="mt-4">
          <h3 className="font-semibold text-slate-900">{t('hero.matching.heading')}</h3>
          <TopMatches region={region} />
        </Tabs.Content>
        <Tabs.Content value="emergency" className="mt-4">
          <h3 className="font-semibold text-slate-900">{t('hero.emergency.heading')}</h3>
          <p className="mt-1 text-sm text-slate-700">{t('hero.emergency.note', { number: emergencyNumber })}</p>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <a href={`tel:${emergencyNumber}`} className="col-span-2 inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800">
              <Phone aria-hidden="true" className="size-5" />
              {t('hero.emergency.call', { number: emergencyNumber })}
            </a>
            <span className="inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-slate-300 px-3 text-sm text-slate-800">
              <Building2 aria-hidden="true" className="size-4" />
              {t('hero.emergency.findEr')}
            </span>
            <span className="inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-slate-300 px-3 text-sm text-slate-800">
              <Ambulance aria-hidden="true" className="size-4" />
              {t('hero.emergency.urgentCare')}
            </span>
            <span className="col-span-2 inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-slate-300 px-3 text-sm text-slate-800">
              <Info aria-hidden="true" className="size-4" />
              {t('hero.emergency.healthInfo')}
            </span>
          </div>
          <p className="mt-3 text-sm font-medium text-slate-800">{t('hero.emergency.responseTime')}</p>
        </Tabs.Content>
        <Tabs.Content value="clinical" className="mt-4">
          <h3 className="font-semibold text-slate-900">{t('hero.clinical.heading')}</h3>
          <ul className="mt-3 space-y-3">
            {clinical.map((item) => (
              <li key={item.title} className="rounded-lg border border-slate-200 p-3">
                <p className="font-medium text-slate-900">{item.title}</p>
                <p className="text-sm text-slate-700">{item.detail}</p>
              </li>
            ))}
          </ul>
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
