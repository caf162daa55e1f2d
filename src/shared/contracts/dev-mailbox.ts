import { z } from 'zod';

/** The development mailbox shows at most this many messages, newest first. */
export const DEV_MAILBOX_LIMIT = 50;

export const DevMailboxQuerySchema = z.object({ to: z.string().trim().max(320).optional() }).strict();
export type DevMailboxQuery = z.infer<typeof DevMailboxQuerySchema>;

export const DevMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof DevMailSchema>;

/** GET /api/v1/dev/mailbox (demo mode only): 'smtp' means mail leaves over SMTP and none is kept. */
export const DevMailboxResponseSchema = z.object({
  transport: z.enum(['outbox', 'smtp']),
  messages: z.array(DevMailSchema),
});
export type DevMailboxResponse = z.infer<typeof DevMailboxResponseSchema>;
