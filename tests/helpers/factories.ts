// Rows built for one test at a time: unique names, no shared ids.
import type { Database } from '#db/client.ts';
import { categories, posts, postTags, tags, testimonials } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';

let sequence = 0;
export const unique = (prefix: string) => `${prefix}-${++sequence}-${crypto.randomUUID().slice(0, 6)}`;

export async function createCategory(db: Database, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const name = unique('Category');
  const [row] = await db
    .insert(categories)
    .values({ name, slug: name.toLowerCase(), ...overrides })
    .returning();
  // Written around the services, so told to the caches here as a service's write would (content-events.ts).
  pageCache.clear();
  return row!;
}

export async function createPost(db: Database, overrides: Partial<typeof posts.$inferInsert> & { tagNames?: string[] } = {}) {
  const { tagNames = [], ...values } = overrides;
  const published = values.published ?? true;
  const [post] = await db
    .insert(posts)
    .values({
      slug: unique('post'),
      title: unique('Post title'),
      excerpt: 'An excerpt.',
      content: '## Heading\n\nBody text.',
      published,
      publishedAt: published ? new Date() : null,
      ...values,
    })
    .returning();
  for (const name of tagNames) {
    const [tag] = await db.insert(tags).values({ name }).onConflictDoUpdate({ target: tags.name, set: { name } }).returning();
    await db.insert(postTags).values({ postId: post!.id, tagId: tag!.id });
  }
  pageCache.clear();
  return post!;
}

export async function createTestimonial(db: Database, overrides: Partial<typeof testimonials.$inferInsert> = {}) {
  const [row] = await db
    .insert(testimonials)
    .values({
      content: 'Clear, calm and practical.',
      authorName: unique('Author'),
      authorPosition: 'COO',
      // Consented, so it shows on the home page unless a test says otherwise.
      consentGivenAt: '2026-03-03',
      consentMethod: 'email',
      ...overrides,
    })
    .returning();
  return row!;
}
