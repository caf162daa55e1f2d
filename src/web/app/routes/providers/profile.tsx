import { data, useParams } from 'react-router';
import { ProviderDetailSchema } from '~/shared/contracts/providers';
import { ProviderProfilePage } from '~/web/features/booking/components/provider-profile-page';
import { loadNamespaces } from '~/web/lib/i18n';
import { siteOrigin, visitorOfRequest } from '~/web/lib/page-request';
import { seoMeta } from '~/web/lib/seo';
import type { Route } from './+types/profile';

export const handle = { i18n: ['providers', 'appointments'] };

/** The meta description: the start of the bio, cut at a word near 160 characters. */
const DESCRIPTION_LENGTH = 160;

/**
 * The server renders the whole profile (heading, services, description for search engines) from
 * the public API's answer, read as the visitor; an unknown or unlisted provider, or an id no provider can have, answers 404.
 * Client navigations skip this (the client loader) and fetch the profile in the page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { language } = visitorOfRequest(request);
  const origin = siteOrigin(request, context);
  const answer = await context.api(`/api/v1/providers/${encodeURIComponent(params.id)}`);
  // 400: the id is not one a provider can have (not a UUID), so no provider has it.
  if (answer.status === 404 || answer.status === 400) return data({ provider: null, notFound: true, language, origin }, { status: 404 });
  const parsed = ProviderDetailSchema.safeParse(answer.body);
  // Any other failure: the page renders without the profile and the browser asks again.
  return { provider: answer.status === 200 && parsed.success ? parsed.data : null, notFound: false, language, origin };
}

export async function clientLoader() {
  await loadNamespaces(['providers', 'appointments']);
  return null;
}

function descriptionOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_LENGTH / 2))}…`;
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  const provider = loaderData?.provider;
  if (!loaderData || !provider) return [];
  const description = descriptionOf(provider.bio || `${provider.displayName}, ${provider.title}`);
  // The page's <title> comes from the profile itself (DocumentTitle), on the server and after
  // client navigations alike.
  return seoMeta({ title: provider.displayName, description, origin: loaderData.origin, path: `/providers/${params.id}`, language: loaderData.language }).filter(
    (descriptor) => !('title' in descriptor),
  );
}

/** /providers/{id} (public): a verified provider's profile. */
export default function ProviderRoute({ loaderData }: Route.ComponentProps) {
  const { id = '' } = useParams();
  return <ProviderProfilePage id={id} initial={loaderData ?? undefined} />;
}
