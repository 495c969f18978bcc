import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { backlogTopics, categories, contactMessages, posts, subscribers, testimonials, users } from '../db/schema.ts';
import {
  draftPosts,
  publishedPosts,
  scheduledPost,
  seedCategories,
  seedMessages,
  seedSubscribers,
  seedTestimonials,
  seedTopics,
} from '../db/seed-data.ts';
import { CONSENT_BEFORE_TRACKING } from '../src/schemas/testimonial.ts';
import { insertPost, insertPublishedPosts } from './services/posts/writes.ts';

export interface OwnerCredentials {
  email: string;
  password: string;
}

// Any constant shared by every instance: whoever holds it seeds, the others wait and find data.
const SEED_LOCK_KEY = 72_410_001;
const DAY_MS = 86_400_000;

const daysFromNow = (days: number, now: Date) => new Date(now.getTime() + days * DAY_MS);

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Fills an empty database with the sample site and its owner admin. Does nothing (and returns
 * false) when any user, category or post already exists, so it is safe to run at every start.
 */
export async function seedDatabase(db: Database, owner: OwnerCredentials): Promise<boolean> {
  const passwordHash = await Bun.password.hash(owner.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return false;
    const now = new Date();

    await tx.insert(users).values({
      email: owner.email.trim().toLowerCase(),
      passwordHash,
      role: 'admin',
      isOwner: true,
      firstName: 'Site',
      lastName: 'Owner',
    });

    const categoryRows = await tx.insert(categories).values(seedCategories).returning();
    const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));
    const categoryIdOf = (slug: string) => {
      const id = categoryIds.get(slug);
      if (id === undefined) throw new Error(`Seed data names an unknown category: ${slug}`);
      return id;
    };

    const postRows = [
      ...publishedPosts.map((post) => {
        const date = daysFromNow(-post.daysAgo, now);
        return { post, published: true, publishedAt: date, createdAt: date, scheduledFor: null };
      }),
      ...draftPosts.map((post) => ({
        post,
        published: false,
        publishedAt: null,
        createdAt: daysFromNow(-post.daysAgo, now),
        scheduledFor: null,
      })),
      {
        post: scheduledPost,
        published: false,
        publishedAt: null,
        createdAt: now,
        scheduledFor: daysFromNow(3, now),
      },
    ];
    for (const row of postRows) {
      await insertPost(tx, {
        slug: row.post.slug,
        title: row.post.title,
        excerpt: row.post.excerpt,
        content: row.post.content,
        categoryId: categoryIdOf(row.post.category),
        featured: row.post.featured ?? false,
        published: row.published,
        publishedAt: row.publishedAt,
        createdAt: row.createdAt,
        scheduledFor: row.scheduledFor,
        autoPublish: row.scheduledFor !== null,
        tags: row.post.tags,
      });
    }

    // Sample clients, not real ones: shown on a fresh home page as before, and flagged in the
    // admin as having no consent on record, so the coach replaces or hides them.
    await tx.insert(testimonials).values(
      seedTestimonials.map((testimonial, position) => ({
        ...testimonial,
        position,
        consentGivenAt: now.toISOString().slice(0, 10),
        consentMethod: CONSENT_BEFORE_TRACKING,
        consentNote: 'Sample testimonial that came with the site: replace it with a real client’s words, or hide it.',
      })),
    );
    await tx.insert(backlogTopics).values(
      seedTopics.map((topic, index) => ({
        ...topic,
        categoryId: categoryIdOf(topic.category),
        priority: index,
        createdAt: daysFromNow(-(index + 1), now),
      })),
    );
    await tx.insert(subscribers).values(
      seedSubscribers.map(({ daysAgo, ...subscriber }) => ({
        ...subscriber,
        createdAt: daysFromNow(-daysAgo, now),
      })),
    );
    await tx.insert(contactMessages).values(
      seedMessages.map(({ daysAgo, ...message }) => ({
        ...message,
        createdAt: daysFromNow(-daysAgo, now),
      })),
    );
    return true;
  });
}

async function isEmpty(tx: Transaction): Promise<boolean> {
  const [userCount] = await tx.select({ n: count() }).from(users);
  const [categoryCount] = await tx.select({ n: count() }).from(categories);
  const [postCount] = await tx.select({ n: count() }).from(posts);
  return userCount!.n + categoryCount!.n + postCount!.n === 0;
}

const GENERATED_TOPICS = ['Delegation', 'Feedback', 'Strategy', 'Resilience', 'Hiring', 'Focus', 'Trust', 'Change'];

/** Adds `total` generated published posts (for benchmarks); slugs continue after existing ones. */
export async function seedGeneratedPosts(db: Database, total: number): Promise<number> {
  const categoryRows = await db.select({ id: categories.id }).from(categories);
  const [existing] = await db.select({ n: count() }).from(posts);
  const offset = existing!.n;
  const now = Date.now();
  const rows = Array.from({ length: total }, (_, i) => {
    const n = offset + i + 1;
    const topic = GENERATED_TOPICS[n % GENERATED_TOPICS.length]!;
    const publishedAt = new Date(now - n * 3_600_000);
    return {
      slug: `generated-${topic.toLowerCase()}-note-${n}`,
      title: `${topic} for Leaders: Note ${n}`,
      excerpt: `A short, practical note on ${topic.toLowerCase()} for busy leaders (generated sample ${n}).`,
      content: `## Why ${topic.toLowerCase()} matters\n\nSample post ${n} for load tests.\n\n- Notice\n- Decide\n- Act\n\n> Small steps, taken daily, compound.\n`,
      categoryId: categoryRows.length ? categoryRows[n % categoryRows.length]!.id : null,
      published: true,
      publishedAt,
      createdAt: publishedAt,
    };
  });
  await insertPublishedPosts(db, rows);
  return rows.length;
}
