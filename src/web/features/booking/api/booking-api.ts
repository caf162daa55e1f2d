import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type Appointment,
  type AppointmentPage,
  AppointmentPageSchema,
  AppointmentSchema,
  type BookAppointment,
  type JoinWaitlist,
  WaitlistEntrySchema,
  WaitlistListSchema,
} from '~/shared/contracts/appointments';
import {
  type Availability,
  AvailabilitySchema,
  type BookingSettings,
  type HoursInput,
  type OverrideInput,
  type PracticeDashboard,
  PracticeAppointmentListSchema,
  PracticeDashboardSchema,
  PreviewSchema,
} from '~/shared/contracts/practice';
import { type DirectoryPage, DirectoryPageSchema, type ProviderDetail, ProviderDetailSchema, type Slots, SlotsSchema } from '~/shared/contracts/providers';
import type { AppointmentAction } from '~/shared/appointments';
import { apiFetch } from '~/web/lib/api-client';

const KEYS = {
  directory: ['directory'] as const,
  provider: ['provider'] as const,
  slots: ['slots'] as const,
  mine: ['appointments', 'mine'] as const,
  practice: ['practice'] as const,
  waitlist: ['waitlist'] as const,
};

/** The directory's search as the page's URL holds it (the API takes the same parameters). */
export function useDirectory(search: string) {
  return useQuery({
    queryKey: [...KEYS.directory, search],
    queryFn: ({ signal }): Promise<DirectoryPage> => apiFetch(`/api/v1/providers${search ? `?${search}` : ''}`, { schema: DirectoryPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A provider's profile; `initialData` is the server's answer when the page was rendered with it. */
export function useProvider(id: string | undefined, initialData?: ProviderDetail) {
  return useQuery({
    queryKey: [...KEYS.provider, id],
    queryFn: ({ signal }): Promise<ProviderDetail> => apiFetch(`/api/v1/providers/${encodeURIComponent(id ?? '')}`, { schema: ProviderDetailSchema, signal }),
    enabled: Boolean(id),
    initialData,
  });
}

export function useSlots(params: { providerId: string; serviceId: string; locationId: string; from?: string; days: number } | null) {
  return useQuery({
    queryKey: [...KEYS.slots, params],
    queryFn: ({ signal }): Promise<Slots> => {
      const p = params!;
      const qs = new URLSearchParams({ serviceId: p.serviceId, locationId: p.locationId, days: String(p.days) });
      if (p.from) qs.set('from', p.from);
      return apiFetch(`/api/v1/providers/${encodeURIComponent(p.providerId)}/slots?${qs.toString()}`, { schema: SlotsSchema, signal });
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Books with an idempotency key the caller keeps for this attempt (a retry sends the same one). */
export function useBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: BookAppointment; key: string }): Promise<Appointment> =>
      apiFetch('/api/v1/appointments', { method: 'POST', body, headers: { 'idempotency-key': key }, schema: AppointmentSchema }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: KEYS.slots });
      void client.invalidateQueries({ queryKey: KEYS.mine });
    },
  });
}

export function useMyAppointments(when: 'upcoming' | 'past', page: number) {
  return useQuery({
    queryKey: [...KEYS.mine, when, page],
    queryFn: ({ signal }): Promise<AppointmentPage> => apiFetch(`/api/v1/appointments?when=${when}&page=${page}`, { schema: AppointmentPageSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMyAppointment(id: string | null) {
  return useQuery({
    queryKey: [...KEYS.mine, 'one', id],
    queryFn: ({ signal }): Promise<Appointment> => apiFetch(`/api/v1/appointments/${encodeURIComponent(id ?? '')}`, { schema: AppointmentSchema, signal }),
    enabled: Boolean(id),
  });
}

function useInvalidating<TVariables>(fn: (v: TVariables) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: KEYS.mine });
      void client.invalidateQueries({ queryKey: KEYS.slots });
      void client.invalidateQueries({ queryKey: KEYS.practice });
      void client.invalidateQueries({ queryKey: KEYS.waitlist });
    },
  });
}

export function useCancelAppointment() {
  return useInvalidating(({ id, reason }: { id: string; reason?: string }) =>
    apiFetch(`/api/v1/appointments/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: reason ? { reason } : {}, schema: AppointmentSchema }),
  );
}

export function useRescheduleAppointment() {
  return useInvalidating(({ id, startsAt }: { id: string; startsAt: string }) =>
    apiFetch(`/api/v1/appointments/${encodeURIComponent(id)}/reschedule`, { method: 'POST', body: { startsAt }, schema: AppointmentSchema }),
  );
}

export function useRateAppointment() {
  return useInvalidating(({ id, score, comment }: { id: string; score: number; comment: string }) =>
    apiFetch(`/api/v1/appointments/${encodeURIComponent(id)}/rating`, { method: 'POST', body: { score, comment }, schema: AppointmentSchema }),
  );
}

export function useMyWaitlist(enabled = true) {
  return useQuery({
    queryKey: KEYS.waitlist,
    queryFn: ({ signal }) => apiFetch('/api/v1/waitlist', { schema: WaitlistListSchema, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useJoinWaitlist() {
  return useInvalidating((body: JoinWaitlist) => apiFetch('/api/v1/waitlist', { method: 'POST', body, schema: WaitlistEntrySchema }));
}

export function useLeaveWaitlist() {
  return useInvalidating((id: string) => apiFetch(`/api/v1/waitlist/${encodeURIComponent(id)}/leave`, { method: 'POST', body: {}, schema: z.undefined() }));
}

export function usePracticeDashboard(timeZone: string) {
  return useQuery({
    queryKey: [...KEYS.practice, 'dashboard', timeZone],
    queryFn: ({ signal }): Promise<PracticeDashboard> => apiFetch(`/api/v1/practice/dashboard?timeZone=${encodeURIComponent(timeZone)}`, { schema: PracticeDashboardSchema, signal }),
    staleTime: 0,
  });
}

export function usePracticeAppointments(from: string, to: string) {
  return useQuery({
    queryKey: [...KEYS.practice, 'appointments', from, to],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/practice/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { schema: PracticeAppointmentListSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePracticeAction() {
  return useInvalidating(({ id, action, reason }: { id: string; action: AppointmentAction; reason?: string }) =>
    apiFetch(`/api/v1/practice/appointments/${encodeURIComponent(id)}/actions`, { method: 'POST', body: reason ? { action, reason } : { action }, schema: AppointmentSchema }),
  );
}

export function useAvailability() {
  return useQuery({ queryKey: [...KEYS.practice, 'availability'], queryFn: ({ signal }): Promise<Availability> => apiFetch('/api/v1/practice/availability', { schema: AvailabilitySchema, signal }) });
}

function useAvailabilityMutation<TVariables>(fn: (v: TVariables) => Promise<Availability>, alsoStale: readonly (readonly string[])[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => {
      client.setQueryData([...KEYS.practice, 'availability'], data);
      for (const queryKey of [[...KEYS.practice, 'preview'], ...alsoStale]) void client.invalidateQueries({ queryKey });
    },
  });
}

/** Keep a coming appointment that the hours no longer cover; the answer is the availability without it. */
export function useKeepOutsideHours() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v1/practice/appointments/${encodeURIComponent(id)}/keep-outside-hours`, { method: 'POST', body: {}, schema: AvailabilitySchema }),
    onSuccess: (data) => client.setQueryData([...KEYS.practice, 'availability'], data),
    onSettled: () => void client.invalidateQueries({ queryKey: [...KEYS.practice, 'dashboard'] }),
  });
}

export function useSaveHours() {
  return useAvailabilityMutation(({ locationId, hours }: { locationId: string; hours: HoursInput }) =>
    apiFetch(`/api/v1/practice/locations/${encodeURIComponent(locationId)}/hours`, { method: 'PUT', body: hours, schema: AvailabilitySchema }),
  );
}

export function useSaveSettings() {
  // "Accepting new patients" is on the profile too: /provider/profile reads it fresh.
  return useAvailabilityMutation((settings: BookingSettings) => apiFetch('/api/v1/practice/availability/settings', { method: 'PUT', body: settings, schema: AvailabilitySchema }), [
    [...KEYS.practice, 'profile'],
  ]);
}

export function usePutOverride() {
  return useAvailabilityMutation(({ locationId, date, body }: { locationId: string; date: string; body: OverrideInput }) =>
    apiFetch(`/api/v1/practice/locations/${encodeURIComponent(locationId)}/overrides/${date}`, { method: 'PUT', body, schema: AvailabilitySchema }),
  );
}

export function useDeleteOverride() {
  return useAvailabilityMutation(({ locationId, date }: { locationId: string; date: string }) =>
    apiFetch(`/api/v1/practice/locations/${encodeURIComponent(locationId)}/overrides/${date}`, { method: 'DELETE', schema: AvailabilitySchema }),
  );
}

export function usePreview(params: { locationId: string; serviceId: string; weekStart: string } | null) {
  return useQuery({
    queryKey: [...KEYS.practice, 'preview', params],
    queryFn: ({ signal }) => apiFetch(`/api/v1/practice/availability/preview?${new URLSearchParams(params!).toString()}`, { schema: PreviewSchema, signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
