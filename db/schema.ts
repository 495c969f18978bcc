import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The single source of tables and row types. Columns are snake_case in the
// database (drizzle `casing`), camelCase in TypeScript.

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Lists the allowed values of an enumerated text column as a check constraint. */
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const USER_ROLES = ['admin', 'user'] as const;
export const TOPIC_STATUSES = ['pending', 'processing', 'drafted'] as const;
export const TEST_RUN_STATUSES = ['running', 'completed'] as const;
export const TEST_RESULT_STATUSES = ['passed', 'failed', 'skipped'] as const;
export const TEST_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: USER_ROLES }).notNull().default('user'),
    // docs/decisions.md: the owner is the first admin created at bootstrap; never deleted or demoted.
    isOwner: boolean().notNull().default(false),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // E-mails are compared case-insensitively, so uniqueness is on the lowercased value.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_single_owner').on(t.isOwner).where(sql`${t.isOwner}`),
    check('users_role_check', oneOf('role', USER_ROLES)),
    check('users_owner_is_admin', sql`not ${t.isOwner} or ${t.role} = 'admin'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // hex SHA-256 of the token; the token itself is never stored.
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** The browser it was made in (truncated), for the account page's list of sessions. */
    userAgent: text(),
    /** Last request seen, written at most once a minute. */
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** An admin's TOTP second factor (RFC 6238): set up first, confirmed by a code, then required at sign-in. */
export const userTotp = pgTable('user_totp', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The shared secret (base32, as the authenticator app was given it). */
  secret: text().notNull(),
  /** Null while being set up: the factor counts only once a code has confirmed it. */
  confirmedAt: timestamp({ withTimezone: true }),
  /** The time step of the last code accepted: a code is never accepted twice. */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten one-time recovery codes per account with 2FA, stored as hashes; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull().unique(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A password accepted for an account with 2FA: the second step's short-lived ticket (stored as its hash). */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  slug: text().notNull().unique(),
});

/** A category's earlier slugs: `/blog?category=old` answers a 301 to its current slug. */
export const categorySlugRedirects = pgTable(
  'category_slug_redirects',
  {
    slug: text().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('category_slug_redirects_category_idx').on(t.categoryId)],
);

export const posts = pgTable(
  'posts',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text().notNull().default(''),
    content: text().notNull(),
    imageUrl: text(),
    customImage: text(),
    // A category may be removed without losing its posts: they become uncategorised.
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    featured: boolean().notNull().default(false),
    published: boolean().notNull().default(false),
    scheduledFor: timestamp({ withTimezone: true }),
    autoPublish: boolean().notNull().default(false),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Bumped by every write: a save based on an older version is refused (409), never a silent overwrite.
    version: integer().notNull().default(1),
    // The body rendered from Markdown when it is saved, so a page view does not render it again.
    // Null until the next save (or the start-up backfill) renders it.
    contentHtml: text(),
    // Full-text search over every post: title first, then excerpt, then body.
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', ${posts.title}), 'A') || setweight(to_tsvector('english', ${posts.excerpt}), 'B') || setweight(to_tsvector('english', ${posts.content}), 'C')`,
    ),
  },
  (t) => [
    check('posts_published_has_date', sql`not ${t.published} or ${t.publishedAt} is not null`),
    index('posts_search_idx').using('gin', t.search),
    // The admin list: newest created first, with its status filters.
    index('posts_admin_recent_idx').on(t.createdAt.desc(), t.id.desc()),
    // The Draft and Scheduled filters: the same order over the few unpublished posts, so a page
    // of them is not found by walking past every published one.
    index('posts_admin_unpublished_recent_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`not ${t.published}`),
    // Its search (`title or excerpt ilike '%term%'`): trigram indexes (pg_trgm) find the matches
    // without reading every post.
    index('posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('posts_excerpt_trgm_idx').using('gin', t.excerpt.op('gin_trgm_ops')),
    // Public reads: newest published first, overall and per category (slug lookups use the unique index).
    // The id breaks ties in every public order (`published_at desc, id desc`), so it is in the index
    // too: a page of the list is then read from the index, not by sorting every published post.
    // Nulls first, as a plain `desc` orders them: otherwise Postgres cannot read the order from the index.
    index('posts_published_order_idx').on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.published}`),
    index('posts_category_published_order_idx')
      .on(t.categoryId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published}`),
    // The scheduler looks only at unpublished posts waiting for their time.
    index('posts_due_idx').on(t.scheduledFor).where(sql`not ${t.published} and ${t.autoPublish}`),
  ],
);

/**
 * Earlier slugs of posts that were public under them: /blog/{slug} answers a 301 to the post's
 * current address, so shared links keep working after a rename.
 */
export const postSlugRedirects = pgTable(
  'post_slug_redirects',
  {
    slug: text().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('post_slug_redirects_post_idx').on(t.postId)],
);

export const REVISION_KINDS = ['save', 'autosave', 'restore'] as const;

/**
 * A post's history: every explicit save, every autosave (the editor's work in progress, which
 * never changes the post itself) and every restore. Old autosaves are thinned; the others stay.
 */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: serial().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    kind: text({ enum: REVISION_KINDS }).notNull(),
    // Who wrote it; the name stays readable after the account is removed.
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    // The post's version this revision was written from (an autosave is pending while it matches).
    baseVersion: integer().notNull(),
    title: text().notNull(),
    excerpt: text().notNull(),
    content: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('post_revisions_kind_check', oneOf('kind', REVISION_KINDS)),
    index('post_revisions_post_recent_idx').on(t.postId, t.createdAt.desc()),
  ],
);

export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
export const RENDITION_FORMATS = ['webp', 'avif'] as const;

/**
 * Images uploaded for posts: the original with its metadata (EXIF, GPS) stripped, its size, and
 * the alt text given at upload (empty only when marked decorative).
 */
export const media = pgTable(
  'media',
  {
    // Random, unguessable id used in the public URL.
    id: text().primaryKey(),
    contentType: text({ enum: MEDIA_TYPES }).notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byteSize: integer().notNull(),
    bytes: bytea().notNull(),
    alt: text().notNull().default(''),
    decorative: boolean().notNull().default(false),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('media_content_type_check', oneOf('content_type', MEDIA_TYPES)),
    check('media_alt_check', sql`${t.decorative} or length(trim(${t.alt})) > 0`),
    index('media_recent_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Resized copies of an image, served with srcset: one per width and format. */
export const mediaRenditions = pgTable(
  'media_renditions',
  {
    mediaId: text()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    format: text({ enum: RENDITION_FORMATS }).notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byteSize: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.format, t.width] }),
    check('media_renditions_format_check', oneOf('format', RENDITION_FORMATS)),
  ],
);

export const tags = pgTable('tags', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
});

export const postTags = pgTable(
  'post_tags',
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index('post_tags_tag_id_idx').on(t.tagId)],
);

/** How a client agreed to be quoted; 'before-tracking' only marks rows that predate consent records (migration 0010). */
export const TESTIMONIAL_CONSENT_METHODS = ['in-writing', 'email', 'verbal', 'before-tracking'] as const;

// The home page shows a testimonial only while it is visible and its consent is on record
// (src/schemas/testimonial.ts); position orders them there and in the admin list.
export const testimonials = pgTable(
  'testimonials',
  {
    id: serial().primaryKey(),
    content: text().notNull(),
    authorName: text().notNull(),
    authorPosition: text().notNull(),
    authorImageUrl: text(),
    position: integer().notNull().default(0),
    visible: boolean().notNull().default(true),
    consentGivenAt: date({ mode: 'string' }),
    consentMethod: text(),
    consentNote: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('testimonials_consent_method_check', oneOf('consent_method', TESTIMONIAL_CONSENT_METHODS)),
    check('testimonials_consent_complete', sql`(${t.consentGivenAt} is null) = (${t.consentMethod} is null)`),
    index('testimonials_position_idx').on(t.position, t.id),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text(),
    message: text().notNull(),
    isRead: boolean().notNull().default(false),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  // The inbox's newest-first pages (`order by created_at desc, id desc`, nulls first as Postgres orders by default).
  (t) => [index('contact_messages_recent_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;

export const subscribers = pgTable(
  'subscribers',
  {
    id: serial().primaryKey(),
    firstName: text(),
    lastName: text(),
    email: text().notNull(),
    /** pending until the emailed link is confirmed; only active ones receive newsletters. */
    status: text({ enum: SUBSCRIBER_STATUSES }).notNull().default('active'),
    /** Where they came from: post, footer, services (the signup forms), import, admin. */
    source: text().notNull().default('admin'),
    /** hex SHA-256 of the confirmation link's token, while pending. */
    confirmTokenHash: text().unique(),
    confirmExpiresAt: timestamp({ withTimezone: true }),
    /** The last confirmation email: at most one an hour per address. */
    confirmSentAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscribers_email_lower_unique').on(sql`lower(${t.email})`),
    check('subscribers_status_check', oneOf('status', SUBSCRIBER_STATUSES)),
    index('subscribers_status_idx').on(t.status, t.id),
    index('subscribers_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const testSuites = pgTable('test_suites', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  category: text().notNull(),
  description: text().notNull().default(''),
  createdAt: createdAt(),
});

export const testCases = pgTable(
  'test_cases',
  {
    id: serial().primaryKey(),
    suiteId: integer()
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    priority: text({ enum: TEST_PRIORITIES }).notNull().default('medium'),
    expectedResult: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('test_cases_suite_name_unique').on(t.suiteId, t.name),
    check('test_cases_priority_check', oneOf('priority', TEST_PRIORITIES)),
  ],
);

export const testRuns = pgTable(
  'test_runs',
  {
    id: serial().primaryKey(),
    suiteId: integer()
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    status: text({ enum: TEST_RUN_STATUSES }).notNull().default('running'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    durationMs: integer(),
    runBy: text().notNull(),
    totalTests: integer().notNull().default(0),
    passedTests: integer().notNull().default(0),
    failedTests: integer().notNull().default(0),
    skippedTests: integer().notNull().default(0),
  },
  (t) => [
    check('test_runs_status_check', oneOf('status', TEST_RUN_STATUSES)),
    check(
      'test_runs_counts_check',
      sql`${t.passedTests} >= 0 and ${t.failedTests} >= 0 and ${t.skippedTests} >= 0
        and ${t.passedTests} + ${t.failedTests} + ${t.skippedTests} <= ${t.totalTests}`,
    ),
    check('test_runs_duration_check', sql`${t.durationMs} is null or ${t.durationMs} >= 0`),
    index('test_runs_suite_started_idx').on(t.suiteId, t.startedAt.desc()),
  ],
);

export const testResults = pgTable(
  'test_results',
  {
    id: serial().primaryKey(),
    runId: integer()
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    // Results keep their own copy of the case's text, so deleting a case keeps run history.
    caseId: integer().references(() => testCases.id, { onDelete: 'set null' }),
    caseName: text().notNull(),
    caseDescription: text().notNull().default(''),
    priority: text({ enum: TEST_PRIORITIES }).notNull().default('medium'),
    status: text({ enum: TEST_RESULT_STATUSES }).notNull(),
    executionTimeMs: integer().notNull().default(0),
    expectedResult: text().notNull().default(''),
    errorMessage: text(),
  },
  (t) => [
    check('test_results_status_check', oneOf('status', TEST_RESULT_STATUSES)),
    check('test_results_priority_check', oneOf('priority', TEST_PRIORITIES)),
    check('test_results_time_check', sql`${t.executionTimeMs} >= 0`),
    index('test_results_run_id_idx').on(t.runId),
  ],
);

export const backlogTopics = pgTable(
  'backlog_topics',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    description: text().notNull(),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    notes: text(),
    estimatedWordCount: integer(),
    targetAudience: text(),
    status: text({ enum: TOPIC_STATUSES }).notNull().default('pending'),
    // When draft generation claimed the topic; a claim older than 10 minutes belongs to a crashed
    // process and the topic counts as pending again.
    processingStartedAt: timestamp({ withTimezone: true }),
    // Position in the backlog, 0..n-1 (docs/product.md §4: reordering assigns the new index).
    priority: integer().notNull(),
    // The draft generated from this topic, once there is one.
    postId: integer().references(() => posts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('backlog_topics_status_check', oneOf('status', TOPIC_STATUSES)),
    check('backlog_topics_priority_check', sql`${t.priority} >= 0`),
    check('backlog_topics_word_count_check', sql`${t.estimatedWordCount} is null or ${t.estimatedWordCount} >= 100`),
    index('backlog_topics_priority_idx').on(t.priority),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    // Random, unguessable id used in the public URL.
    id: text().primaryKey(),
    contentType: text({ enum: UPLOAD_TYPES }).notNull(),
    byteSize: integer().notNull(),
    bytes: bytea().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('uploads_content_type_check', oneOf('content_type', UPLOAD_TYPES)),
    check('uploads_size_check', sql`${t.byteSize} > 0 and ${t.byteSize} < 5242880`),
  ],
);

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

export type User = typeof users.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Tag = typeof tags.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type TestSuite = typeof testSuites.$inferSelect;
export type TestRun = typeof testRuns.$inferSelect;
export type TestResult = typeof testResults.$inferSelect;
export type BacklogTopic = typeof backlogTopics.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type PostRevision = typeof postRevisions.$inferSelect;
export type Media = typeof media.$inferSelect;

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;

/** Every kind of email the site sends: what caused it. */
export const EMAIL_KINDS = [
  'contact_notification',
  'password_reset',
  'password_changed',
  'new_device_sign_in',
  'recovery_code_used',
  'two_factor_disabled',
  'test',
  'newsletter_confirmation',
  'newsletter_test',
  'newsletter',
  'booking_confirmation',
  'booking_moved',
  'booking_notice',
  'booking_moved_notice',
  'booking_cancelled',
  'booking_cancelled_notice',
  'booking_reminder',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

// docs/architecture.md "Email": every email is first a row here, written in the transaction of the
// change that causes it; the worker in each instance claims due rows and records the answer.
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial().primaryKey(),
    /** What caused it (contact_notification, password_reset, …): for the admin list and tests. */
    kind: text({ enum: EMAIL_KINDS }).notNull(),
    /** `<random@host>`: fixed at enqueue, so a resend after a crash can be recognised as the same email. */
    messageId: text().notNull().unique(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /** Extra headers (Reply-To, List-Unsubscribe, …), already free of CR/LF. */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** A calendar invitation sent with it (text/calendar; method=REQUEST or CANCEL). */
    calendar: jsonb().$type<{ method: 'REQUEST' | 'CANCEL'; content: string }>(),
    status: text({ enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Temporary failures are retried until then (a day after queueing, or after the admin's Retry). */
    retryUntil: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '24 hours'`),
    /** While sending: when the claim lapses and another instance may try again. */
    leaseUntil: timestamp({ withTimezone: true }),
    /** When the latest attempt started: the send rate is counted from it across instances. */
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** The SMTP server's answer to the delivery. */
    smtpResponse: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbox_emails_status_check', oneOf('status', OUTBOX_STATUSES)),
    index('outbox_emails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('outbox_emails_lease_idx').on(t.leaseUntil).where(sql`${t.status} = 'sending'`),
    index('outbox_emails_last_attempt_idx').on(t.lastAttemptAt),
    index('outbox_emails_created_idx').on(t.createdAt),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex SHA-256 of the token sent by email; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
export type OutboxEmail = typeof outboxEmails.$inferSelect;

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

export const NEWSLETTER_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;

export const newsletters = pgTable(
  'newsletters',
  {
    id: serial().primaryKey(),
    subject: text().notNull(),
    /** Markdown, rendered by the site's one sanitising pipeline. */
    body: text().notNull(),
    postId: integer().references(() => posts.id, { onDelete: 'set null' }),
    status: text({ enum: NEWSLETTER_STATUSES }).notNull().default('draft'),
    scheduledFor: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('newsletters_status_check', oneOf('status', NEWSLETTER_STATUSES)),
    index('newsletters_status_idx').on(t.status),
    // The newsletters screen's newest-first pages.
    index('newsletters_recent_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** One row per newsletter and subscriber: the unique key is what keeps anyone from getting one twice. */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: serial().primaryKey(),
    newsletterId: integer()
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    subscriberId: integer().references(() => subscribers.id, { onDelete: 'set null' }),
    outboxEmailId: integer().references(() => outboxEmails.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_once').on(t.newsletterId, t.subscriberId),
    index('newsletter_deliveries_outbox_idx').on(t.outboxEmailId),
    index('newsletter_deliveries_subscriber_idx').on(t.subscriberId),
  ],
);

export type Newsletter = typeof newsletters.$inferSelect;

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

// ---- First-party analytics (server/analytics/): cookieless, no IP address stored.

/** Each UTC day's salt for the visitor hash; a day's salt is deleted once the day is over. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date().primaryKey(),
  salt: text().notNull(),
});

/** One public page view, kept 30 days (then only its day's aggregates remain). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    day: date().notNull(),
    path: text().notNull(),
    /** The host of an outside referrer, or null. */
    referrer: text(),
    utmSource: text(),
    device: text().notNull(),
    browser: text().notNull(),
    /** ISO 3166 code from the visitor's time zone, or null. */
    country: text(),
    /** SHA-256 of the day's salt, IP, user agent and site: the same visitor within one day, no one across days. */
    visitor: text().notNull(),
  },
  (t) => [index('analytics_events_day_idx').on(t.day)],
);

/** A past day's figures per dimension (total, path, referrer, utm, device, browser, country). */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date().notNull(),
    dimension: text().notNull(),
    value: text().notNull(),
    views: integer().notNull(),
    visitors: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] })],
);

export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;
export const BOOKING_CANCELLERS = ['visitor', 'coach'] as const;

// Intro calls booked on /book. Two confirmed calls can never overlap: the exclusion constraint
// bookings_no_overlap (added by hand in migration 0008) refuses the second of two racing inserts.
export const bookings = pgTable(
  'bookings',
  {
    id: serial().primaryKey(),
    /** The iCalendar UID: the same for the invitation, its updates and its cancellation. */
    uid: text().notNull().unique(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    name: text().notNull(),
    email: text().notNull(),
    /** What the visitor wants to talk about; null once deleted after the retention period. */
    topic: text(),
    /** The visitor's time zone, for their emails. */
    timeZone: text().notNull(),
    status: text({ enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    /** The iCalendar SEQUENCE: 1 more at each reschedule. */
    sequence: integer().notNull().default(0),
    cancelledBy: text({ enum: BOOKING_CANCELLERS }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** When the 24-hour reminder was queued (or skipped, for a call booked less than a day ahead). */
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('bookings_status_check', oneOf('status', BOOKING_STATUSES)),
    check('bookings_cancelled_by_check', sql`cancelled_by is null or ${oneOf('cancelled_by', BOOKING_CANCELLERS)}`),
    check('bookings_range_check', sql`ends_at > starts_at`),
    index('bookings_starts_idx').on(t.startsAt),
    index('bookings_email_idx').on(t.email),
    index('bookings_reminder_idx').on(t.startsAt).where(sql`${t.remindedAt} is null and ${t.status} = 'confirmed'`),
  ],
);
export type Booking = typeof bookings.$inferSelect;

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
