import { type SQL, and, desc, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICATIONS_LIMIT, type Notification, type NotificationKind, type NotificationList } from '../../../shared/contracts/notifications.js';
import { notifications } from '../../db/schema/booking.js';
import type { ActorContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors/domain-errors.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';

/**
 * The header's notifications: the signed-in person's own, newest first, a page at a time (the
 * newest page, or with `before` the page older than that notification, ordered by time and then
 * id so that two made in one instant are neither skipped nor repeated), with the unread count of
 * all of them. A `before` that is not one of their notifications answers 404.
 */
export async function listNotifications(ctx: ActorContext, before?: string): Promise<NotificationList> {
  return asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, async (tx) => {
    const mine = eq(notifications.userId, ctx.actor.userId);
    let older: SQL | undefined;
    if (before) {
      const [cursor] = await tx.select({ id: notifications.id }).from(notifications).where(and(mine, eq(notifications.id, before)));
      if (!cursor) throw notFound('notification.not-found', 'This notification was not found.');
      // Compared in the database: a JavaScript Date would drop the microseconds of its time.
      older = sql`(${notifications.createdAt}, ${notifications.id}) < (select c.created_at, c.id from notifications c where c.id = ${before})`;
    }
    const rows = await tx
      .select()
      .from(notifications)
      .where(and(mine, older))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_LIMIT + 1);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt)));
    return {
      notifications: rows.slice(0, NOTIFICATIONS_LIMIT).map(
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
      more: rows.length > NOTIFICATIONS_LIMIT,
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
