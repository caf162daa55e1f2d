import { NotFoundContent } from '~/web/components/layout/not-found-content';
import { loadPageContent } from '~/web/features/content/lib/content.server';
import { EnquiryForm } from '~/web/features/marketing/components/enquiry-form';
import { loadNamespaces } from '~/web/lib/i18n';
import { organizationJsonLd, seoMeta } from '~/web/lib/seo';
import type { Route } from './+types/enquiry-page';

export const handle = { i18n: ['forms'] };

/** /contact and /enterprise/demo-request: the introduction from the content file, then the form. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPageContent(request, context);
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [result] = await Promise.all([serverLoader(), loadNamespaces(['forms'])]);
  return result;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const { page, origin, path } = loaderData ?? {};
  if (!page || !origin || !path) return [];
  return seoMeta({ title: page.title, description: page.description, origin, path, language: page.language, jsonLd: organizationJsonLd(origin) });
}

export default function EnquiryPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, path } = loaderData;
  if (!page) return <NotFoundContent pathname={path} />;
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:px-8">
      <header className="lg:col-span-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.heading}</h1>
        {page.lead ? <p className="mt-4 text-lg text-slate-700">{page.lead}</p> : null}
        <div className="content-prose mt-4" dangerouslySetInnerHTML={{ __html: page.html }} />
      </header>
      <div className="lg:col-span-3">
        <EnquiryForm kind={path === '/contact' ? 'contact' : 'demo_request'} />
      </div>
    </div>
  );
}
