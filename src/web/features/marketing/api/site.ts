import { useQuery } from '@tanstack/react-query';
import { type SiteInfo, SiteInfoSchema } from '~/shared/contracts/site';
import { apiFetch } from '~/web/lib/api-client';

export const SITE_INFO_PATH = '/api/v1/site';
export const siteInfoQueryKey = ['site-info'] as const;

export function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  return apiFetch(SITE_INFO_PATH, { schema: SiteInfoSchema, signal });
}

/** Public organisation details (contacts, offices, social links) for the footer. */
export function useSiteInfo() {
  return useQuery({
    queryKey: siteInfoQueryKey,
    queryFn: ({ signal }) => getSiteInfo(signal),
    staleTime: 60 * 60 * 1000,
  });
}
