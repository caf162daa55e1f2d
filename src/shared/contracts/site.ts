import { z } from 'zod';

/** Public organisation details shown in the footer (contacts, offices, social links). */
export const OfficeSchema = z.object({
  countryCode: z.string().length(2),
  city: z.string().max(100),
  addressLines: z.array(z.string().max(200)).max(6),
});
export const SocialLinkSchema = z.object({
  network: z.enum(['linkedin', 'x', 'facebook', 'instagram', 'youtube']),
  url: z.url().max(500),
});
export const SiteInfoSchema = z.object({
  productName: z.string().max(100),
  contact: z.object({
    phones: z.array(z.string().max(40)).max(4),
    email: z.email().max(254),
  }),
  offices: z.array(OfficeSchema).max(10),
  social: z.array(SocialLinkSchema).max(10),
  /** Demo mode: the login page offers the Demo Accounts tab and /dev/mailbox shows the outbox. */
  demoMode: z.boolean(),
});
export type Office = z.infer<typeof OfficeSchema>;
export type SocialLink = z.infer<typeof SocialLinkSchema>;
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
