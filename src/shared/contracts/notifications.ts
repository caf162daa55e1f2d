import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'appointment_booked',
  'appointment_confirmed',
  'appointment_rescheduled',
  'appointment_cancelled',
  'appointment_reminder',
  'waitlist_offer',
  /** To platform admins: a provider profile waits for review (new, or sent again after a rejection). */
  'provider_submitted',
  'provider_resubmitted',
  /** To the provider: the review's decision (a rejection carries the reason). */
  'provider_verified',
  'provider_rejected',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATIONS_LIMIT = 20;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  appointmentId: z.string().nullable(),
  /** Names and times the message is written from, in the reader's language. */
  data: z.record(z.string(), z.string()),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({ notifications: z.array(NotificationSchema), unread: z.number().int() });
export type NotificationList = z.infer<typeof NotificationListSchema>;
export const NotificationIdParamsSchema = z.object({ id: z.string().uuid() }).strict();
