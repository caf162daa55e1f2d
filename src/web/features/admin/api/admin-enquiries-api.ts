import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EnquiryKind, type EnquiryList, EnquiryListSchema, EnquirySchema, type EnquiryStatus } from '~/shared/contracts/enquiries';
import { apiFetch } from '~/web/lib/api-client';

export const ADMIN_ENQUIRIES_PATH = '/api/v1/admin/enquiries';
const KEY = ['admin', 'enquiries'] as const;

export interface EnquiryFilters {
  kind: EnquiryKind | '';
  status: EnquiryStatus | '';
  page: number;
}

export function enquiriesSearch(filters: EnquiryFilters): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function useAdminEnquiries(filters: EnquiryFilters) {
  return useQuery({
    queryKey: [...KEY, filters],
    queryFn: ({ signal }): Promise<EnquiryList> => apiFetch(`${ADMIN_ENQUIRIES_PATH}${enquiriesSearch(filters)}`, { schema: EnquiryListSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSetEnquiryStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: EnquiryStatus }) =>
      apiFetch(`${ADMIN_ENQUIRIES_PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status }, schema: EnquirySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
