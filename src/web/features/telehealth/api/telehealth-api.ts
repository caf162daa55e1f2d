import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type GuestRole,
  type IceConfig,
  IceConfigSchema,
  type TelehealthDay,
  TelehealthDaySchema,
  type Visit,
  type VisitChat,
  VisitChatMessageSchema,
  VisitChatSchema,
  VisitSchema,
} from '~/shared/contracts/telehealth';
import { apiFetch } from '~/web/lib/api-client';

/** Live changes come as `visit` events; this poll only covers a socket that is down. */
export const TELEHEALTH_POLL_MS = 30_000;

const KEYS = {
  all: ['telehealth'] as const,
  visit: (id: string) => ['telehealth', 'visit', id] as const,
  chat: (id: string) => ['telehealth', 'chat', id] as const,
  day: ['telehealth', 'day'] as const,
  ice: ['telehealth', 'ice'] as const,
};

const visitPath = (id: string, rest = '') => `/api/v1/telehealth/visits/${encodeURIComponent(id)}${rest}`;

/** One visit as the signed-in person sees it (the waiting alert reads it outside the visit's page). */
export function fetchVisit(id: string, signal?: AbortSignal): Promise<Visit> {
  return apiFetch(visitPath(id), { schema: VisitSchema, ...(signal ? { signal } : {}) });
}

export function useVisit(id: string) {
  return useQuery({
    queryKey: KEYS.visit(id),
    queryFn: ({ signal }): Promise<Visit> => apiFetch(visitPath(id), { schema: VisitSchema, signal }),
    refetchInterval: TELEHEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

export function useVisitChat(id: string, enabled: boolean) {
  return useQuery({
    queryKey: KEYS.chat(id),
    queryFn: ({ signal }): Promise<VisitChat> => apiFetch(visitPath(id, '/chat'), { schema: VisitChatSchema, signal }),
    enabled,
    refetchInterval: TELEHEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** The ICE servers for this call (TURN credentials are short-lived: fetched when a call starts). */
export function useIceServers(enabled: boolean) {
  return useQuery({
    queryKey: KEYS.ice,
    queryFn: ({ signal }): Promise<IceConfig> => apiFetch('/api/v1/telehealth/ice-servers', { schema: IceConfigSchema, signal }),
    enabled,
    staleTime: (query) => Math.max(0, ((query.state.data?.ttlSeconds ?? 0) * 1000) / 2),
  });
}

export function useTelehealthDay(date: string, timeZone: string) {
  return useQuery({
    queryKey: [...KEYS.day, date, timeZone],
    queryFn: ({ signal }): Promise<TelehealthDay> =>
      apiFetch(`/api/v1/practice/telehealth?${new URLSearchParams({ date, timeZone }).toString()}`, { schema: TelehealthDaySchema, signal }),
    refetchInterval: TELEHEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

function useVisitMutation<TVariables>(id: string, fn: (v: TVariables) => Promise<Visit>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => client.setQueryData(KEYS.visit(id), data),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: KEYS.day });
    },
  });
}

export function useJoinVisit(id: string) {
  return useVisitMutation(id, () => apiFetch(visitPath(id, '/join'), { method: 'POST', body: {}, schema: VisitSchema }));
}

/** Leave the waiting room or the call: the provider's list stops showing me as waiting at once. */
export function useLeaveVisit(id: string) {
  return useVisitMutation(id, () => apiFetch(visitPath(id, '/leave'), { method: 'POST', body: {}, schema: VisitSchema }));
}

export function useAdmit(id: string) {
  return useVisitMutation(id, (userId: string) => apiFetch(visitPath(id, '/admit'), { method: 'POST', body: { userId }, schema: VisitSchema }));
}

export function useInviteGuest(id: string) {
  return useVisitMutation(id, (body: { email: string; role: GuestRole }) => apiFetch(visitPath(id, '/invite'), { method: 'POST', body, schema: VisitSchema }));
}

export function useEndVisit(id: string) {
  return useVisitMutation(id, (complete: boolean) => apiFetch(visitPath(id, '/end'), { method: 'POST', body: { complete }, schema: VisitSchema }));
}

export function useSendVisitChat(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiFetch(visitPath(id, '/chat'), { method: 'POST', body: { body }, schema: VisitChatMessageSchema }),
    onSuccess: (message) => {
      client.setQueryData<VisitChat>(KEYS.chat(id), (old) => (old ? { messages: old.messages.some((m) => m.id === message.id) ? old.messages : [...old.messages, message] } : { messages: [message] }));
      void client.invalidateQueries({ queryKey: KEYS.chat(id) });
    },
  });
}

/** Refetches a visit and its chat (after a `visit` event about it), or everything telehealth shows. */
export function useRefreshTelehealth() {
  const client = useQueryClient();
  return (appointmentId?: string) => {
    if (!appointmentId) {
      void client.invalidateQueries({ queryKey: KEYS.all });
      return;
    }
    void client.invalidateQueries({ queryKey: KEYS.visit(appointmentId) });
    void client.invalidateQueries({ queryKey: KEYS.chat(appointmentId) });
    void client.invalidateQueries({ queryKey: KEYS.day });
  };
}
