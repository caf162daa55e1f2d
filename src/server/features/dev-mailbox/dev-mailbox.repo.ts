import { desc, eq, sql } from 'drizzle-orm';
import { devMailOutbox } from '../../db/schema/dev-mail-outbox.js';
import type { Queryable } from '../../platform/db/database.js';

export interface OutboxRow {
  id: string;
  fromAddress: string;
  toAddress: string;
  subject: string;
  textBody: string;
  createdAt: Date;
}

/** The newest mail in the development outbox, optionally only to one address (any case). */
export async function latestOutboxMail(db: Queryable, options: { to?: string | undefined; limit: number }): Promise<OutboxRow[]> {
  return db
    .select({
      id: devMailOutbox.id,
      fromAddress: devMailOutbox.fromAddress,
      toAddress: devMailOutbox.toAddress,
      subject: devMailOutbox.subject,
      textBody: devMailOutbox.textBody,
      createdAt: devMailOutbox.createdAt,
    })
    .from(devMailOutbox)
    .where(options.to ? eq(sql`lower(${devMailOutbox.toAddress})`, options.to.toLowerCase()) : undefined)
    .orderBy(desc(devMailOutbox.createdAt), desc(devMailOutbox.id))
    .limit(options.limit);
}
