import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICATIONS_LIMIT, type Notification, type NotificationKind, type NotificationList } from '../../../shared/contracts/notifications.js';
import { notifications } from '../../db/schema/booking.js';
import type { ActorContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/domain-errors.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';

/** The header's notifications: the newest of the signed-in person's own, with the unread count. */
export async function listNotifications(ctx: ActorContext): Promise<NotificationList> {
  return asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, async (tx) => {
    const rows = await tx.select().from(notifications).where(eq(notifications.userId, ctx.actor.userId)).orderBy(desc(notifications.createdAt)).limit(NOTIFICATIONS_LIMIT);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.actor.userId), isNull(notifications.readAt)));
    return {
      notifications: rows.map(
        (r): Notification => ({
          id: r.id,
          kind: r.kind as NotificationKind,
          appointmentId: r.appointmentId,
          data: r.data,
          readAt: r.readAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
        }),
      ),
      unread: count?.n ?? 0,
    };
  });
}

export async function markRead(ctx: ActorContext, id: string | null): Promise<NotificationList> {
  await asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: ctx.now() })
      .where(and(eq(notifications.userId, ctx.actor.userId), isNull(notifications.readAt), id ? eq(notifications.id, id) : undefined))
      .returning({ id: notifications.id });
    if (id && updated.length === 0) {
      const [exists] = await tx.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, ctx.actor.userId)));
      if (!exists) throw notFound('notification.not-found', 'This notification was not found.');
    }
  });
  return listNotifications(ctx);
}
