import { BarChart3, Globe2, Layers, Lock, Paintbrush, PlugZap, Phone, ShieldCheck, Sparkles } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type RegionCode, getRegion, healthcareInfoId, regionalMarketing } from '~/shared/regions';
import { CtaLink } from './cta-link';

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

const SECTION = 'mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8';
const HEADING = 'text-3xl font-bold tracking-tight text-slate-900';

const TRUST_ITEMS = ['customers', 'interactions', 'countries', 'response', 'uptime'] as const;

/** Trust statistics strip (spec §9 display claims). */
export function TrustStrip() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="trust-heading" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h2 id="trust-heading" className="sr-only">
          {t('trust.heading')}
        </h2>
        <dl className="grid grid-cols-2 gap-6 text-center sm:grid-cols-5">
          {TRUST_ITEMS.map((item) => (
            <div key={item} className="flex flex-col-reverse">
              <dt className="text-sm text-slate-700">{t(`trust.items.${item}.label`)}</dt>
              <dd className="text-2xl font-bold text-teal-900" dir="ltr">
                {t(`trust.items.${item}.value`)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

const ENTERPRISE_ITEMS = [
  { key: 'whiteLabel', icon: Paintbrush },
  { key: 'multiTenant', icon: Layers },
  { key: 'security', icon: Lock },
  { key: 'interop', icon: PlugZap },
  { key: 'languages', icon: Globe2 },
  { key: 'analytics', icon: BarChart3 },
] as const satisfies readonly { key: string; icon: LucideIcon }[];

export function EnterpriseFeatures() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="enterprise-heading" className={SECTION}>
      <h2 id="enterprise-heading" className={HEADING}>
        {t('enterprise.heading')}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">{t('enterprise.intro')}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {ENTERPRISE_ITEMS.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <Icon aria-hidden="true" className="size-7 text-teal-700" />
            <h3 className="mt-3 text-lg font-semibold text-slate-900">{t(`enterprise.items.${key}.title`)}</h3>
            <p className="mt-2 text-slate-700">{t(`enterprise.items.${key}.text`)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <CtaLink to="/enterprise/technical-architecture" section="enterprise" ctaType="learn-more" variant="outline">
          {t('enterprise.cta')}
        </CtaLink>
      </div>
    </section>
  );
}

/** Features of the visitor's region: its healthcare system (US list as the fallback), compliance and emergency number. */
export function RegionalFeatures({ region }: { region: RegionCode }) {
  const { t } = useTranslation(['home', 'common']);
  const info = getRegion(region);
  const marketing = regionalMarketing(region);
  const systemName = t(`common:regionSelector.systems.${info.healthcareSystem}`);
  const features = asArray<string>(t(`common:regionSelector.features.${healthcareInfoId(region)}`, { returnObjects: true }));
  return (
    <section aria-labelledby="regional-heading" className="bg-slate-50">
      <div className={SECTION}>
        <h2 id="regional-heading" className={HEADING}>
          {t('regional.heading', { region: info.name })}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">{t('regional.intro', { system: systemName })}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-3 rounded-lg bg-white p-4 shadow-sm">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
              <span className="text-slate-800">{feature}</span>
            </li>
          ))}
          <li className="flex items-start gap-3 rounded-lg bg-white p-4 shadow-sm">
            <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
            <span className="text-slate-800">
              {marketing.emergencyFeature
                ? t('regional.emergencyFeature', { number: info.emergencyNumber })
                : t('regional.emergency', { number: info.emergencyNumber })}
            </span>
          </li>
          <li className="flex items-start gap-3 rounded-lg bg-white p-4 shadow-sm">
            <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
            <span className="text-slate-800">{t('regional.currency', { currency: `${info.currency.code} (${info.currency.symbol})` })}</span>
          </li>
        </ul>
        <p className="mt-6 text-sm text-slate-700">
          <span className="font-semibold">{t('regional.compliance')}:</span> {marketing.complianceBadges.join(' · ')}
        </p>
      </div>
    </section>
  );
}

export function TrialBanner() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="trial-heading" className="bg-teal-800 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <h2 id="trial-heading" className="text-2xl font-bold">
            {t('trial.title')}
          </h2>
          <p className="mt-2 text-teal-50">{t('trial.text')}</p>
        </div>
        <CtaLink to="/auth/register" section="trial" ctaType="trial" variant="inverse" size="lg">
          {t('trial.cta')}
        </CtaLink>
      </div>
    </section>
  );
}

const GLOBAL_STATS = ['patients', 'providers', 'countries', 'rating'] as const;

export function GlobalStats() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="stats-heading" className={SECTION}>
      <h2 id="stats-heading" className={`${HEADING} text-center`}>
        {t('globalStats.heading')}
      </h2>
      <dl className="mt-8 grid grid-cols-2 gap-6 text-center md:grid-cols-4">
        {GLOBAL_STATS.map((item) => (
          <div key={item} className="flex flex-col-reverse rounded-xl bg-teal-50 p-6">
            <dt className="mt-1 text-slate-700">{t(`globalStats.${item}.label`)}</dt>
            <dd className="text-3xl font-bold text-teal-900" dir="ltr">
              {t(`globalStats.${item}.value`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface Step {
  title: string;
  text: string;
}

export function HowItWorksSteps() {
  const { t } = useTranslation('home');
  const steps = asArray<Step>(t('steps.items', { returnObjects: true }));
  return (
    <section aria-labelledby="steps-heading" className="bg-slate-50">
      <div className={SECTION}>
        <h2 id="steps-heading" className={HEADING}>
          {t('steps.heading')}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-teal-700 text-lg font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function OfferBanner() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="offer-heading" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="flex flex-col items-start gap-4 rounded-2xl border-2 border-amber-400 bg-amber-50 p-8 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-amber-900 uppercase">{t('offer.label')}</p>
          <h2 id="offer-heading" className="mt-1 text-2xl font-bold text-slate-900">
            {t('offer.title')}
          </h2>
          <p className="mt-2 text-slate-800">{t('offer.text')}</p>
        </div>
        <CtaLink to="/enterprise/demo-request" section="offer" ctaType="demo" size="lg">
          {t('offer.cta')}
        </CtaLink>
      </div>
    </section>
  );
}

export function PrimaryBanner() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="banner-heading" className="bg-slate-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="banner-heading" className="text-3xl font-bold">
          {t('banner.title')}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-200">{t('banner.text')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <CtaLink to="/enterprise/demo-request" section="banner" ctaType="demo" variant="inverse" size="lg">
            {t('banner.primary')}
          </CtaLink>
          <CtaLink to="/enterprise/roadmap" section="banner" ctaType="learn-more" variant="outline" size="lg">
            {t('banner.secondary')}
          </CtaLink>
        </div>
      </div>
    </section>
  );
}

/** Where the regional call to action leads, by region. */
const REGIONAL_CTA = {
  AU: '/regional/ndis-australia',
  GB: '/nhs-compliance',
  CA: '/enterprise/healthcare-systems',
  NG: '/nigeria-pricing',
} as const;
type RegionalCtaKey = keyof typeof REGIONAL_CTA | 'default';

export function regionalCtaOf(region: RegionCode): { key: RegionalCtaKey; to: string } {
  return region in REGIONAL_CTA
    ? { key: region as keyof typeof REGIONAL_CTA, to: REGIONAL_CTA[region as keyof typeof REGIONAL_CTA] }
    : { key: 'default', to: '/enterprise/healthcare-systems' };
}

export function RegionalCta({ region }: { region: RegionCode }) {
  const { t } = useTranslation('home');
  const { key, to } = regionalCtaOf(region);
  return (
    <section aria-labelledby="regional-cta-heading" className={SECTION}>
      <div className="rounded-2xl bg-teal-50 p-8">
        <h2 id="regional-cta-heading" className="text-2xl font-bold text-slate-900">
          {t(`regionalCta.${key}.title`)}
        </h2>
        <p className="mt-2 text-slate-700">{t(`regionalCta.${key}.text`)}</p>
        <div className="mt-5">
          <CtaLink to={to} section="regional" ctaType="learn-more" variant="outline">
            {t(`regionalCta.${key}.cta`)}
          </CtaLink>
        </div>
      </div>
    </section>
  );
}

export function FinalCta() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="final-heading" className="bg-gradient-to-b from-white to-teal-50">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id="final-heading" className={HEADING}>
          {t('finalCta.title')}
        </h2>
        <p className="mt-3 text-lg text-slate-700">{t('finalCta.text')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <CtaLink to="/auth/register" section="final" ctaType="signup" size="lg">
            {t('finalCta.primary')}
          </CtaLink>
          <CtaLink to="/providers" section="final" ctaType="search" size="lg" variant="outline">
            {t('finalCta.secondary')}
          </CtaLink>
        </div>
      </div>
    </section>
  );
}
