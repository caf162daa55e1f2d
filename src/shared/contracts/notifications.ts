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

/**
 * A page of notifications, newest first, and the unread count of all of them. `more`: older ones
 * exist; the next page is asked for with `before` set to this page's last id.
 */
export const NotificationListSchema = z.object({ notifications: z.array(NotificationSchema), unread: z.number().int(), more: z.boolean() });
export type NotificationList = z.infer<typeof NotificationListSchema>;
/** GET /api/v1/notifications: the newest page, or (`before`: a notification's id) the page older than that one. */
export const NotificationsQuerySchema = z.object({ before: z.string().uuid().optional() }).strict();
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;
export const NotificationIdParamsSchema = z.object({ id: z.string().uuid() }).strict();
