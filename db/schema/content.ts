import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea, createdAt, oneOf, tsvector } from './columns.ts';

// What the site publishes: posts with their categories, tags, revisions and old slugs, images
// (media and their renditions, older uploads), testimonials, and the backlog of topics to write.

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

export const TOPIC_STATUSES = ['pending', 'processing', 'drafted'] as const;

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

export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

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

export type Category = typeof categories.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Tag = typeof tags.$inferSelect;
export type BacklogTopic = typeof backlogTopics.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
export type PostRevision = typeof postRevisions.$inferSelect;
export type Media = typeof media.$inferSelect;
