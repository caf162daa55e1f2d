import { QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRevalidator, useRouteLoaderData } from 'react-router';
import { type LanguageCode, languageDirection } from '~/shared/languages';
import { SESSION_COOKIE_NAMES } from '~/shared/contracts/auth';
import { DEFAULT_REGION } from '~/shared/regions';
import { ClientOnly } from '~/web/components/layout/client-only';
import { DeferredPrefetch } from '~/web/components/layout/deferred-prefetch';
import { RootErrorFallback } from '~/web/components/layout/error-fallback';
import { SiteFooter } from '~/web/components/layout/site-footer';
import { SiteHeader } from '~/web/components/layout/site-header';
import { MAIN_CONTENT_ID, SkipLink } from '~/web/components/layout/skip-link';
import { SiteContactPlaceholder } from '~/web/features/marketing/components/site-contact-placeholder';
import { APP_STATE_ELEMENT_ID, hydratedAppStateText, serializeAppState } from '~/web/lib/app-state';
import { currentLanguage } from '~/web/lib/i18n';
import { readCookie, visitorOfRequest } from '~/web/lib/page-request';
import { createQueryClient } from '~/web/lib/query-client';
import { SESSION_PATH, startSession } from '~/web/lib/session';
import { useHydrated } from '~/web/lib/use-hydrated';
import { consentQueryKey } from '~/web/lib/consent';
import { RenderedRegionContext } from '~/web/lib/region';
import { CookieBanner } from '~/web/features/consent/components/cookie-banner';
import { ConsentResponseSchema } from '~/shared/contracts/consent';
import type { Route } from './+types/root';
import appCss from './app.css?url';

// Below the fold or only needed on demand: loaded right after the first render, so that the
// validator, the toasts and the footer's data code stay out of the critical path.
const SessionSync = lazy(() => import('~/web/lib/session-sync'));
const NewsletterForm = lazy(() =>
  import('~/web/features/marketing/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);
const SiteContact = lazy(() =>
  import('~/web/features/marketing/components/site-contact').then((m) => ({ default: m.SiteContact })),
);
const SocialLinks = lazy(() =>
  import('~/web/features/marketing/components/social-links').then((m) => ({ default: m.SocialLinks })),
);
// Cookie consent (spec §2): the banner and preferences dialog, only after hydration.
const CookieConsent = lazy(() => import('~/web/features/consent/components/cookie-consent'));
const PageViewTracker = lazy(() => import('~/web/lib/analytics').then((m) => ({ default: m.PageViewTracker })));
const AppToaster = lazy(() =>
  import('~/web/components/layout/app-toaster').then((m) => ({ default: m.AppToaster })),
);

export const links: Route.LinksFunction = () => [
  // The one stylesheet, with a React precedence so that React writes it at the top of <head>,
  // before the module preloads: on HTTP/1.1 it would otherwise wait behind them, and the first
  // paint waits for it.
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.png', type: 'image/png', sizes: '48x48' },
  { rel: 'apple-touch-icon', href: '/icon-192.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  // Spec §7: these images are preloaded.
  { rel: 'preload', href: '/favicon.png', as: 'image', type: 'image/png' },
  { rel: 'preload', href: '/icon-192.png', as: 'image', type: 'image/png' },
  { rel: 'preload', href: '/og-image.png', as: 'image', type: 'image/png', fetchPriority: 'low' },
];

/**
 * The visitor's language and region, as far as the request tells (see page-request.ts), and
 * whether it carries a session cookie at all: without one the visitor is anonymous, so the page
 * renders the signed-out header at once and the browser does not ask for a session it cannot have.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cookies = request.headers.get('cookie');
  const visitor = visitorOfRequest(request);
  // The cookie choice in force for this visitor and region, read as they would: a first visit
  // arrives with the banner in its HTML. Unknown (undefined) when the read failed; the browser asks.
  const answer = await context.api(`/api/v1/cookie-consent?region=${visitor.region}`);
  const consent = answer.status === 200 ? ConsentResponseSchema.safeParse(answer.body) : undefined;
  return {
    ...visitor,
    sessionCookie: SESSION_COOKIE_NAMES.some((name) => readCookie(cookies, name) !== undefined),
    consent: consent?.success ? consent.data.consent : undefined,
  };
}

/** Language and region are settled in the browser after the first page; no refetch per navigation. */
export function shouldRevalidate() {
  return false;
}

/**
 * The state the browser hydrates with: on the server, the page's language, region and the
 * translations rendered with; in the browser, exactly the text the server sent (so hydration
 * never sees a difference in it).
 */
function AppStateScript({ language }: { language: LanguageCode }) {
  const { i18n } = useTranslation();
  const data = useRouteLoaderData<typeof loader>('root');
  let text: string;
  if (typeof document === 'undefined') {
    const declared = Array.isArray(i18n.options.ns) ? i18n.options.ns : [];
    const used = i18n.reportNamespaces?.getUsedNamespaces() ?? [];
    const resources: Record<string, Record<string, unknown>> = {};
    for (const ns of new Set([...declared, ...used])) {
      const bundle = i18n.getResourceBundle(language, ns) as Record<string, unknown> | undefined;
      if (bundle) resources[ns] = bundle;
    }
    text = serializeAppState({ language, region: data?.region ?? DEFAULT_REGION, resources });
  } else {
    text = hydratedAppStateText();
  }
  return <script id={APP_STATE_ELEMENT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}

/**
 * A visitor with a session cookie sees a signed-in page only once the browser has read the
 * session (GET /api/v1/session, useAuth): the document asks for it as it arrives, so the answer
 * is there by the time the scripts have loaded, instead of being asked for after them. A preload
 * is matched by address, destination, mode and credentials: `fetch` with `crossorigin=anonymous`
 * is fetchSession's same-origin fetch, so the browser hands the answer over (once; later checks
 * ask again), and a browser without preloads simply asks then. Nothing for anonymous visitors,
 * who have no session to read.
 */
function SessionPreload() {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data?.sessionCookie) return null;
  return <link rel="preload" href={SESSION_PATH} as="fetch" crossOrigin="anonymous" />;
}

/**
 * The document, rendered on the server in the visitor's language (lang and dir set), then kept in
 * step with the interface language by i18next's languageChanged listener (src/web/lib/i18n.ts).
 */
export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  // Marks the document once React has taken over the server's HTML and the controls that need
  // JavaScript are enabled (useHydrated's flip, one transition for the whole page), whether the
  // app or the error fallback rendered. Browser tests wait for it.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset['hydrated'] = 'true';
  }, [hydrated]);
  const language = currentLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <html lang={language} dir={languageDirection(language)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <SessionPreload />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <AppStateScript language={language} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const NEWSLETTER_PLACEHOLDER = <div aria-hidden="true" className="h-52 rounded-xl bg-slate-800 sm:h-40" />;

/** The cookie banner's strings are on every page. */
export const handle = { i18n: ['consent'] };

export default function App() {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (rootData) startSession(client, rootData.sessionCookie);
    if (rootData && rootData.consent !== undefined) client.setQueryData(consentQueryKey(rootData.region), rootData.consent);
    return client;
  });
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();

  // Pages whose text comes from the server (content pages) load again in a newly chosen language.
  useEffect(() => {
    const reload = () => void revalidator.revalidate();
    i18n.on('languageChanged', reload);
    return () => i18n.off('languageChanged', reload);
  }, [i18n, revalidator]);
  const dir = languageDirection(currentLanguage(i18n.resolvedLanguage));

  return (
    <RenderedRegionContext.Provider value={rootData?.region}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <SessionSync />
        </Suspense>
        <Direction.Provider dir={dir}>
          <div className="flex min-h-dvh flex-col">
            <SkipLink />
            <SiteHeader />
            <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1">
              <Outlet />
            </main>
            <SiteFooter
              newsletter={
                <ClientOnly fallback={NEWSLETTER_PLACEHOLDER}>
                  <Suspense fallback={NEWSLETTER_PLACEHOLDER}>
                    <NewsletterForm />
                  </Suspense>
                </ClientOnly>
              }
              contact={
                <Suspense fallback={<SiteContactPlaceholder />}>
                  <SiteContact />
                </Suspense>
              }
              social={
                <Suspense fallback={null}>
                  <SocialLinks />
                </Suspense>
              }
            />
          </div>
          <ClientOnly fallback={null}>
            <Suspense fallback={null}>
              <AppToaster dir={dir} />
            </Suspense>
            <Suspense fallback={null}>
              <CookieConsent />
              <PageViewTracker />
            </Suspense>
          </ClientOnly>
          <CookieBanner />
          <DeferredPrefetch />
        </Direction.Provider>
      </QueryClientProvider>
    </RenderedRegionContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RootErrorFallback error={error} />;
}
