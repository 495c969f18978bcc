import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.ts';

// What keeps the site running: background job runs, site settings, the app's own secrets,
// rate limits, the audit log, and the backups taken.

/**
 * The last run of each background job, whichever instance ran it: the schedule screen shows when
 * the scheduler last ran, whether it failed, and when it runs next.
 */
export const jobRuns = pgTable('job_runs', {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
  /** Null when the last run succeeded. */
  lastError: text(),
  intervalMs: integer().notNull(),
});

/** Site-wide settings the coach changes in the admin (newsletter on/off, …); a key, its JSON value. */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Keys the app makes for itself on first use (the HMAC key of unsubscribe links). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every instance (login attempts, contact form). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    windowEndsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_ends_at_idx').on(t.windowEndsAt)],
);

// One row per security-relevant or destructive action (docs/security.md "Audit log"). Append-only
// for the app: a trigger (migration 0009) refuses any UPDATE, and any DELETE of a row younger than
// a year; the housekeeping job deletes older ones. Never a password or a token in `details`.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Who did it; null for a visitor or the system. No foreign key: an entry outlives its account
     * (and a cascade would have to change it); the e-mail is kept as it was then.
     */
    actorId: integer(),
    actorEmail: text(),
    /** e.g. sign_in.success, user.role_changed, post.published, settings.changed, privacy.erased. */
    action: text().notNull(),
    /** What it was done to: a type and an id (user, post, subscriber, setting, email address…). */
    targetType: text(),
    targetId: text(),
    /** ids and old → new values; never a password, token or the erased data itself. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
  ],
);
export type AuditEntry = typeof auditLog.$inferSelect;

export const BACKUP_ENGINES = ['pglite', 'postgres'] as const;

/**
 * Each backup `bun run backup` wrote (scripts/backup.ts), recorded once its file is complete: the
 * files live elsewhere, so this is how the dashboard's setup checklist knows one was taken.
 */
export const backups = pgTable(
  'backups',
  {
    id: serial().primaryKey(),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    engine: text({ enum: BACKUP_ENGINES }).notNull(),
    /** The file's size in bytes. */
    sizeBytes: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [check('backups_engine_check', oneOf('engine', BACKUP_ENGINES)), index('backups_taken_at_idx').on(t.takenAt.desc())],
);
