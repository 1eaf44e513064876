import path from 'node:path';
import { CHAT_LIMITS } from '@sonhario/contracts/chat';
import { PLANS, type PlanId } from '@sonhario/contracts/profile';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z.url().optional();

/** Every environment variable the server reads, parsed once. Unknown variables are ignored. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SITE_URL: optionalUrl,
  /** Comma-separated URLs (besides SITE_URL, and loopback when SITE_URL is loopback) that auth may redirect to and CORS admits. */
  ADDITIONAL_REDIRECT_URLS: z
    .string()
    .default('')
    .refine(
      (value) =>
        value
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean)
          .every((u) => URL.canParse(u)),
      'must be a comma-separated list of absolute URLs',
    ),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MASTER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (44 characters)')
    .optional(),
  /** Where users' wrapped data keys live: `files` (DATA_DIR/keystore, the default) or `database` (docs/decisions/009). */
  KEYSTORE: z.enum(['files', 'database']).optional(),
  /** With KEYSTORE=database: a PostgreSQL database of its own for the keys; unset, they go to the main database. */
  KEYSTORE_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  AUTH_AUTOCONFIRM: booleanFromEnv.default(false),
  /** Access-token lifetime in seconds. */
  AUTH_JWT_EXPIRY: z.coerce
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 3600)
    .default(3600),
  /** argon2id memory cost; OWASP's 19 MiB by default. Tests lower it to stay fast. */
  AUTH_ARGON2_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(64)
    .max(4 * 1024 * 1024)
    .default(19456),
  /** Per client IP: token endpoint per 5 min, e-mail link verifications per 5 min, e-mails sent per hour. */
  RATE_LIMIT_TOKEN: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_VERIFY: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_EMAIL_SENT: z.coerce.number().int().min(1).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().default('Sonhário <no-reply@sonhario.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <METRICS_TOKEN>`; unset: 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  AI_PROVIDER: z.enum(['builtin', 'openai', 'anthropic']).default('builtin'),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  /** A provider call (the whole stream) is abandoned after this many milliseconds; nothing is charged. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(90_000),
  /** The builtin analysis is instant; it is revealed over about this long so it reads like the others (0 = at once). */
  AI_BUILTIN_REVEAL_MS: z.coerce.number().int().min(0).max(10_000).default(900),
  /** The chat about dreams (docs/decisions/035): Oracle's fair use, messages per day in the user's zone. */
  CHAT_FAIR_USE_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(CHAT_LIMITS.fairUseMessagesPerDay),
  /** Where users write about their data (LGPD art. 18 requests); shown on the privacy page. Unset: none shown. */
  PRIVACY_CONTACT_EMAIL: z.email('must be an e-mail address').optional(),
  /**
   * Without billing (no STRIPE_SECRET_KEY): the plan accounts get when they are created (docs/decisions/077); unset,
   * Oracle. With billing every account starts on Dreamer until it pays, so only `dreamer` is accepted there.
   */
  DEFAULT_PLAN: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
      z.enum(PLANS, { error: `must be one of ${PLANS.join(', ')}` }),
    )
    .optional(),
  /**
   * Billing (docs/decisions/027): set STRIPE_SECRET_KEY to sell Lucid and Oracle through Stripe. Unset, new accounts
   * get DEFAULT_PLAN and plans are the operator's (`npm run admin -- set-plan`). The webhook secret verifies POST
   * /api/v1/billing/webhook.
   */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The monthly prices (price_…); unset, they are found by lookup key (`npm run admin -- billing-setup`). */
  STRIPE_PRICE_LUCID: z.string().min(1).optional(),
  STRIPE_PRICE_ORACLE: z.string().min(1).optional(),
  /** Where the Stripe API is (tests and stand-ins only); Stripe's own by default. */
  STRIPE_API_URL: optionalUrl,
  /** Where messages sent through 'Ajuda' are e-mailed (besides being kept for `npm run admin -- support`). */
  SUPPORT_EMAIL: z.email('must be an e-mail address').optional(),
  /**
   * Reminders by Web Push (docs/decisions/037): the VAPID key pair (base64url, as `web-push generate-vapid-keys`
   * prints) and the contact the push services see. Unset, a pair is generated on first start into DATA_DIR/secrets.json.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  /** A mailto: or https: URL the push services can reach the operator at; unset: mailto:SMTP_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  /** Tests and local stand-ins only: accept http://127.0.0.1 and http://localhost push endpoints (always on in NODE_ENV=test). */
  PUSH_ALLOW_LOOPBACK: booleanFromEnv.default(false),
  /** How often each instance looks for due reminders (milliseconds). */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /**
   * Dictation (docs/decisions/038): the transcription model of an OpenAI-compatible `/audio/transcriptions` API
   * (whisper-1, a local whisper server's model). Unset: no dictation. Base URL and key default to AI_BASE_URL and
   * AI_API_KEY.
   */
  AI_TRANSCRIPTION_MODEL: z.string().min(1).optional(),
  AI_TRANSCRIPTION_BASE_URL: optionalUrl,
  AI_TRANSCRIPTION_API_KEY: z.string().optional(),
  /**
   * Browser journeys only: a file holding milliseconds added to the services' clock (dates of dreams, streaks,
   * rewards); authentication keeps the real time. Never set in production: it lets whoever writes the file move days.
   */
  TEST_CLOCK_FILE: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

/**
 * `embedded` (the default): a PostgreSQL the server starts itself, its cluster in `dataDir`/postgres (decision 020).
 * `postgres`: a PostgreSQL server of the operator's (DATABASE_URL). `pglite`: the database of an install made before the
 * embedded PostgreSQL (DATA_DIR/pgdata), opened only to move it (decision 072).
 */
export type DatabaseConfig =
  { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** Where users' wrapped data keys are kept: a folder, the main database (url null) or a database of their own. */
export type KeyStoreConfig = { kind: 'files'; dir: string } | { kind: 'database'; url: string | null };

export interface Config {
  env: Env;
  host: string;
  port: number;
  siteUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  keyStore: KeyStoreConfig;
  webDistDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** The plan every account created from now on starts on: DEFAULT_PLAN without billing, Dreamer with it. */
  newAccountPlan: PlanId;
}

/** The server cannot start for a reason the operator must fix; `message` is the one sentence main.ts prints. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Config {
  // `FOO= npm start` means "unset", as in most tools: empty values fall back to the defaults.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const env = parsed.data;
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a key pair) or neither (one is generated)']);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const keyStore = resolveKeyStore(env, dataDir);
  const newAccountPlan = resolveNewAccountPlan(env);
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env,
    host: env.HOST,
    port: env.PORT,
    siteUrl,
    dataDir,
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'embedded', dataDir },
    keyStore,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    logLevel: env.LOG_LEVEL,
    newAccountPlan,
  };
}

/**
 * Without billing, a server's own people get DEFAULT_PLAN (Oracle unless told otherwise: nothing is sold, so nothing
 * is held back). With billing, new accounts are Dreamer until they subscribe: a paid plan given away by default would
 * be silently ignored, so it is refused (docs/decisions/077).
 */
function resolveNewAccountPlan(env: Env): PlanId {
  if (!env.STRIPE_SECRET_KEY) return env.DEFAULT_PLAN ?? 'oracle';
  if (env.DEFAULT_PLAN && env.DEFAULT_PLAN !== 'dreamer') {
    throw new ConfigError([
      'DEFAULT_PLAN: only applies without billing; with STRIPE_SECRET_KEY set, new accounts start on Dreamer until they subscribe (unset DEFAULT_PLAN, or set it to dreamer)',
    ]);
  }
  return 'dreamer';
}

/** KEYSTORE_DATABASE_URL alone implies KEYSTORE=database; with KEYSTORE=files it would be silently ignored, so it is refused. */
function resolveKeyStore(env: Env, dataDir: string): KeyStoreConfig {
  const url = env.KEYSTORE_DATABASE_URL;
  const kind = env.KEYSTORE ?? (url ? 'database' : 'files');
  if (kind === 'files') {
    if (url) throw new ConfigError(['KEYSTORE_DATABASE_URL: only used with KEYSTORE=database (unset one of the two)']);
    return { kind: 'files', dir: path.join(dataDir, 'keystore') };
  }
  if (url && url === env.DATABASE_URL) {
    throw new ConfigError([
      'KEYSTORE_DATABASE_URL: must name a database other than DATABASE_URL (unset it to keep the keys in the main database)',
    ]);
  }
  return { kind: 'database', url: url ?? null };
}
