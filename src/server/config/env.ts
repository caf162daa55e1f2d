import { z } from 'zod';
import { SocialLinkSchema, OfficeSchema } from '../../shared/contracts/site.js';

/**
 * The only reader of process.env. Every variable is documented in docs/configuration.md.
 * A bad or missing value makes loadConfig throw a ConfigError listing every bad key.
 */
const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  OFFICES_JSON: jsonFromEnv(z.array(OfficeSchema).max(10)).optional(),
  SOCIAL_LINKS_JSON: jsonFromEnv(z.array(SocialLinkSchema).max(10)).optional(),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required when NODE_ENV=production' });
  }
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  /** Demo mode: seeded demo data and development conveniences. On unless NODE_ENV=production. */
  demoMode: boolean;
  pgliteDir: string;
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
  };
}
