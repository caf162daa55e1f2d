import { useQuery } from '@tanstack/react-query';
import type { SpecialtyList } from '~/shared/contracts/specialties';
import type { DirectoryPage } from '~/shared/contracts/providers';
import { apiFetch } from '~/web/lib/api-client';

// The home page's own queries: their schemas (and zod) load with the request (SchemaSource).
const specialtyListSchema = () => import('~/shared/contracts/specialties').then((m) => m.SpecialtyListSchema);
const directoryPageSchema = () => import('~/shared/contracts/providers').then((m) => m.DirectoryPageSchema);

export const SPECIALTIES_PATH = '/api/v1/specialties';

export function getSpecialties(signal?: AbortSignal): Promise<SpecialtyList> {
  return apiFetch(SPECIALTIES_PATH, { schema: specialtyListSchema, signal });
}

export const SPECIALTIES_QUERY_KEY = ['specialties'] as const;

/** The specialty browser's provider counts, from the database. */
export function useSpecialties() {
  return useQuery({
    queryKey: SPECIALTIES_QUERY_KEY,
    queryFn: ({ signal }) => getSpecialties(signal),
    staleTime: 60 * 1000,
    retry: 1,
  });
}

/**
 * The directory search behind the hero's top matches (near a place, in a language): its API path
 * and query key, the same for the page's server loader, which reads it ahead, and the browser.
 */
export function topMatchesQuery(params: { near: string | undefined; lang: string }) {
  const search = new URLSearchParams({ sort: 'best', lang: params.lang, ...(params.near ? { near: params.near, radiusKm: '50' } : {}) }).toString();
  return { queryKey: ['top-matches', search] as const, path: `/api/v1/providers?${search}` };
}

/** The hero's AI Matching tab: the directory's real best matches near the visitor's region. */
export function useTopMatches(params: { near: string | undefined; lang: string }) {
  const { queryKey, path } = topMatchesQuery(params);
  return useQuery({
    queryKey,
    queryFn: ({ signal }): Promise<DirectoryPage> => apiFetch(path, { schema: directoryPageSchema, signal }),
    staleTime: 60 * 1000,
    retry: 1,
  });
}
