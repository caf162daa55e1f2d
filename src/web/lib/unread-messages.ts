import { useQuery } from '@tanstack/react-query';
import { UnreadCountSchema } from '~/shared/contracts/messaging';
import { apiFetch } from './api-client';
import { useAuth } from './session';

/** The query key of the signed-in person's unread message count (the inbox invalidates it when it marks read). */
export const UNREAD_MESSAGES_QUERY_KEY = ['messages', 'unread'] as const;
/** The header polls the count this often. */
export const UNREAD_MESSAGES_POLL_MS = 30_000;

/** How many messages to the signed-in person are unread (0 while unknown or signed out). */
export function useUnreadMessages(): number {
  const { session, can } = useAuth();
  const enabled = Boolean(session) && can('messages.self');
  const query = useQuery({
    queryKey: UNREAD_MESSAGES_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch('/api/v1/messages/unread', { schema: UnreadCountSchema, signal }),
    enabled,
    refetchInterval: UNREAD_MESSAGES_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  return enabled ? (query.data?.unread ?? 0) : 0;
}
