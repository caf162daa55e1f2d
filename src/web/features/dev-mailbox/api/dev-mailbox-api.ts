import { useQuery } from '@tanstack/react-query';
import { type DevMailboxResponse, DevMailboxResponseSchema } from '~/shared/contracts/dev-mailbox';
import { apiFetch } from '~/web/lib/api-client';

export const DEV_MAILBOX_PATH = '/api/v1/dev/mailbox';

export function fetchMailbox(to: string, signal?: AbortSignal): Promise<DevMailboxResponse> {
  const search = to.trim() ? `?to=${encodeURIComponent(to.trim())}` : '';
  return apiFetch(`${DEV_MAILBOX_PATH}${search}`, { schema: DevMailboxResponseSchema, signal });
}

export function useMailbox(to: string) {
  return useQuery({ queryKey: ['dev-mailbox', to], queryFn: ({ signal }) => fetchMailbox(to, signal), staleTime: 0 });
}
