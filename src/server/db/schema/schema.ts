/** The whole database schema, as one module for Drizzle and drizzle-kit. */
export { appMeta } from './app-meta.js';
export { auditEvents } from './audit-events.js';
export { accounts, sessions, twoFactors, users, verifications } from './auth.js';
export { authThrottles } from './auth-throttles.js';
export { devMailOutbox } from './dev-mail-outbox.js';
export { newsletterSubscriptions } from './newsletter-subscriptions.js';
export { tenants } from './tenants.js';
export { tenantInvitations, tenantMemberships, tenantUsageMetrics } from './tenant-memberships.js';
export { storedFiles } from './stored-files.js';
export { cookieConsent } from './cookie-consent.js';
export { analyticsEvents } from './analytics-events.js';
export { enquiries } from './enquiries.js';
export { providerProfiles, searchLexicon, specialties } from './specialties.js';
export { places } from './places.js';
export { appointmentEmails, appointmentRatings, appointments, availabilityOverrides, notifications, providerLocations, providerServices, waitlistEntries } from './booking.js';
export { conversationParticipants, conversations, messageAttachments, messages } from './messaging.js';
export { realtimeRelay, telehealthChatMessages, telehealthEvents, telehealthParticipants, telehealthVisits } from './telehealth.js';
