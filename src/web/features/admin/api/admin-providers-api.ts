import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminProviderSchema, type AdminProvidersPage, AdminProvidersPageSchema, type VerificationDecision, type VerificationStatus } from '~/shared/contracts/admin-providers';
import { apiFetch } from '~/web/lib/api-client';

const PATH = '/api/v1/admin/providers';
const KEY = ['admin', 'providers'] as const;

export function useProvidersForReview(filters: { status: VerificationStatus; query: string; page: number }) {
  const params = new URLSearchParams({ status: filters.status, page: String(filters.page), ...(filters.query ? { query: filters.query } : {}) });
  return useQuery({
    queryKey: [...KEY, filters],
    queryFn: ({ signal }): Promise<AdminProvidersPage> => apiFetch(`${PATH}?${params.toString()}`, { schema: AdminProvidersPageSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDecideProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: VerificationDecision }) =>
      apiFetch(`${PATH}/${encodeURIComponent(id)}/decision`, { method: 'POST', body: decision, schema: AdminProviderSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
