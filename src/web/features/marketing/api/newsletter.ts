import { useMutation } from '@tanstack/react-query';
import {
  type NewsletterSubscribeRequest,
  type NewsletterSubscribeResponse,
  NewsletterSubscribeResponseSchema,
} from '~/shared/contracts/newsletter';
import { apiFetch } from '~/web/lib/api-client';

export const NEWSLETTER_SUBSCRIPTIONS_PATH = '/api/v1/newsletter/subscriptions';

export function subscribeToNewsletter(request: NewsletterSubscribeRequest): Promise<NewsletterSubscribeResponse> {
  return apiFetch(NEWSLETTER_SUBSCRIPTIONS_PATH, {
    method: 'POST',
    body: request,
    schema: NewsletterSubscribeResponseSchema,
  });
}

export function useNewsletterSubscription() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
