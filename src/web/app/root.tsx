import { QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { languageDirection } from '~/shared/languages';
import { PRODUCT_NAME } from '~/shared/product';
import { RootErrorFallback } from '~/web/components/layout/error-fallback';
import { SiteFooter } from '~/web/components/layout/site-footer';
import { SiteHeader } from '~/web/components/layout/site-header';
import { MAIN_CONTENT_ID, SkipLink } from '~/web/components/layout/skip-link';
import { TendwellLogo } from '~/web/components/layout/tendwell-logo';
import { SiteContactPlaceholder } from '~/web/features/marketing/components/site-contact-placeholder';
import { currentLanguage, initI18n } from '~/web/lib/i18n';
import { createQueryClient } from '~/web/lib/query-client';
import type { Route } from './+types/root';
import './app.css';

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
const AppToaster = lazy(() =>
  import('~/web/components/layout/app-toaster').then((m) => ({ default: m.AppToaster })),
);

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/**
 * The document. The static build renders it with lang="en"; i18next's languageChanged listener
 * (src/web/lib/i18n.ts) then keeps <html lang dir> in step with the interface language, which
 * is why React is told not to compare those attributes when it hydrates.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" dir="ltr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The first render waits for the detected language's translations. */
export async function clientLoader() {
  await initI18n();
  return null;
}
clientLoader.hydrate = true as const;

/** Shown by the static index.html until the translations are in. */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{PRODUCT_NAME}</title>
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <TendwellLogo />
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} aria-busy="true" className="flex-1" />
    </div>
  );
}

export default function App() {
  const [queryClient] = useState(createQueryClient);
  const { i18n } = useTranslation();
  const dir = languageDirection(currentLanguage(i18n.resolvedLanguage));

  return (
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
              <Suspense fallback={<div aria-hidden="true" className="h-52 rounded-xl bg-slate-800 sm:h-40" />}>
                <NewsletterForm />
              </Suspense>
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
        <Suspense fallback={null}>
          <AppToaster dir={dir} />
        </Suspense>
      </Direction.Provider>
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RootErrorFallback error={error} />;
}
