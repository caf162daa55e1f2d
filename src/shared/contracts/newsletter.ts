import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.js';

export const NewsletterSubscribeRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  language: z.enum(LANGUAGE_CODES as [string, ...string[]]).default('en'),
});
export type NewsletterSubscribeRequest = z.infer<typeof NewsletterSubscribeRequestSchema>;

/** The same answer whoever subscribes: a confirmation link was mailed (double opt-in). */
export const NewsletterSubscribeResponseSchema = z.object({
  status: z.literal('confirmation-sent'),
});
export type NewsletterSubscribeResponse = z.infer<typeof NewsletterSubscribeResponseSchema>;

/** Hours a confirmation link stays valid. */
export const NEWSLETTER_CONFIRM_HOURS = 48;

export const NewsletterTokenRequestSchema = z.object({ token: z.string().trim().min(20).max(200) }).strict();
export type NewsletterTokenRequest = z.infer<typeof NewsletterTokenRequestSchema>;

export const NewsletterConfirmResponseSchema = z.object({ status: z.literal('confirmed') });
export const NewsletterUnsubscribeResponseSchema = z.object({ status: z.literal('unsubscribed') });
