import { useMutation } from '@tanstack/react-query';
import { NewsletterConfirmResponseSchema, NewsletterUnsubscribeResponseSchema } from '~/shared/contracts/newsletter';
import { apiFetch } from '~/web/lib/api-client';

export function useConfirmSubscription() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch('/api/v1/newsletter/confirm', { method: 'POST', body: { token }, schema: NewsletterConfirmResponseSchema }),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch('/api/v1/newsletter/unsubscribe', { method: 'POST', body: { token }, schema: NewsletterUnsubscribeResponseSchema }),
  });
}
