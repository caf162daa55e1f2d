import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mail that would have been sent, kept when no SMTP server is configured (SMTP_URL unset), so a
 * developer can follow the links in it. Only the platform writes and reads it, never app_user.
 */
export const devMailOutbox = pgTable('dev_mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  /** Files sent with the mail (calendar invitations), content included. */
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
