import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.js';

export const NewsletterSubscribeRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  language: z.enum(LANGUAGE_CODES as [string, ...string[]]).default('en'),
});
export type NewsletterSubscribeRequest = z.infer<typeof NewsletterSubscribeRequestSchema>;

export const NewsletterSubscribeResponseSchema = z.object({
  status: z.literal('subscribed'),
});
export type NewsletterSubscribeResponse = z.infer<typeof NewsletterSubscribeResponseSchema>;
