import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type DirectoryProfile,
  type DirectoryProfileInput,
  DirectoryProfileSchema,
  type LocationRemoval,
  LocationRemovalSchema,
  type ManagedLocation,
  type ManagedLocationList,
  ManagedLocationListSchema,
  ManagedLocationSchema,
  type OwnDirectoryProfile,
  OwnDirectoryProfileSchema,
  type PracticeLocationInput,
  type PracticeService,
  type PracticeServiceInput,
  type PracticeServiceList,
  PracticeServiceListSchema,
  PracticeServiceSchema,
} from '~/shared/contracts/practice-profile';
import { apiFetch } from '~/web/lib/api-client';

/** Under the practice's key: the hours editor, the dashboard and the previews read the same data. */
const KEYS = {
  practice: ['practice'] as const,
  profile: ['practice', 'profile'] as const,
  services: ['practice', 'services'] as const,
  locations: ['practice', 'locations'] as const,
};

const PATHS = {
  profile: '/api/v1/practice/profile',
  resubmit: '/api/v1/practice/profile/resubmit',
  services: '/api/v1/practice/services',
  locations: '/api/v1/practice/locations',
};

export function useOwnProfile() {
  return useQuery({
    queryKey: KEYS.profile,
    queryFn: ({ signal }): Promise<OwnDirectoryProfile> => apiFetch(PATHS.profile, { schema: OwnDirectoryProfileSchema, signal }),
    staleTime: 0,
  });
}

/** Creates (no profile yet) or changes the provider's profile; the answer replaces the cached one. */
export function useSaveProfile(exists: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DirectoryProfileInput): Promise<DirectoryProfile> =>
      apiFetch(PATHS.profile, { method: exists ? 'PUT' : 'POST', body: input, schema: DirectoryProfileSchema }),
    onSuccess: (profile) => {
      client.setQueryData<OwnDirectoryProfile>(KEYS.profile, { profile });
      // The dashboard and the hours editor find the new profile.
      void client.invalidateQueries({ queryKey: KEYS.practice, predicate: (q) => q.queryKey[1] !== 'profile' });
    },
  });
}

/** Sends a rejected profile back to the platform's review; the answer (pending) replaces the cached one. */
export function useResubmitProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<DirectoryProfile> => apiFetch(PATHS.resubmit, { method: 'POST', schema: DirectoryProfileSchema }),
    onSuccess: (profile) => client.setQueryData<OwnDirectoryProfile>(KEYS.profile, { profile }),
    // Refused (already pending, or decided meanwhile): show where the profile stands now.
    onError: () => client.invalidateQueries({ queryKey: KEYS.profile }),
  });
}

export function useOwnServices(enabled: boolean) {
  return useQuery({
    queryKey: KEYS.services,
    queryFn: ({ signal }): Promise<PracticeServiceList> => apiFetch(PATHS.services, { schema: PracticeServiceListSchema, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useOwnLocations(enabled: boolean) {
  return useQuery({
    queryKey: KEYS.locations,
    queryFn: ({ signal }): Promise<ManagedLocationList> => apiFetch(PATHS.locations, { schema: ManagedLocationListSchema, signal }),
    enabled,
    staleTime: 0,
  });
}

/** A change of services or locations: every practice view (hours editor, previews) reads again. */
function usePracticeChange<TVariables, TResult>(fn: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: KEYS.practice, predicate: (q) => q.queryKey[1] !== 'profile' }),
  });
}

export function useSaveService() {
  return usePracticeChange(({ id, input }: { id: string | null; input: PracticeServiceInput }): Promise<PracticeService> =>
    apiFetch(id ? `${PATHS.services}/${encodeURIComponent(id)}` : PATHS.services, { method: id ? 'PUT' : 'POST', body: input, schema: PracticeServiceSchema }),
  );
}

export function useDeleteService() {
  return usePracticeChange((id: string) => apiFetch(`${PATHS.services}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.undefined() }));
}

export function useSaveLocation() {
  return usePracticeChange(({ id, input }: { id: string | null; input: PracticeLocationInput }): Promise<ManagedLocation> =>
    apiFetch(id ? `${PATHS.locations}/${encodeURIComponent(id)}` : PATHS.locations, { method: id ? 'PUT' : 'POST', body: input, schema: ManagedLocationSchema }),
  );
}

export function useRemoveLocation() {
  return usePracticeChange((id: string): Promise<LocationRemoval> => apiFetch(`${PATHS.locations}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: LocationRemovalSchema }));
}
