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

/** The specialty browser's provider counts, from the database. */
export function useSpecialties() {
  return useQuery({
    queryKey: ['specialties'],
    queryFn: ({ signal }) => getSpecialties(signal),
    staleTime: 60 * 1000,
    retry: 1,
  });
}

/** The hero's AI Matching tab: the directory's real best matches near the visitor's region. */
export function useTopMatches(params: { near: string | undefined; lang: string }) {
  const search = new URLSearchParams({ sort: 'best', lang: params.lang, ...(params.near ? { near: params.near, radiusKm: '50' } : {}) });
  return useQuery({
    queryKey: ['top-matches', search.toString()],
    queryFn: ({ signal }): Promise<DirectoryPage> => apiFetch(`/api/v1/providers?${search.toString()}`, { schema: directoryPageSchema, signal }),
    staleTime: 60 * 1000,
    retry: 1,
  });
}
