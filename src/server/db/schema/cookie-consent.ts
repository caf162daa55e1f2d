import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Cookie consent records (spec §3 "Cookie consent record"). Global: a visitor has no tenant.
 * One row per choice, never updated: the newest unexpired row for the region and the user (or,
 * for a visitor, the visitor's session id) is the one in force. The IP address is never stored.
 */
export const cookieConsent = pgTable(
  'cookie_consent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    essentialCookies: boolean('essential_cookies').notNull().default(true),
    functionalCookies: boolean('functional_cookies').notNull().default(false),
    analyticsCookies: boolean('analytics_cookies').notNull().default(false),
    marketingCookies: boolean('marketing_cookies').notNull().default(false),
    regionCode: text('region_code').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    consentVersion: text('consent_version').notNull().default('1.0'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiryDate: timestamp('expiry_date', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('cookie_consent_essential_always', sql`${t.essentialCookies}`),
    check('cookie_consent_no_ip_address', sql`${t.ipAddress} is null`),
    check('cookie_consent_user_or_visitor', sql`(${t.userId} is null) <> (${t.sessionId} is null)`),
    index('cookie_consent_user_lookup').on(t.userId, t.regionCode, t.createdAt.desc()),
    index('cookie_consent_visitor_lookup').on(t.sessionId, t.regionCode, t.createdAt.desc()),
  ],
);
