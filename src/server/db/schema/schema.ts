/** The whole database schema, as one module for Drizzle and drizzle-kit. */
export { appMeta } from './app-meta.js';
export { auditEvents } from './audit-events.js';
export { devMailOutbox } from './dev-mail-outbox.js';
export { newsletterSubscriptions } from './newsletter-subscriptions.js';
export { tenants } from './tenants.js';
