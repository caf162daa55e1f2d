import { z } from 'zod';
import { SocialLinkSchema, OfficeSchema } from '../../shared/contracts/site.js';

/**
 * The only reader of process.env. Every variable is documented in docs/configuration.md.
 * A bad or missing value makes loadConfig throw a ConfigError listing every bad key.
 */
const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list of values each matching `pattern` (blanks around commas ignored). */
const commaList = (pattern: RegExp) =>
  z
    .string()
    .trim()
    .max(2000)
    .transform((text) => text.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(pattern, `each must match ${pattern.source}`)).min(1).max(10));

const jsonFromEnv = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .trim()
    .max(10_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).max(255).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().max(500).optional(),
  DATA_DIR: z.string().trim().min(1).max(1000).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .max(2000)
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** The realtime listener's own connection (direct or session-pooled); DATABASE_URL when unset. */
  DATABASE_LISTEN_URL: z
    .string()
    .trim()
    .max(2000)
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(32),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().trim().min(1).max(1000).default('./build/web/client'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  TRUST_PROXY: boolFromEnv.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DEMO_MODE: boolFromEnv.optional(),
  SEED_DEMO_DATA: boolFromEnv.default(true),
  NEWSLETTER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Contact messages and demo requests accepted per client address per minute. */
  ENQUIRY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(5),
  /** Where new contact messages and demo requests are announced (unset: only listed at /admin/enquiries). */
  ENQUIRIES_NOTIFY_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
  /** Cookie-consent saves per client address per minute (analytics events: six times as many). */
  CONSENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  SMTP_URL: z
    .string()
    .trim()
    .max(2000)
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).default('Tendwell <no-reply@tendwell.app>'),
  CONTACT_EMAIL: z.string().trim().max(254).pipe(z.email()).default('hello@tendwell.app'),
  CONTACT_PHONES: z
    .string()
    .trim()
    .max(200)
    .default('+234 1 700 0100,+44 20 7946 0100')
    .transform((v) => v.split(',').map((p) => p.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(3).max(40)).min(1).max(4)),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').max(500).optional(),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().min(0.01).max(24 * 90).default(12),
  SESSION_IDLE_MINUTES_STAFF: z.coerce.number().min(1).max(24 * 60).default(30),
  SESSION_IDLE_MINUTES: z.coerce.number().min(0).max(24 * 60 * 90).default(0),
  AUTH_REAUTH_MINUTES: z.coerce.number().min(1).max(24 * 60).default(10),
  AUTH_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  AUTH_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  AUTH_ACCOUNT_BACKOFF_MAX_MINUTES: z.coerce.number().min(0.01).max(24 * 60).default(15),
  AUTH_MAIL_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1_048_576)
    .refine((n) => (n & (n - 1)) === 0, 'must be a power of two')
    .default(16_384),
  PASSWORD_HASH_PARALLELISM: z.coerce.number().int().min(1).max(64).default(5),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().trim().min(1).max(1000).optional(),
  S3_ENDPOINT: z.url().max(500).optional(),
  S3_REGION: z.string().trim().min(1).max(100).default('us-east-1'),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).max(500).optional(),
  AVATAR_MAX_BYTES: z.coerce.number().int().min(1024).max(20 * 1024 * 1024).default(2 * 1024 * 1024),
  USAGE_METRICS_INTERVAL_MINUTES: z.coerce.number().min(0.05).max(24 * 60).default(60),
  AVAILABILITY_REFRESH_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  REMINDER_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  APPOINTMENT_EMAIL_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(15),
  WAITLIST_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  MESSAGE_EMAIL_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** Video visits: how long someone whose last socket on the visit closed still counts as here (a reload, a reconnect). Keep it above 15 s (the presence refresh) with several processes. */
  TELEHEALTH_PRESENCE_GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** …and how long after the last person left a started visit it ends by itself. */
  TELEHEALTH_EMPTY_END_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** How often the presence job runs (besides being woken when a grace runs out). */
  TELEHEALTH_PRESENCE_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(15),
  MESSAGE_UNREAD_EMAIL_MINUTES: z.coerce.number().min(1).max(1440).default(15),
  MESSAGE_ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1024).max(26_214_400).default(10_485_760),
  /** The /ws WebSocket: largest frame accepted at all (a larger one closes the socket with 1009). */
  REALTIME_MAX_PAYLOAD_BYTES: z.coerce.number().int().min(4096).max(1024 * 1024).default(64 * 1024),
  /** Frames a socket may send a second (token bucket, same burst); sustained excess closes it with 1008. */
  REALTIME_FRAMES_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Protocol pings every this many seconds; a socket that misses two answers is terminated. */
  REALTIME_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(25),
  /** Open sockets' sessions are re-checked this often; an ended session's sockets close with 4401. */
  REALTIME_SESSION_CHECK_SECONDS: z.coerce.number().min(0.05).max(3600).default(60),
  /** Sockets one person may hold open on one process (one per tab). */
  REALTIME_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Video visits' ICE servers. None by default: browsers on one network connect through their host
   * candidates. STUN and TURN URLs are comma-separated (stun:host:3478, turn:host:3478?transport=udp,
   * turns:host:5349). TURN needs TELEHEALTH_TURN_SECRET, coturn's `static-auth-secret`
   * (use-auth-secret): each person gets credentials valid for TELEHEALTH_TURN_TTL_SECONDS.
   */
  TELEHEALTH_STUN_URLS: commaList(/^stuns?:[^\s,]+$/).optional(),
  TELEHEALTH_TURN_URLS: commaList(/^turns?:[^\s,]+$/).optional(),
  TELEHEALTH_TURN_SECRET: z.string().trim().min(16).max(500).optional(),
  TELEHEALTH_TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  OFFICES_JSON: jsonFromEnv(z.array(OfficeSchema).max(10)).optional(),
  SOCIAL_LINKS_JSON: jsonFromEnv(z.array(SocialLinkSchema).max(10)).optional(),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required when NODE_ENV=production' });
  }
  if (env.TELEHEALTH_TURN_URLS && !env.TELEHEALTH_TURN_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['TELEHEALTH_TURN_SECRET'], message: 'is required with TELEHEALTH_TURN_URLS' });
  }
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when NODE_ENV=production' });
  }
  if (env.STORAGE_DRIVER === 's3') {
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=s3' });
    }
  }
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  /** Demo mode: seeded demo data and development conveniences. On unless NODE_ENV=production. */
  demoMode: boolean;
  pgliteDir: string;
  /** Where the local storage driver keeps files (STORAGE_DIR, else DATA_DIR/files). */
  storageDir: string;
}

export class ConfigError extends Error {
  constructor(public readonly issues: { key: string; message: string }[]) {
    super(
      'Invalid configuration:\n' + issues.map((i) => `  ${i.key}: ${i.message}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as unset so `FOO=` falls back to the default.
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const byKey = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '(root)');
      if (!byKey.has(key)) byKey.set(key, issue.message);
    }
    throw new ConfigError([...byKey].map(([key, message]) => ({ key, message })));
  }
  const env = parsed.data;
  return {
    ...env,
    demoMode: env.DEMO_MODE ?? env.NODE_ENV !== 'production',
    pgliteDir: `${env.DATA_DIR.replace(/\/+$/, '')}/pglite`,
    storageDir: env.STORAGE_DIR ?? `${env.DATA_DIR.replace(/\/+$/, '')}/files`,
  };
}
