import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import {
  type Appointment,
  type AppointmentPage,
  AppointmentPageSchema,
  AppointmentSchema,
  type BookAppointment,
  type JoinWaitlist,
  WaitlistDaysSchema,
  WaitlistEntrySchema,
  WaitlistListSchema,
} from '~/shared/contracts/appointments';
import {
  type Availability,
  AvailabilitySchema,
  type BookingSettings,
  CancelledVisitsSchema,
  type HoursInput,
  type OverrideInput,
  type PracticeBook,
  type PracticeDashboard,
  type PracticeSeries,
  PracticeSeriesResultSchema,
  PracticeAppointmentListSchema,
  PracticePatientListSchema,
  PracticeProviderListSchema,
  PracticeDashboardSchema,
  PreviewSchema,
} from '~/shared/contracts/practice';
import { type DirectoryPage, DirectoryPageSchema, type ProviderDetail, ProviderDetailSchema, type Slots, SlotsSchema } from '~/shared/contracts/providers';
import type { AppointmentAction, AppointmentStatus } from '~/shared/appointments';
import { apiFetch } from '~/web/lib/api-client';
import { useRealtimeEvents } from '~/web/lib/realtime';
import { nextActionChange, nextPatientChange } from '../lib/action-times';

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

/**
 * Free times of a provider's service: as patients book them, or (`practice`) as the practice's staff
 * book and move them, without the online booking's minimum notice and horizon.
 */
export function useSlots(params: { providerId: string; serviceId: string; locationId: string; from?: string; days: number; practice?: boolean } | null) {
  return useQuery({
    queryKey: [...KEYS.slots, params],
    queryFn: ({ signal }): Promise<Slots> => {
      const p = params!;
      const qs = new URLSearchParams({ serviceId: p.serviceId, locationId: p.locationId, days: String(p.days) });
      if (p.from) qs.set('from', p.from);
      if (p.practice) {
        qs.set('providerId', p.providerId);
        return apiFetch(`/api/v1/practice/slots?${qs.toString()}`, { schema: SlotsSchema, signal });
      }
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

/**
 * The patient's own appointments, live while shown: a change the practice makes (their
 * notification) and the clock's moments (the cancellation window starting, a visit ending) read
 * the page again, so an open Cancel or Reschedule does not outlive what the server allows.
 */
export function useMyAppointments(when: 'upcoming' | 'past', page: number) {
  const queryKey = [...KEYS.mine, when, page];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }): Promise<AppointmentPage> => apiFetch(`/api/v1/appointments?when=${when}&page=${page}`, { schema: AppointmentPageSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useLiveAppointments(queryKey, query.isPlaceholderData ? undefined : query.data?.appointments, patientMoments, nextPatientChange);
  return query;
}

export function useMyAppointment(id: string | null) {
  return useQuery({
    queryKey: [...KEYS.mine, 'one', id],
    queryFn: ({ signal }): Promise<Appointment> => apiFetch(`/api/v1/appointments/${encodeURIComponent(id ?? '')}`, { schema: AppointmentSchema, signal }),
    enabled: Boolean(id),
  });
}

function useInvalidating<TVariables, TData>(fn: (v: TVariables) => Promise<TData>) {
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

/** The days one may wait for with a service (open for it, nothing free): read when the waitlist is opened. */
export function useWaitlistDays(target: { providerId: string; serviceId: string; locationId: string }, enabled: boolean) {
  return useQuery({
    queryKey: [...KEYS.waitlist, 'days', target.providerId, target.serviceId, target.locationId],
    queryFn: ({ signal }) =>
      apiFetch(
        `/api/v1/providers/${encodeURIComponent(target.providerId)}/waitlist-days?${new URLSearchParams({ serviceId: target.serviceId, locationId: target.locationId }).toString()}`,
        { schema: WaitlistDaysSchema, signal },
      ),
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

/** The practice's schedule refreshes this often while its page is visible (the socket says the rest). */
const PRACTICE_POLL_MS = 60_000;
/** The longest a timer may wait (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Keeps a list of appointments current while it is open: it is read again when the tab's socket
 * hears something (a booking, move or cancellation notifies the other side; a reconnect resyncs)
 * and at the moment the clock changes what the server allows (`nextChange` of the list's times and
 * statuses: for the practice, check-in opening and a start passing, so Complete and No-show appear
 * without a reload; for the patient, the cancellation window starting and a visit ending).
 */
function useLiveAppointments<M>(
  queryKey: readonly unknown[],
  appointments: readonly Appointment[] | undefined,
  moments: (a: Appointment) => M,
  nextChange: (list: M[], now: number) => number | null,
) {
  const client = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.event === 'notification' || event.event === 'resync') void client.invalidateQueries({ queryKey });
  });
  const key = JSON.stringify(queryKey);
  // What decides the moments (a new answer with the same ones keeps the timer).
  const times = appointments ? JSON.stringify(appointments.map(moments)) : null;
  useEffect(() => {
    if (times === null) return;
    const next = nextChange(JSON.parse(times) as M[], Date.now());
    if (next === null) return;
    // A second after the moment, so the server's clock has passed it too.
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] }), Math.min(next - Date.now() + 1000, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [client, key, times, nextChange]);
}

/** A practice schedule, live (also polled every minute while visible). */
function useLiveSchedule(queryKey: readonly unknown[], appointments: readonly Appointment[] | undefined) {
  useLiveAppointments(queryKey, appointments, practiceMoments, nextActionChange);
}
const practiceMoments = (a: Appointment) => ({ startsAt: a.startsAt, status: a.status });
const patientMoments = (a: Appointment) => ({ startsAt: a.startsAt, endsAt: a.endsAt, status: a.status, cancellationWindowHours: a.cancellationWindowHours });

export function usePracticeDashboard(timeZone: string) {
  const queryKey = [...KEYS.practice, 'dashboard', timeZone];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }): Promise<PracticeDashboard> => apiFetch(`/api/v1/practice/dashboard?timeZone=${encodeURIComponent(timeZone)}`, { schema: PracticeDashboardSchema, signal }),
    staleTime: 0,
    refetchInterval: PRACTICE_POLL_MS,
  });
  useLiveSchedule(queryKey, query.data ? [...query.data.today, ...query.data.waiting] : undefined);
  return query;
}

/** What the practice's appointment list is narrowed to (empty: all). */
export interface PracticeListFilters {
  providerId: string;
  status: AppointmentStatus | '';
  patient: string;
}

export function usePracticeAppointments(from: string, to: string, filters: PracticeListFilters = { providerId: '', status: '', patient: '' }) {
  const queryKey = [...KEYS.practice, 'appointments', from, to, filters];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ from, to });
      if (filters.providerId) qs.set('providerId', filters.providerId);
      if (filters.status) qs.set('status', filters.status);
      if (filters.patient.trim()) qs.set('patient', filters.patient.trim());
      return apiFetch(`/api/v1/practice/appointments?${qs.toString()}`, { schema: PracticeAppointmentListSchema, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: PRACTICE_POLL_MS,
  });
  useLiveSchedule(queryKey, query.isPlaceholderData ? undefined : query.data?.appointments);
  return query;
}

export function usePracticeAction() {
  return useInvalidating(({ id, action, reason }: { id: string; action: AppointmentAction; reason?: string }) =>
    apiFetch(`/api/v1/practice/appointments/${encodeURIComponent(id)}/actions`, { method: 'POST', body: reason ? { action, reason } : { action }, schema: AppointmentSchema }),
  );
}

/** The practice cancels a visit of a series with its later ones, with one reason. */
export function usePracticeCancelWithLater() {
  return useInvalidating(({ id, reason }: { id: string; reason: string }) =>
    apiFetch(`/api/v1/practice/appointments/${encodeURIComponent(id)}/cancel-with-later`, { method: 'POST', body: { reason }, schema: CancelledVisitsSchema }),
  );
}

/** The practice moves an appointment (its free times refresh with everything else of the practice). */
export function usePracticeReschedule() {
  return useInvalidating(({ id, startsAt }: { id: string; startsAt: string }) =>
    apiFetch(`/api/v1/practice/appointments/${encodeURIComponent(id)}/reschedule`, { method: 'POST', body: { startsAt }, schema: AppointmentSchema }),
  );
}

/** Whom the practice books with (a provider: themselves). */
export function usePracticeProviders() {
  return useQuery({
    queryKey: [...KEYS.practice, 'providers'],
    queryFn: ({ signal }) => apiFetch('/api/v1/practice/providers', { schema: PracticeProviderListSchema, signal }),
  });
}

/** The practice's patients matching the words typed (or one by id), for a provider or the whole organisation. */
export function usePracticePatients(params: { query: string; providerId?: string | undefined; patientId?: string | undefined }, enabled = true) {
  return useQuery({
    queryKey: [...KEYS.practice, 'patients', params],
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ query: params.query });
      if (params.providerId) qs.set('providerId', params.providerId);
      if (params.patientId) qs.set('patientId', params.patientId);
      return apiFetch(`/api/v1/practice/patients?${qs.toString()}`, { schema: PracticePatientListSchema, signal });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The practice books for a patient, with an idempotency key the caller keeps for this attempt. */
export function usePracticeBook() {
  return useInvalidating(({ body, key }: { body: PracticeBook; key: string }) =>
    apiFetch('/api/v1/practice/appointments', { method: 'POST', body, headers: { 'idempotency-key': key }, schema: AppointmentSchema }),
  );
}

/** A series of visits (POST /api/v1/practice/appointments/series). */
export function usePracticeBookSeries() {
  return useInvalidating(({ body, key }: { body: PracticeSeries; key: string }) =>
    apiFetch('/api/v1/practice/appointments/series', { method: 'POST', body, headers: { 'idempotency-key': key }, schema: PracticeSeriesResultSchema }),
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
