import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { tenants } from './tenants.js';

/**
 * Secure messaging (issue 6): a conversation between a patient and a person caring for them,
 * inside the organisation where they met (an appointment links them). One conversation per
 * patient, carer and organisation. Only its participants can read it (row-level security).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The person caring for the patient (a provider of one of their appointments). */
    carerId: uuid('carer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_pair').on(t.tenantId, t.patientId, t.carerId),
    index('conversations_patient').on(t.patientId),
    index('conversations_carer').on(t.carerId),
    check('conversations_two_people', sql`${t.patientId} <> ${t.carerId}`),
  ],
);

/** Who is in a conversation, and how far each has read (read receipts, unread counts). */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** When this person was last told by email of messages they had not read (never their content). */
    unreadEmailedAt: timestamp('unread_emailed_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user').on(t.userId),
    check('conversation_participants_role_check', sql`${t.role} in ('patient', 'carer')`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_created').on(t.conversationId, t.createdAt),
    check('messages_body_length', sql`char_length(${t.body}) <= 5000`),
  ],
);

/**
 * A file sent with a message (PDF or image, its type recognised from its content). The bytes are
 * in the storage service under `messages/{conversationId}/{id}`; the name is the sender's, shown
 * and offered on download, never used as a path.
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_attachments_message').on(t.messageId), check('message_attachments_name_length', sql`char_length(${t.fileName}) between 1 and 255`)],
);
