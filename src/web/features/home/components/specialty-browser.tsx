import { Baby, Bone, Brain, Eye, HeartPulse, Smile, Stethoscope, Sun } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SpecialtySummary } from '~/shared/contracts/specialties';
import { HOME_SPECIALTY_SLUGS, type HomeSpecialtySlug, specialtySearchPath } from '~/shared/specialties';

const ICONS: Record<HomeSpecialtySlug, LucideIcon> = {
  cardiology: HeartPulse,
  neurology: Brain,
  'family-medicine': Stethoscope,
  pediatrics: Baby,
  orthopedics: Bone,
  ophthalmology: Eye,
  dentistry: Smile,
  dermatology: Sun,
};

export interface SpecialtyBrowserProps {
  /** Counts from the server; undefined while loading or when they could not be read. */
  specialties: readonly SpecialtySummary[] | undefined;
  loading: boolean;
}

/** The specialty browser (spec §2, §9): each of the spec's eight specialties with its verified-provider count, linking to the directory. */
export function SpecialtyBrowser({ specialties, loading }: SpecialtyBrowserProps) {
  const { t } = useTranslation('home');
  const counts = new Map(specialties?.map((s) => [s.slug, s.providerCount]));
  return (
    <section aria-labelledby="specialties-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8" aria-busy={loading}>
      <h2 id="specialties-heading" className="text-3xl font-bold tracking-tight text-slate-900">
        {t('specialties.heading')}
      </h2>
      <p className="mt-3 text-lg text-slate-700">{t('specialties.intro')}</p>
      <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
        {HOME_SPECIALTY_SLUGS.map((slug) => {
          const Icon = ICONS[slug];
          const count = counts.get(slug);
          return (
            <li key={slug}>
              <Link
                to={specialtySearchPath(slug)}
                data-cta-section="specialties"
                data-cta-type="specialty"
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-teal-600 hover:shadow-md"
              >
                <Icon aria-hidden="true" className="size-8 text-teal-700" />
                <span className="mt-3 font-semibold text-slate-900">{t(`specialties.names.${slug}`)}</span>
                <span className="mt-1 text-sm text-slate-700">
                  {count !== undefined ? (
                    t('specialties.count', { count })
                  ) : loading ? (
                    <>
                      <span aria-hidden="true" className="inline-block h-4 w-20 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
                      <span className="sr-only">{t('specialties.countLoading')}</span>
                    </>
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {!loading && specialties === undefined ? <p className="mt-4 text-sm text-slate-700">{t('specialties.unavailable')}</p> : null}
    </section>
  );
}
