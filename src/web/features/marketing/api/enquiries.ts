import { useMutation } from '@tanstack/react-query';
import { type CreateEnquiryRequest, CreateEnquiryResponseSchema } from '~/shared/contracts/enquiries';
import { apiFetch } from '~/web/lib/api-client';

export function useSendEnquiry() {
  return useMutation({
    mutationFn: (request: CreateEnquiryRequest) => apiFetch('/api/v1/enquiries', { method: 'POST', body: request, schema: CreateEnquiryResponseSchema }),
  });
}
