import { Ambulance, Brain, Building2, Info, Phone, ShieldAlert, Stethoscope } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { type RegionCode, getRegion, regionalMarketing } from '~/shared/regions';
import { type RenderedSocialProof, socialProofFor } from '../lib/social-proof';
import { CtaLink } from './cta-link';
import { HowItWorksTrigger, TopMatchesLoading } from './hero-parts';

// Each in its own script, loaded as the page hydrates (the server renders both in place): the
// dialog brings Radix's focus trap and scroll lock, the matches the directory's contract, the
// places and the date formatting.
const HowItWorksDialog = lazy(() => import('./how-it-works-dialog'));
const TopMatches = lazy(() => import('./top-matches'));

const HERO_COPY_REGIONS = ['AU', 'GB', 'CA', 'NG'] as const;
type HeroCopyKey = (typeof HERO_COPY_REGIONS)[number] | 'default';

export function heroCopyKey(region: RegionCode): HeroCopyKey {
  return (HERO_COPY_REGIONS as readonly string[]).includes(region) ? (region as HeroCopyKey) : 'default';
}

interface ClinicalItem {
  title: string;
  detail: string;
}

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Hero (spec §2): regional copy, calls to action, the 'How it works' dialog and three preview tabs. */
export function Hero({ region, socialProof }: { region: RegionCode; socialProof?: RenderedSocialProof | undefined }) {
  const { t, i18n } = useTranslation('home');
  const key = heroCopyKey(region);
  const info = getRegion(region);
  const marketing = regionalMarketing(region);
  const amount = socialProofFor(region, i18n.language, socialProof);

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
            <Suspense fallback={<HowItWorksTrigger disabled />}>
              <HowItWorksDialog />
            </Suspense>
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
          <Suspense fallback={<TopMatchesLoading />}>
            <TopMatches region={region} />
          </Suspense>
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
