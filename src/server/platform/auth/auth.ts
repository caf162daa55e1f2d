import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { twoFactor } from 'better-auth/plugins';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SESSION_COOKIE_PREFIX } from '../../../shared/contracts/auth.js';
import { DEMO_USER_IDS } from '../../../shared/demo-accounts.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import { isProfessionalRole, ROLE_LANDING_PATHS, ROLES, SELF_SERVICE_ROLES, type Role } from '../../../shared/roles.js';
import type { Config } from '../../config/env.js';
import * as schema from '../../db/schema/schema.js';
import { recordAudit } from '../audit/audit.js';
import type { Database } from '../db/database.js';
import { renderAuthEmail } from '../mail/auth-emails.js';
import type { Mailer } from '../mail/mailer.js';
import { isCommonPassword } from './common-passwords.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { accountThrottleKey } from './auth-limits.js';
import { clearThrottle, consumeQuota, recordFailure, type BackoffPolicy } from './throttle.js';

/** The header our Fastify mount sets to the client address it trusts (TRUST_PROXY decides). */
export const CLIENT_IP_HEADER = 'x-tendwell-client-ip';
/** Set by our mount when the account being signed in to has failures counted (a success clears them). */
export const ACCOUNT_FAILURES_HEADER = 'x-tendwell-account-failures';
/** The header that carries the request id into better-auth, for the audit trail. */
export const REQUEST_ID_HEADER = 'x-tendwell-request-id';
export const AUTH_BASE_PATH = '/api/auth';

const VERIFY_EXPIRES_SECONDS = 24 * 60 * 60;
const RESET_EXPIRES_SECONDS = 60 * 60;
const HOUR_MS = 60 * 60 * 1000;

export interface AuthDependencies {
  db: Database;
  config: Config;
  mailer: Mailer;
  secret: string;
  now: () => Date;
}

function header(request: Request | undefined, name: string): string | null {
  return request?.headers.get(name) ?? null;
}

/** Where links in emails point: PUBLIC_URL, else the origin the request came to. */
function publicOrigin(config: Config, request: Request | undefined): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return request ? new URL(request.url).origin : 'http://localhost:3000';
}

function passwordPolicyError(password: unknown): APIError | null {
  if (typeof password !== 'string') return null;
  if (isCommonPassword(password)) {
    return new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is too common. Choose one that is harder to guess.',
    });
  }
  return null;
}

export function createAuth(deps: AuthDependencies) {
  const { db, config, mailer, now } = deps;
  const backoff: BackoffPolicy = {
    maxFailures: config.AUTH_ACCOUNT_MAX_FAILURES,
    maxBackoffMs: config.AUTH_ACCOUNT_BACKOFF_MAX_MINUTES * 60_000,
    windowMs: 24 * HOUR_MS,
  };
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;

  const sendMailSafely = async (send: () => Promise<void>, what: string) => {
    try {
      await send();
    } catch (error) {
      // The answer must not depend on whether mail could be sent (no enumeration, no 5xx).
      console.error(`${what} could not be sent`, error);
    }
  };

  /** Per-account mail quota: beyond it nothing is sent, and the answer is the same. */
  const mailAllowed = (kind: string, email: string) =>
    consumeQuota(db, `mail:${kind}:${email.toLowerCase()}`, config.AUTH_MAIL_LIMIT_PER_HOUR, HOUR_MS, now());

  const demoPlugin = {
    id: 'tendwell-demo',
    endpoints: {
      demoSignIn: createAuthEndpoint(
        '/demo/sign-in',
        { method: 'POST', body: z.object({ role: z.enum(ROLES) }) },
        async (ctx) => {
          if (!config.demoMode) throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found.' });
          const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, demoUserId(ctx.body.role)));
          if (!user) throw new APIError('NOT_FOUND', { code: 'DEMO_ACCOUNT_MISSING', message: 'The demo account does not exist.' });
          const found = await ctx.context.internalAdapter.findUserById(user.id);
          if (!found) throw new APIError('NOT_FOUND', { code: 'DEMO_ACCOUNT_MISSING', message: 'The demo account does not exist.' });
          const session = await ctx.context.internalAdapter.createSession(found.id);
          await setSessionCookie(ctx, { session, user: found });
          return ctx.json({ user: found, landingPath: ROLE_LANDING_PATHS[ctx.body.role] });
        },
      ),
    },
  } as const;

  return betterAuth({
    appName: PRODUCT_NAME,
    secret: deps.secret,
    basePath: AUTH_BASE_PATH,
    ...(config.PUBLIC_URL ? { baseURL: config.PUBLIC_URL } : {}),
    trustedOrigins: (request) => (request ? [new URL(request.url).origin] : []),
    telemetry: { enabled: false },
    logger: { disabled: config.NODE_ENV === 'test', level: 'warn' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
      },
    }),
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: 'uuid' },
      // better-auth skips its callback-URL and Origin (CSRF) checks when NODE_ENV is test; they
      // stay on, so tests run what production runs (an untrusted callbackURL is refused).
      disableOriginCheck: false,
    },
    session: {
      expiresIn: Math.round(config.SESSION_ABSOLUTE_HOURS * 3600),
      // Absolute lifetime: a session is never extended; the idle limit is checked per request.
      disableSessionRefresh: true,
      freshAge: Math.round(config.AUTH_REAUTH_MINUTES * 60),
      cookieCache: { enabled: false },
      additionalFields: {
        activeTenantId: { type: 'string', required: false, input: false },
        lastSeenAt: { type: 'date', required: false, input: false },
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'patient', input: true },
        professionalStatus: { type: 'string', required: false, defaultValue: 'not_applicable', input: false },
        locale: { type: 'string', required: false, input: true },
        timeZone: { type: 'string', required: false, input: true },
        region: { type: 'string', required: false, input: true },
        avatarKey: { type: 'string', required: false, input: false, returned: false },
        disabledAt: { type: 'date', required: false, input: false, returned: false },
      },
      changeEmail: {
        enabled: true,
        // Step one goes to the current address: its owner approves the change. Following the
        // link makes better-auth mail a verification link to the new address (step two).
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          await sendMailSafely(
            () =>
              mailer.send(
                renderAuthEmail('change-email', {
                  to: user.email,
                  locale: (user as { locale?: string | null }).locale,
                  url,
                  name: user.name,
                  newEmail,
                  hours: VERIFY_EXPIRES_SECONDS / 3600,
                }),
              ),
            'change-email confirmation',
          );
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_EXPIRES_SECONDS,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hashPassword(password, { cost: config.PASSWORD_HASH_COST, parallelism: config.PASSWORD_HASH_PARALLELISM }),
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      sendResetPassword: async ({ user, token }, request) => {
        if (!(await mailAllowed('reset', user.email))) return;
        const url = `${publicOrigin(config, request)}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await sendMailSafely(
          () =>
            mailer.send(
              renderAuthEmail('reset', { to: user.email, locale: (user as { locale?: string | null }).locale, url, name: user.name, hours: RESET_EXPIRES_SECONDS / 3600 }),
            ),
          'password reset email',
        );
      },
      onPasswordReset: async ({ user }, request) => {
        await clearThrottle(db, accountThrottleKey(user.email));
        await recordAudit(db, {
          action: 'auth.password.reset',
          actorUserId: user.id,
          targetType: 'user',
          targetId: user.id,
          clientIp: header(request, CLIENT_IP_HEADER),
          requestId: header(request, REQUEST_ID_HEADER),
        });
      },
      onExistingUserSignUp: async ({ user }, request) => {
        if (!(await mailAllowed('existing', user.email))) return;
        const url = `${publicOrigin(config, request)}/auth/login`;
        await sendMailSafely(
          () => mailer.send(renderAuthEmail('existing-account', { to: user.email, locale: (user as { locale?: string | null }).locale, url, name: user.name })),
          'existing-account email',
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EXPIRES_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        if (!(await mailAllowed('verify', user.email))) return;
        await sendMailSafely(
          () =>
            mailer.send(
              renderAuthEmail('verify', { to: user.email, locale: (user as { locale?: string | null }).locale, url, name: user.name, hours: VERIFY_EXPIRES_SECONDS / 3600 }),
            ),
          'verification email',
        );
      },
    },
    // Per-address limits and the per-account back-off are checked by our mount before this handler
    // runs (auth-limits.ts, auth-http.ts), in one statement shared by every server process.
    rateLimit: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const role = (user as { role?: string }).role ?? 'patient';
            return {
              data: {
                ...user,
                role,
                professionalStatus: isProfessionalRole(role as Role) ? 'unverified' : 'not_applicable',
              },
            };
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            // One statement, as the connection's own role like resolveActor (actor.ts): this is the
            // authentication layer. A new session starts in the person's most recently joined
            // active organisation.
            const latestMembership = db
              .select({ tenantId: schema.tenantMemberships.tenantId })
              .from(schema.tenantMemberships)
              .where(and(eq(schema.tenantMemberships.userId, schema.users.id), eq(schema.tenantMemberships.status, 'active')))
              .orderBy(desc(schema.tenantMemberships.joinedAt))
              .limit(1);
            const [owner] = await db
              .select({ disabledAt: schema.users.disabledAt, tenantId: sql<string | null>`(${latestMembership})` })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            // A disabled person gets no new session (and their old ones were deleted when disabled).
            if (!owner || owner.disabledAt) return false;
            const membership = { tenantId: owner.tenantId };
            return { data: { ...session, lastSeenAt: now(), activeTenantId: membership?.tenantId ?? null } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email') {
          const role = body.role ?? 'patient';
          if (typeof role !== 'string' || !(SELF_SERVICE_ROLES as readonly string[]).includes(role)) {
            throw new APIError('BAD_REQUEST', { code: 'ROLE_NOT_ALLOWED', message: 'This role cannot be chosen at sign-up.' });
          }
          const policy = passwordPolicyError(body.password);
          if (policy) throw policy;
        }
        if (ctx.path === '/reset-password') {
          const policy = passwordPolicyError(body.newPassword);
          if (policy) throw policy;
        }
        if (ctx.path === '/change-email') {
          // Re-authentication: changing the sign-in address needs a recent sign-in.
          const current = await getSessionFromCtx(ctx);
          const signedInAt = current ? new Date(current.session.createdAt).getTime() : 0;
          if (!current || now().getTime() - signedInAt > config.AUTH_REAUTH_MINUTES * 60_000) {
            throw new APIError('FORBIDDEN', {
              code: 'REAUTHENTICATION_REQUIRED',
              message: 'Sign in again to change your email address.',
            });
          }
        }
        if (ctx.path === '/change-password') {
          const policy = passwordPolicyError(body.newPassword);
          if (policy) throw policy;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError;
        const clientIp = header(ctx.request, CLIENT_IP_HEADER);
        const requestId = header(ctx.request, REQUEST_ID_HEADER);
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-in/email' && typeof body.email === 'string') {
          const email = body.email.toLowerCase();
          const key = accountThrottleKey(email);
          const user = ctx.context.newSession?.user;
          if (failed && (returned.status === 'UNAUTHORIZED' || returned.statusCode === 401)) {
            await recordFailure(db, key, now(), backoff);
          } else if (!failed && header(ctx.request, ACCOUNT_FAILURES_HEADER)) {
            await clearThrottle(db, key);
          }
          await recordAudit(db, {
            action: 'auth.sign-in',
            outcome: failed ? 'failure' : 'success',
            actorUserId: user?.id ?? null,
            targetType: 'user',
            targetId: user?.id ?? null,
            clientIp,
            requestId,
            metadata: failed ? { email, code: returned.body?.code ?? null } : {},
          });
          return;
        }
        const session = ctx.context.session ?? ctx.context.newSession;
        const actorUserId = session?.user.id ?? null;
        const audited: Record<string, string> = {
          '/change-password': 'auth.password.change',
          '/two-factor/enable': 'auth.mfa.enable-started',
          '/two-factor/verify-totp': 'auth.mfa.verify',
          '/two-factor/disable': 'auth.mfa.disable',
          '/two-factor/generate-backup-codes': 'auth.mfa.backup-codes',
          '/two-factor/verify-backup-code': 'auth.mfa.backup-code-used',
          '/sign-out': 'auth.sign-out',
          '/revoke-session': 'auth.session.revoke',
          '/revoke-other-sessions': 'auth.session.revoke-others',
          '/change-email': 'auth.email.change',
          '/demo/sign-in': 'auth.demo-sign-in',
        };
        const action = audited[ctx.path];
        if (action) {
          await recordAudit(db, {
            action,
            outcome: failed ? 'failure' : 'success',
            actorUserId,
            targetType: 'user',
            targetId: actorUserId,
            clientIp,
            requestId,
          });
        }
      }),
    },
    plugins: [
      twoFactor({
        issuer: PRODUCT_NAME,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      demoPlugin,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

export function demoUserId(role: Role): string {
  return DEMO_USER_IDS[role];
}
