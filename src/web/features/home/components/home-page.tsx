import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/web/components/ui/button';
import { useAnalytics } from '~/web/lib/analytics';
import { useRegion } from '~/web/lib/region';
import { useSpecialties } from '../api/specialties';
import { HOME_FORCED_RENDER_MS } from '../lib/carousel';
import type { RenderedSocialProof } from '../lib/social-proof';
import type { HomeBlogTeaser } from './blog-teasers';
import { type FaqItem, FaqAccordion } from './faq-accordion';
import { Hero } from './hero';
import { RegionalNotifications } from './regional-notifications';
import {
  EnterpriseFeatures,
  FinalCta,
  GlobalStats,
  HowItWorksSteps,
  OfferBanner,
  PrimaryBanner,
  RegionalCta,
  RegionalFeatures,
  TrialBanner,
  TrustStrip,
} from './sections';
import { SpecialtyBrowser } from './specialty-browser';
import { TestimonialCarousel } from './testimonial-carousel';

// In its own script, loaded as the page hydrates (the server renders it in place): the cards'
// dates are formatted with date-fns and its six locales, which the rest of the page does not need.
const BlogTeasers = lazy(() => import('./blog-teasers').then((m) => ({ default: m.BlogTeasers })));

export interface HomePageProps {
  posts: readonly HomeBlogTeaser[];
  faq: readonly FaqItem[];
  dismissedNotifications: readonly string[];
  /** The hero's amount as the server formatted it (see social-proof.ts). */
  socialProof?: RenderedSocialProof | undefined;
}

export type HomeState = 'loading' | 'ready' | 'error';

/** Spec §4: loading until the data arrives or the 2 s forced render, then ready; error when loading failed. */
export function homeState(query: { isError: boolean; isSuccess: boolean }, forced: boolean): HomeState {
  if (query.isError) return 'error';
  return query.isSuccess || forced ? 'ready' : 'loading';
}

/** Spec §8 home initialisation failure: 'Something went wrong', the message, and Try Again (reloads). */
export function HomeLoadError({ message, onRetry }: { message: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation('home');
  return (
    <section role="alert" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <h2 className="text-2xl font-bold text-slate-900">{t('state.errorTitle')}</h2>
      <p className="mt-2 text-slate-700">{message || t('state.errorFallback')}</p>
      <Button className="mt-4" onClick={onRetry}>
        {t('state.tryAgain')}
      </Button>
    </section>
  );
}

/**
 * The home page (spec §2, §4). The page is server-rendered; what it still loads in the browser
 * is the specialty counts. Its state is loading until they arrive (or, at the latest, 2 s have
 * passed: then it renders without them and logs the slow start), ready, or error: 'Something
 * went wrong', the message and Try Again, which reloads the page.
 */
export function HomePage({ posts, faq, dismissedNotifications, socialProof }: HomePageProps) {
  const region = useRegion();
  const specialties = useSpecialties();
  const [forced, setForced] = useState(false);
  const { trackCta } = useAnalytics();
  const rootRef = useRef<HTMLDivElement>(null);

  // Spec §7: a click on a call to action (any element marked data-cta-section) is reported with
  // its type, text and section; useAnalytics sends nothing without analytics consent.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-cta-section]') : null;
      if (!target) return;
      trackCta(target.dataset['ctaType'] ?? 'link', target.textContent ?? '', target.dataset['ctaSection'] ?? 'home');
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [trackCta]);

  useEffect(() => {
    if (!specialties.isPending) return;
    const timer = window.setTimeout(() => {
      console.warn(`Home page initialisation is slow: rendering after ${HOME_FORCED_RENDER_MS} ms without provider counts.`);
      setForced(true);
    }, HOME_FORCED_RENDER_MS);
    return () => window.clearTimeout(timer);
  }, [specialties.isPending]);

  const state = homeState(specialties, forced);

  // The sections around the specialty browser do not depend on its data: the same elements on
  // every render, so React skips them when the counts arrive (a data answer re-renders
  // synchronously, and re-rendering the whole page then blocked the main thread).
  const before = useMemo(
    () => (
      <>
        <RegionalNotifications region={region} initialDismissed={dismissedNotifications} />
        <Hero region={region} socialProof={socialProof} />
        <TrustStrip />
        <EnterpriseFeatures />
        <RegionalFeatures region={region} />
        <TrialBanner />
      </>
    ),
    [region, dismissedNotifications, socialProof],
  );
  const after = useMemo(
    () => (
      <>
        <GlobalStats />
        <HowItWorksSteps />
        <TestimonialCarousel />
        <OfferBanner />
        <FaqAccordion items={faq} />
        <Suspense fallback={null}>
          <BlogTeasers posts={posts} />
        </Suspense>
        <PrimaryBanner />
        <RegionalCta region={region} />
        <FinalCta />
      </>
    ),
    [region, faq, posts],
  );

  return (
    <div ref={rootRef} data-home-state={state}>
      {before}
      {state === 'error' ? (
        <HomeLoadError message={specialties.error?.message} onRetry={() => window.location.reload()} />
      ) : (
        <SpecialtyBrowser specialties={specialties.data?.specialties} loading={specialties.isPending} />
      )}
      {after}
    </div>
  );
}
