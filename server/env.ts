import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { passwordSchema } from './auth/password-policy.ts';
import { parseMailbox } from './mail/mailbox.ts';

// The one place that reads process.env for the server: parsed once, every bad
// variable listed, and production refuses to start without the owner's credentials.

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const encryptionKey = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32, {
    error: 'must be 32 random bytes in base64: make one with openssl rand -base64 32',
  });

const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(['development', 'production', 'test'])).transform((value) => value ?? 'development'),
    PORT: optional(z.coerce.number().int().min(1).max(65535)).transform((value) => value ?? 3000),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
    PGLITE_DIR: optional(z.string()).transform((value) => value ?? './.data/pglite'),
    DATABASE_POOL_MAX: optional(z.coerce.number().int().min(1).max(200)).transform((value) => value ?? 10),
    ADMIN_EMAIL: optional(z.email()),
    /** The public origin (https://coach.example); state-changing requests must come from it. */
    SITE_URL: optional(z.url().transform((value) => new URL(value).origin)),
    /** How many reverse proxies in front of the app append to X-Forwarded-For (0: trust none). */
    TRUST_PROXY: optional(z.coerce.number().int().min(0).max(10)).transform((value) => value ?? 0),
    ADMIN_PASSWORD: optional(passwordSchema),
    /** Contact messages accepted per client IP in 10 minutes (docs/security.md#input-validation); raised only for load and fault tests. */
    CONTACT_LIMIT_PER_10_MIN: optional(z.coerce.number().int().min(1).max(1_000_000)).transform((value) => value ?? 5),
    /** Intro calls booked per client IP in an hour; raised only for load and browser tests. */
    BOOKING_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1).max(1_000_000)).transform((value) => value ?? 5),
    /** Sessions one e-mail address may book in 24 hours, from any network (issue 33 §4); raised only for browser and fault tests. */
    BOOKING_LIMIT_PER_ADDRESS_PER_DAY: optional(z.coerce.number().int().min(1).max(1_000_000)).transform((value) => value ?? 3),
    /** How often each instance publishes posts whose schedule has passed (docs/decisions.md: scheduled posts) and queues due intro-call reminders. */
    SCHEDULER_INTERVAL_MS: optional(z.coerce.number().int().min(100).max(3_600_000)).transform((value) => value ?? 30_000),
    /** docs/decisions.md "Draft generation": an OpenAI-compatible endpoint (…/v1); set all three LLM_* or none (then the structured draft is used). */
    LLM_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    LLM_API_KEY: optional(z.string()),
    LLM_MODEL: optional(z.string()),
    /** How long one draft may take from the model before the request answers 504. */
    LLM_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(600_000)).transform((value) => value ?? 20_000),
    /** How long a request body may take to arrive whole before the request answers 408 (docs/reliability.md, test 8). */
    BODY_READ_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000)).transform((value) => value ?? 30_000),
    /** docs/architecture.md "Email": smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465; unset keeps emails in the outbox. */
    SMTP_URL: optional(
      z
        .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)' })
        .refine((value) => new URL(value).hostname !== '', 'must name a host'),
    ),
    /** The sender of every email: "Name" <address>, or a bare address. */
    MAIL_FROM: optional(
      z.string().refine((value) => parseMailbox(value) !== null, 'must be an address, or "Name" <address> (no line breaks)'),
    ),
    /** Emails sent per second, counted across every instance. */
    SMTP_MAX_PER_SECOND: optional(z.coerce.number().int().min(1).max(1_000)).transform((value) => value ?? 5),
    DKIM_DOMAIN: optional(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name (coach.example)')),
    DKIM_SELECTOR: optional(z.string().regex(/^[a-z0-9._-]+$/i, 'must be a DNS label (mail2026)')),
    /** A PEM private key; "\n" stands for a line break, so it fits on one line of an env file. */
    DKIM_PRIVATE_KEY: optional(
      z
        .string()
        .transform((value) => value.replaceAll('\\n', '\n'))
        .refine(isPrivateKey, 'must be a PEM private key (-----BEGIN PRIVATE KEY-----…)'),
    ),
    /** How often each instance looks for due emails. */
    OUTBOX_POLL_MS: optional(z.coerce.number().int().min(50).max(60_000)).transform((value) => value ?? 1_000),
    /** How long a claimed email is held before another instance may send it (an instance killed mid-send). */
    OUTBOX_LEASE_MS: optional(z.coerce.number().int().min(1_000).max(3_600_000)).transform((value) => value ?? 120_000),
    /** The first retry's delay after a temporary failure; each later one doubles, up to an hour. */
    OUTBOX_RETRY_BASE_MS: optional(z.coerce.number().int().min(10).max(3_600_000)).transform((value) => value ?? 30_000),
    /** Memory for each instance's cache of rendered public pages, in MiB; 0 turns the cache off (the benchmark's misses). */
    PAGE_CACHE_MB: optional(z.coerce.number().int().min(0).max(4_096)).transform((value) => value ?? 32),
    /** Processes `bun run start` serves from, on one port (one per core); above 1 needs DATABASE_URL. */
    WEB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)).transform((value) => value ?? 1),
    /** docs: "Encryption at rest": 32 random bytes in base64 (openssl rand -base64 32) that seal session notes. */
    ENCRYPTION_KEY: optional(encryptionKey),
    /** The key before ENCRYPTION_KEY, still read until `bun run rotate-key` has re-encrypted everything with the new one. */
    ENCRYPTION_KEY_PREVIOUS: optional(encryptionKey),
    /** docs/calendars.md: how often each connected calendar is read (once per interval across instances). */
    CALENDAR_READ_INTERVAL_MS: optional(z.coerce.number().int().min(1_000).max(86_400_000)).transform((value) => value ?? 300_000),
    /** How long a calendar may fail to be read before the admin warns and the coach gets an email. */
    CALENDAR_STALE_AFTER_MS: optional(z.coerce.number().int().min(1_000).max(604_800_000)).transform((value) => value ?? 3_600_000),
    /** How long one read or write of a calendar may take, body included. */
    CALENDAR_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(120_000)).transform((value) => value ?? 10_000),
    /** The largest calendar read, in bytes. */
    CALENDAR_MAX_BYTES: optional(z.coerce.number().int().min(1_024).max(100_000_000)).transform((value) => value ?? 5_000_000),
    /** 1: calendars may be on loopback or private networks (a CalDAV server at home; the tests). Off by default (SSRF). */
    CALENDAR_ALLOW_PRIVATE: optional(z.enum(['0', '1'])).transform((value) => value === '1'),
    /** docs/payments.md: the secret API key (sk_live_… or sk_test_…); with STRIPE_WEBHOOK_SECRET it turns paid sessions and packages on. */
    STRIPE_SECRET_KEY: optional(
      z.string().regex(/^(sk|rk)_(live|test)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)'),
    ),
    /** The signing secret of the webhook endpoint (/api/payments/webhook) in Stripe's dashboard. */
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be a webhook signing secret (whsec_…)')),
    /** Where the Stripe API is: Stripe's own unless set (the tests point it at a fake on loopback). */
    STRIPE_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    /** How long a paid session's time is kept for a visitor paying at Stripe before it is offered again. */
    PAYMENT_HOLD_MS: optional(z.coerce.number().int().min(1_000).max(86_400_000)).transform((value) => value ?? 900_000),
    /** Readers a sending newsletter queues per transaction (smaller: a crash mid-queueing is easier to reproduce in a test). */
    NEWSLETTER_BATCH_SIZE: optional(z.coerce.number().int().min(1).max(5_000)).transform((value) => value ?? 500),
  })
  .superRefine((env, ctx) => {
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'above 1 needs DATABASE_URL: the embedded PGlite database is opened by one process only',
      });
    }
    // Half a model configuration is a mistake, not a choice: say so at start rather than quietly
    // falling back to the structured draft.
    const llmKeys = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const;
    if (llmKeys.some((key) => env[key])) {
      for (const key of llmKeys) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any LLM_* variable is set' });
      }
    }
    const dkimKeys = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;
    if (dkimKeys.some((key) => env[key])) {
      for (const key of dkimKeys) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any DKIM_* variable is set' });
      }
    }
    // A provider refuses mail from a sender it does not know: with a server to send through, say who sends.
    if (env.SMTP_URL && !env.MAIL_FROM) ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
    // Checkout without its webhook would take money and never book: both or neither.
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      const missing = env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other STRIPE_* secret is set' });
    }
    if (env.ENCRYPTION_KEY_PREVIOUS && !env.ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['ENCRYPTION_KEY'], message: 'is required when ENCRYPTION_KEY_PREVIOUS is set (the new key)' });
    }
    if (env.ENCRYPTION_KEY_PREVIOUS && env.ENCRYPTION_KEY_PREVIOUS === env.ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['ENCRYPTION_KEY_PREVIOUS'], message: 'must differ from ENCRYPTION_KEY' });
    }
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
  });

function isPrivateKey(pem: string): boolean {
  try {
    createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new InvalidEnvironmentError(`Invalid environment:\n${problems.join('\n')}`);
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forgets the parsed environment so the next env() reads process.env again. Tests only. */
export function resetEnvCache(): void {
  cached = undefined;
}
