import { useQuery } from '@tanstack/react-query';
import { type SpecialtyList, SpecialtyListSchema } from '~/shared/contracts/specialties';
import { apiFetch } from '~/web/lib/api-client';

export const SPECIALTIES_PATH = '/api/v1/specialties';

export function getSpecialties(signal?: AbortSignal): Promise<SpecialtyList> {
  return apiFetch(SPECIALTIES_PATH, { schema: SpecialtyListSchema, signal });
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
