import { useMutation } from '@tanstack/react-query';
import type { NewsletterSubscribeRequest, NewsletterSubscribeResponse } from '~/shared/contracts/newsletter';
import { apiFetch } from '~/web/lib/api-client';

export const NEWSLETTER_SUBSCRIPTIONS_PATH = '/api/v1/newsletter/subscriptions';

/**
 * The newsletter's contract (and with it zod), loaded when someone starts to use the form rather
 * than with the footer of every page (see SchemaSource in api-client.ts).
 */
export const loadNewsletterContract = () => import('~/shared/contracts/newsletter');

export function subscribeToNewsletter(request: NewsletterSubscribeRequest): Promise<NewsletterSubscribeResponse> {
  return apiFetch(NEWSLETTER_SUBSCRIPTIONS_PATH, {
    method: 'POST',
    body: request,
    schema: () => loadNewsletterContract().then((m) => m.NewsletterSubscribeResponseSchema),
  });
}

export function useNewsletterSubscription() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
