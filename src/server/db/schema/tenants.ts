import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { citext } from './types.js';

/** An organisation (clinic, NDIS provider, plan manager). Row-level security: a session sees its own tenant. */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: citext('slug').notNull().unique(),
    domain: citext('domain').unique(),
    planType: text('plan_type').notNull().default('starter'),
    features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
    branding: jsonb('branding').$type<Record<string, string>>().notNull().default({}),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** The user who created the organisation (spec admin_user_id); no foreign key, so users stay global. */
    adminUserId: uuid('admin_user_id'),
    /** Staff of this organisation may only hold a session here with two-factor authentication on. */
    requireMfaForStaff: boolean('require_mfa_for_staff').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tenants_plan_type_check', sql`${t.planType} in ('starter', 'professional', 'enterprise', 'white_label')`),
    check('tenants_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check('tenants_slug_format', sql`${t.slug} ~ '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$'`),
  ],
);
