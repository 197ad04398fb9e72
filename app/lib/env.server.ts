import path from 'node:path'
import { z } from 'zod'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  SUPPORT_EMAIL: z.string().email().default('help@nestlist.example'),
  /** The public origin of every emailed link, e.g. https://nestlist.example; unset: http://HOST:PORT (docs/decisions/034). */
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'PUBLIC_URL must start with http:// or https://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Host names requests may use, comma-separated ('.example.com' for subdomains, '*' for any); unset: see docs/decisions/034. */
  ALLOWED_HOSTS: z
    .string()
    .regex(/^\s*(\*|\.?[A-Za-z0-9.:[\]-]+)(\s*,\s*(\*|\.?[A-Za-z0-9.:[\]-]+))*\s*$/, "ALLOWED_HOSTS must be host names separated by commas, e.g. 'nestlist.example,.nestlist.example'")
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; unset keeps emails in the outbox (/admin/emails). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Feature flag overrides, 'name=on,other=off' (app/modules/config/app-config.ts lists the flags). */
  NESTLIST_FEATURE_FLAGS: z.string().optional(),
  /** Memory for the shared HTTP cache of pages (server/http-cache.ts, docs/decisions/037); 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Amazon Associates tag added to the Amazon cart's 'Check out on Amazon' link; unset: no tag. */
  AMAZON_ASSOCIATE_TAG: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, 'AMAZON_ASSOCIATE_TAG must look like yourtag-20')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Our reverse proxies' addresses or CIDR ranges, comma-separated ('10.0.0.0/8, ::1'): only from these is
   * X-Forwarded-For believed, for the client address that sign-in throttling keys on (docs/decisions/033). Unset: none.
   */
  TRUSTED_PROXIES: z.string().optional(),
  /** Encrypts stored secrets (two-factor). Unset: a random one kept in DATA_DIR/app.secret. */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)').optional().or(z.literal('').transform(() => undefined)),
})

export type Env = z.infer<typeof envSchema> & { dataDir: string }

/** Reads and checks the process environment once; a bad value stops start-up with a clear message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) }
}
