import { z } from 'zod';
import { TAG_LENGTH_MESSAGE, TAGS_COUNT_MESSAGE, TAGS_MESSAGE, TOPIC_TAG_MAX, TOPIC_TAGS_MAX } from './backlog-topic.ts';
import { recordId } from './record-id.ts';
import { imageUrlSchema } from './user.ts';

// The JSON shapes of posts on the public API (docs/product.md §3, §7).

export interface PostTag {
  id: number;
  name: string;
}

export interface PublicPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  customImage: string | null;
  categoryId: number | null;
  tags: PostTag[];
  featured: boolean;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
}

export interface PublicPostWithContent extends PublicPost {
  content: string;
}

export interface Pagination {
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
}

/** docs/product.md §9: the blog shows 9 posts a page; the API allows 1..50. */
export const BLOG_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 50;

// ---- Admin: the post editor (docs/product.md §5) with the limits of ASVS 2.2.1, docs/security.md, and the JSON it gets back.

export const TITLE_CONTENT_REQUIRED = 'Title and content are required.';
export const SLUG_MESSAGE = 'Slug may contain only lowercase letters, digits and hyphens';
export const CATEGORY_ID_MESSAGE = 'Category must be a category id';
export const SCHEDULE_MESSAGE = 'Schedule must be a date and time';
export const CUSTOM_IMAGE_MESSAGE = 'Custom image must be an http(s) URL or a path on this site';
export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const EXCERPT_MAX = 500;
export const CONTENT_MAX = 200_000;
/** A post's tags share the tags table with the backlog's topics, so they share its limits and messages. */
export const TAGS_MAX = TOPIC_TAGS_MAX;
export const TAG_MAX = TOPIC_TAG_MAX;
export { TAG_LENGTH_MESSAGE, TAGS_COUNT_MESSAGE, TAGS_MESSAGE };

export const VERSION_MESSAGE = 'Version must be a whole number from 1';
export const STALE_VERSION_MESSAGE = 'Someone else saved this post since you opened it';

export const postVersionSchema = z.number(VERSION_MESSAGE).int(VERSION_MESSAGE).min(1, VERSION_MESSAGE).max(2_147_483_647, VERSION_MESSAGE);

/** Tags named twice (in any letter case) are one tag, spelt as first given. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// Latin letters NFKD leaves whole, spelled as people type them without the accent.
const LATIN_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', đ: 'd', ł: 'l', þ: 'th' };

/**
 * docs/product.md §5: lowercase ASCII letters and digits, each run of anything else between them one
 * hyphen, none at the ends, so the result always fits SLUG_PATTERN (or is empty). Punctuation inside
 * a word parts it ("1:1 coaching" → "1-1-coaching", "and/or" → "and-or"; issue 32 §5) except an
 * apostrophe or an underscore, which are dropped ("Coach's" → "coachs"). Accents are split off first,
 * so "Café" keeps its "e".
 * It lives here, not in src/lib, because server/ may import only src/schemas (tests/unit/layers.test.ts).
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[ßæøœđłþ]/g, (letter) => LATIN_LETTERS[letter] ?? '')
    .replace(/['’ʼ_]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export type PostDisplayStatus = 'published' | 'scheduled' | 'draft';

/** docs/product.md §4: Published if published; else Scheduled if a schedule is set; else Draft. */
/**
 * Where a post's generated cover is served: SVG on the site, PNG for social previews (which do not
 * render SVG). A post without a custom image stores the SVG address, so it follows the slug.
 */
/** The share image (og:image) of a post: outside /api/, which robots.txt keeps crawlers out of. */
export const ogImagePath = (slug: string) => `/og/${encodeURIComponent(slug)}.png`;
export const generatedCoverUrl = (slug: string, format: 'svg' | 'png' = 'svg') =>
  format === 'png' ? ogImagePath(slug) : `/api/posts/${encodeURIComponent(slug)}/cover.svg`;

export function displayStatus(post: { published: boolean; scheduledFor: unknown }): PostDisplayStatus {
  if (post.published) return 'published';
  return post.scheduledFor ? 'scheduled' : 'draft';
}

// Postgres and JavaScript agree on every instant in this range; year 0 and the like are refused.
const EARLIEST_SCHEDULE = Date.UTC(1970, 0, 1);
const LATEST_SCHEDULE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const flag = (label: string) => z.boolean(`${label} must be true or false`).default(false);

export const postInputSchema = z
  .object({
    title: z
      .string(TITLE_CONTENT_REQUIRED)
      .trim()
      .min(1, TITLE_CONTENT_REQUIRED)
      .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
    // Not trimmed: leading spaces can be Markdown (an indented code block); blank is still refused.
    content: z
      .string(TITLE_CONTENT_REQUIRED)
      .max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX} characters`)
      .refine((value) => value.trim() !== '', TITLE_CONTENT_REQUIRED),
    /** Absent or empty: the server generates it from the title. */
    slug: z
      .string(SLUG_MESSAGE)
      .trim()
      .max(SLUG_MAX, SLUG_MESSAGE)
      .refine((value) => value === '' || SLUG_PATTERN.test(value), SLUG_MESSAGE)
      .nullish()
      .transform((value) => value || undefined),
    excerpt: z
      .string('Excerpt must be text')
      .trim()
      .max(EXCERPT_MAX, `Excerpt must be at most ${EXCERPT_MAX} characters`)
      .nullish()
      .transform((value) => value ?? ''),
    // docs/product.md §5: an empty category is sent as null.
    categoryId: z
      .union([z.literal('').transform(() => null), z.null(), recordId(CATEGORY_ID_MESSAGE)], CATEGORY_ID_MESSAGE)
      .optional()
      .transform((value) => value ?? null),
    // Empty means "generate a cover" (docs/product.md §2). The rules are imageUrlSchema's, with this field's own message.
    customImage: z
      .union(
        [
          z.null(),
          z
            .string(CUSTOM_IMAGE_MESSAGE)
            .trim()
            .refine((value) => value === '' || imageUrlSchema.safeParse(value).success, CUSTOM_IMAGE_MESSAGE),
        ],
        CUSTOM_IMAGE_MESSAGE,
      )
      .optional()
      .transform((value) => value || null),
    // Absent keeps a stored post's tags (the spec's body has none); a list replaces them.
    tags: z
      .array(z.string(TAGS_MESSAGE).trim().min(1, TAG_LENGTH_MESSAGE).max(TAG_MAX, TAG_LENGTH_MESSAGE), TAGS_MESSAGE)
      .transform(uniqueTags)
      .pipe(z.array(z.string()).max(TAGS_MAX, TAGS_COUNT_MESSAGE))
      .optional(),
    featured: flag('Featured'),
    published: flag('Published'),
    autoPublish: flag('Auto-publish'),
    // docs/product.md §5: an empty schedule is sent as null. An offset is required, so the instant is never ambiguous.
    scheduledFor: z
      .union(
        [
          z.literal(''),
          z.null(),
          z.iso
            .datetime({ offset: true, error: SCHEDULE_MESSAGE })
            .refine((value) => Date.parse(value) >= EARLIEST_SCHEDULE && Date.parse(value) <= LATEST_SCHEDULE, SCHEDULE_MESSAGE),
        ],
        SCHEDULE_MESSAGE,
      )
      .optional()
      .transform((value) => (value ? new Date(value) : null)),
    // The version the editor's text is based on: a save from an older one is refused (409). Absent
    // (the spec's body) saves without the check.
    version: postVersionSchema.optional(),
  })
  .strict();

export type PostInput = z.input<typeof postInputSchema>;
export type PostFields = z.output<typeof postInputSchema>;

export const publishToggleSchema = z.object({ published: z.boolean('Published must be true or false') }).strict();

/** The editor preview: whatever is typed so far, within the editor's limits. */
export const postPreviewSchema = z
  .object({
    title: z.string('Title must be text').max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`).default(''),
    content: z.string('Content must be text').max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX} characters`),
  })
  .strict();

export interface PostPreview {
  html: string;
}

/** A post as every /api/admin/blog-posts endpoint answers it. Dates are ISO 8601 strings. */
export interface AdminPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  imageUrl: string | null;
  customImage: string | null;
  categoryId: number | null;
  categoryName: string | null;
  tags: PostTag[];
  featured: boolean;
  published: boolean;
  scheduledFor: string | null;
  autoPublish: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every write; sent back with a save to refuse one based on an older version. */
  version: number;
  displayStatus: PostDisplayStatus;
}
