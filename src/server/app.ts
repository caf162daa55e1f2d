import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../shared/product.js';
import type { Config } from './config/env.js';
import { healthRoutes } from './features/health/health.routes.js';
import { newsletterRoutes } from './features/newsletter/newsletter.routes.js';
import { consentRoutes } from './features/consent/consent.routes.js';
import { enquiriesRoutes } from './features/enquiries/enquiries.routes.js';
import { siteRoutes } from './features/site/site.routes.js';
import { specialtiesRoutes } from './features/specialties/specialties.routes.js';
import { providersRoutes } from './features/providers/providers.routes.js';
import { placesRoutes } from './features/places/places.routes.js';
import { bookingRoutes } from './features/booking/booking.routes.js';
import { practiceRoutes } from './features/booking/practice.routes.js';
import { practiceProfileRoutes } from './features/booking/practice-profile.routes.js';
import { messagingRoutes } from './features/messaging/messaging.routes.js';
import { telehealthSignalling } from './features/telehealth/telehealth.realtime.js';
import { messagingRealtime } from './features/messaging/messaging.realtime.js';
import { telehealthRoutes } from './features/telehealth/telehealth.routes.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { adminProvidersRoutes } from './features/providers/admin-providers.routes.js';
import type { DatabaseHandle } from './platform/db/database.js';
import { DomainError } from './platform/errors/domain-errors.js';
import { problemErrorHandler } from './platform/errors/problem-response.js';
import { originOfAddress } from './platform/http/listening-origin.js';
import { enforceRoutePermissions, type RegisteredRoute } from './platform/http/permissions.js';
import { contextFactory } from './platform/http/request-context.js';
import { applyBaseHeaders, registerSecurityHeaders } from './platform/http/security-headers.js';
import { loadWebApp, registerWebApp } from './platform/http/web-app.js';
import { loggerOptions } from './platform/logging/logger-options.js';
import { createAuth, type Auth } from './platform/auth/auth.js';
import { authHttp } from './platform/auth/auth-http.js';
import { loadAuthSecret } from './platform/auth/auth-secret.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { createStorage, type Storage } from './platform/storage/storage.js';
import { sessionRoutes } from './features/auth/session.routes.js';
import { tenantRoutes } from './features/tenants/tenants.routes.js';
import { createUsageMetricsJob } from './platform/system/usage-metrics.js';
import { createAvailabilityRefreshJob, type AvailabilityRefreshResult } from './platform/system/availability-refresh.js';
import type { PeriodicJob } from './platform/system/periodic-job.js';
import { createUnreadMessagesJob } from './platform/system/message-jobs.js';
import { createTelehealthPresenceJob, type TelehealthPresenceResult } from './platform/system/telehealth-jobs.js';
import { createAppointmentEmailJob, createReminderJob, createWaitlistJob, type AppointmentEmailResult, type ReminderResult, type WaitlistResult } from './platform/system/booking-jobs.js';
import { profileRoutes } from './features/profile/profile.routes.js';
import { adminUsersRoutes } from './features/admin-users/admin-users.routes.js';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes.js';
import { createRealtimeHub, type RealtimeHub } from './platform/realtime/hub.js';
import { registerRealtimeEndpoint } from './platform/realtime/websocket-endpoint.js';
import { refuseUnstorableText } from './platform/http/text-guard.js';
import { refuseCrossSiteChanges } from './platform/http/cross-site-guard.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with the permission it declared (for the route audit test). */
    registeredRoutes: RegisteredRoute[];
    /** better-auth, built on first use (tests and the benchmarks call its API directly). */
    getAuth(): Promise<Auth>;
    /** The directory's first-free-time job (tests run it to see a change at once). */
    availabilityRefresh: PeriodicJob<AvailabilityRefreshResult>;
    /** Reminder emails 24 hours ahead, and waitlist offers (tests run them at once). */
    reminders: PeriodicJob<ReminderResult>;
    appointmentEmails: PeriodicJob<AppointmentEmailResult>;
    waitlist: PeriodicJob<WaitlistResult>;
    /** Video visits' presence and ends (tests run it at once). */
    telehealthPresence: PeriodicJob<TelehealthPresenceResult>;
    /** Live events to people's open sockets on every process (/ws, PostgreSQL LISTEN/NOTIFY). */
    realtime: Pick<RealtimeHub, 'publish'>;
  }
}

export interface AppDependencies {
  database: DatabaseHandle;
  now?: () => Date;
  /** Where JSON log lines go (stdout by default); tests pass a stream to read them. */
  logStream?: DestinationStream;
  mailer?: Mailer;
  storage?: Storage;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Builds the whole server without listening: what main.ts starts and what tests call. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logStream ? { ...loggerOptions(config), stream: deps.logStream } : loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // The router's own refusals (a path that does not decode) leave as problem+json too, with the
    // headers every response has (no hook has run for them).
    frameworkErrors: (error, request, reply) => {
      applyBaseHeaders(request, reply);
      return problemErrorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(problemErrorHandler);
  // First of the onRequest hooks, so a refusal by any later one (a cross-site change, a missing
  // session or permission) carries the headers every response carries and its request id.
  const securityHeaders = registerSecurityHeaders(app);
  app.addHook('preValidation', refuseUnstorableText);
  // Before the permission check reads the session: a change sent from another site is refused.
  app.addHook('onRequest', refuseCrossSiteChanges(config.PUBLIC_URL));
  // The API speaks JSON only: any other body type answers 415 problem+json.
  app.removeContentTypeParser(['text/plain']);

  const registry: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registry);
  enforceRoutePermissions(app, registry);

  // Graceful shutdown: once closing, every response ends its keep-alive connection and idle
  // connections are closed as they appear, so in-flight requests finish and nothing lingers.
  let closing = false;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    sweeper.unref();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const web = await loadWebApp(config.WEB_DIST_DIR);
  if (web.handler === undefined) app.log.warn({ dir: web.distDir }, 'web app not built: pages are unavailable');
  // Answers of up to 256 kB (a 90-day availability answer is 122 kB) are compressed in one call
  // rather than streamed through the threadpool in 16 kB steps: on the 2-core machines we measure,
  // streaming added 3-4 ms to such an answer and nothing overlapped it. gzip level 4 compresses it in
  // 0.6 ms against 1.6 ms at the default 6, to the same size (bench/README.md, "Compression").
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 256 * 1024,
    zlibOptions: { level: 4 },
    encodings: ['br', 'gzip', 'deflate'],
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: 'Errors are RFC 9457 application/problem+json with a stable `code`.',
      },
      servers: config.PUBLIC_URL ? [{ url: config.PUBLIC_URL }] : [],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sends its own policy; keep it as strict as ours on framing and don't force HTTPS upgrades.
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { deepLinking: true },
    logLevel: 'warn',
  });
  app.get(
    '/api/openapi.json',
    { config: { permission: 'public' }, schema: { hide: true } },
    async () => app.swagger(),
  );

  // Limits are declared per route (config.rateLimit); a refusal is a 429 problem+json with Retry-After.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new DomainError('rate-limited', 'rate-limited', `Too many requests. Try again in ${context.after}.`),
  });

  const now = deps.now ?? (() => new Date());
  const db = deps.database.db;
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db });
  const storage = deps.storage ?? createStorage(config);
  let runtime: Promise<{ auth: Auth; secret: string }> | undefined;
  const getAuthRuntime = () => {
    runtime ??= loadAuthSecret(db, config.AUTH_SECRET).then((secret) => ({ secret, auth: createAuth({ db, config, mailer, secret, now }) }));
    // A failure (database not ready yet) is not remembered: the next request tries again.
    runtime.catch(() => {
      runtime = undefined;
    });
    return runtime;
  };
  const getAuth = () => getAuthRuntime().then((r) => r.auth);
  app.decorate('getAuth', getAuth);
  await authHttp(app, { getAuthRuntime, db, config, now });
  // Where links the jobs write (emails) point: PUBLIC_URL, else the address the server listens on,
  // worked out once when it starts listening and kept. app.server.address() is null again as soon
  // as the server starts closing, and a job still running then wrote http://localhost/… without
  // the port. Before the server listens (tests that only inject) it is http://localhost.
  const publicUrl = config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/+$/, '') : undefined;
  let listeningOrigin: string | undefined;
  app.addHook('onListen', async () => {
    listeningOrigin ??= originOfAddress(app.server.address());
  });
  const origin = () => publicUrl ?? listeningOrigin ?? 'http://localhost';
  const jobDeps = { db, mailer, config, log: app.log, now, origin };
  // The patient's appointment emails, queued by the changes' transactions (outbox); a request wakes it after its commit.
  const appointmentEmails = createAppointmentEmailJob({ ...jobDeps, intervalSeconds: config.APPOINTMENT_EMAIL_INTERVAL_SECONDS });
  app.decorate('appointmentEmails', appointmentEmails);
  app.addHook('onReady', async () => appointmentEmails.start());
  const context = contextFactory({
    db,
    config,
    mailer,
    storage,
    now,
    wake: (work) => {
      if (work === 'appointment-emails') appointmentEmails.kick();
    },
  });
  await app.register(sessionRoutes, { context, getAuth });
  await app.register(tenantRoutes, { context });
  // Daily usage per organisation (cross-tenant system job): once at start, then every interval.
  const usageMetrics = createUsageMetricsJob({ db, intervalMinutes: config.USAGE_METRICS_INTERVAL_MINUTES, now, log: app.log });
  app.addHook('onReady', async () => usageMetrics.start());
  // Providers' first free time for the directory (cross-tenant system job).
  const availabilityRefresh = createAvailabilityRefreshJob({ db, intervalSeconds: config.AVAILABILITY_REFRESH_INTERVAL_SECONDS, now, log: app.log });
  app.decorate('availabilityRefresh', availabilityRefresh);
  app.addHook('onReady', async () => availabilityRefresh.start());
  const reminders = createReminderJob({ ...jobDeps, intervalSeconds: config.REMINDER_INTERVAL_SECONDS, wake: () => appointmentEmails.kick() });
  const waitlist = createWaitlistJob({ ...jobDeps, intervalSeconds: config.WAITLIST_INTERVAL_SECONDS, wake: () => appointmentEmails.kick() });
  const unreadMessages = createUnreadMessagesJob({ db, mailer, log: app.log, now, origin, unreadMinutes: config.MESSAGE_UNREAD_EMAIL_MINUTES, intervalSeconds: config.MESSAGE_EMAIL_INTERVAL_SECONDS });
  app.decorate('reminders', reminders);
  app.decorate('waitlist', waitlist);
  app.addHook('onReady', async () => {
    reminders.start();
    waitlist.start();
    unreadMessages.start();
  });
  // Realtime: /ws and the LISTEN/NOTIFY backplane (one listener per process, started when ready).
  const realtime = createRealtimeHub({ database: deps.database, log: app.log });
  app.decorate('realtime', { publish: realtime.publish });
  const telehealthPresence = createTelehealthPresenceJob({
    db,
    log: app.log,
    now,
    publish: realtime.publish,
    intervalSeconds: config.TELEHEALTH_PRESENCE_INTERVAL_SECONDS,
    endGraceSeconds: config.TELEHEALTH_EMPTY_END_SECONDS,
  });
  app.decorate('telehealthPresence', telehealthPresence);
  app.addHook('onReady', async () => telehealthPresence.start());
  const signalling = telehealthSignalling({
    db,
    hub: realtime,
    now,
    publish: realtime.publish,
    presenceGraceMs: config.TELEHEALTH_PRESENCE_GRACE_SECONDS * 1000,
    wake: () => telehealthPresence.kick(),
    log: app.log,
  });
  await registerRealtimeEndpoint(app, {
    config,
    db,
    hub: realtime,
    now,
    extensions: [signalling, messagingRealtime({ db, config, now })],
  });
  app.addHook('onReady', async () => realtime.start());
  await app.register(profileRoutes, { context, avatarMaxBytes: config.AVATAR_MAX_BYTES });
  await app.register(adminUsersRoutes, { context });
  await app.register(devMailboxRoutes, { context });
  await app.register(healthRoutes, { database: deps.database });
  await app.register(siteRoutes, { config });
  await app.register(specialtiesRoutes, { context });
  await app.register(providersRoutes, { context });
  await app.register(placesRoutes, { context });
  await app.register(bookingRoutes, { context });
  await app.register(practiceRoutes, { context });
  await app.register(practiceProfileRoutes, { context });
  await app.register(notificationsRoutes, { context });
  await app.register(messagingRoutes, { context, attachmentMaxBytes: config.MESSAGE_ATTACHMENT_MAX_BYTES });
  await app.register(telehealthRoutes, {
    context,
    publish: realtime.publish,
    ice: { stunUrls: config.TELEHEALTH_STUN_URLS, turnUrls: config.TELEHEALTH_TURN_URLS, turnSecret: config.TELEHEALTH_TURN_SECRET, ttlSeconds: config.TELEHEALTH_TURN_TTL_SECONDS },
  });
  await app.register(adminProvidersRoutes, { context });
  await app.register(enquiriesRoutes, { context, perMinute: config.ENQUIRY_RATE_LIMIT_PER_MINUTE });
  await app.register(consentRoutes, { context, perMinute: config.CONSENT_RATE_LIMIT_PER_MINUTE });
  await app.register(newsletterRoutes, { context, perMinute: config.NEWSLETTER_RATE_LIMIT_PER_MINUTE });
  await registerWebApp(app, web, securityHeaders, config.PUBLIC_URL);

  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
    await usageMetrics.stop();
    await availabilityRefresh.stop();
    await appointmentEmails.stop();
    await reminders.stop();
    await waitlist.stop();
    await unreadMessages.stop();
    signalling.stop();
    await telehealthPresence.stop();
    await realtime.stop();
    await mailer.close();
    await deps.database.close();
  });

  return app;
}
