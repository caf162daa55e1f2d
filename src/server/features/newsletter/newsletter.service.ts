import type { NewsletterSubscribeRequest, NewsletterSubscribeResponse } from '../../../shared/contracts/newsletter.js';
import type { ServiceContext } from '../../platform/context.js';
import { upsertSubscription } from './newsletter.repo.js';

/**
 * Subscribes an address to the newsletter. The answer is the same whether or not the
 * address was already subscribed, so the form reveals nothing about who is on the list.
 */
export async function subscribe(ctx: ServiceContext, input: NewsletterSubscribeRequest): Promise<NewsletterSubscribeResponse> {
  await upsertSubscription(ctx.db, input.email, input.language);
  return { status: 'subscribed' };
}
