import { describe, expect, test } from 'bun:test';
import { and, asc, count, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { backlogTopics, categories, contactMessages, posts, postTags, subscribers, testimonials, users } from '#db/schema.ts';
import { seedDatabase, seedGeneratedPosts } from '#server/seed.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const owner = { email: ' Coach@Example.com ', password: 'Seed-Passw0rd!' };

async function countOf(table: PgTable, where?: SQL) {
  const [row] = await db().select({ n: count() }).from(table).where(where);
  return row!.n;
}

describe('seed', () => {
  test('fills an empty database with the sample site', async () => {
    expect(await seedDatabase(db(), owner)).toBe(true);

    expect(await countOf(categories)).toBeGreaterThanOrEqual(4);
    expect(await countOf(posts, eq(posts.published, true))).toBeGreaterThanOrEqual(12);
    expect(await countOf(posts, and(eq(posts.published, false), eq(posts.autoPublish, false)))).toBe(2);
    expect(await countOf(posts, and(eq(posts.published, false), isNotNull(posts.scheduledFor), eq(posts.autoPublish, true)))).toBe(1);
    expect(await countOf(testimonials)).toBe(3);
    expect(await countOf(subscribers)).toBe(3);
    expect(await countOf(contactMessages)).toBe(4);
    expect(await countOf(contactMessages, eq(contactMessages.isRead, true))).toBeGreaterThan(0);
    expect(await countOf(contactMessages, eq(contactMessages.isRead, false))).toBeGreaterThan(0);
    expect(await countOf(postTags)).toBeGreaterThan(0);

    const topics = await db().select().from(backlogTopics).orderBy(asc(backlogTopics.priority));
    expect(topics.map((topic) => topic.priority)).toEqual([0, 1, 2, 3, 4]);
    expect(topics.every((topic) => topic.status === 'pending')).toBe(true);
  });

  test('published posts span several categories and dates, each with a Markdown body', async () => {
    const published = await db().select().from(posts).where(eq(posts.published, true));
    expect(new Set(published.map((post) => post.categoryId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(published.map((post) => post.publishedAt!.toDateString())).size).toBe(published.length);
    for (const post of published) {
      expect(post.imageUrl).toBe(`/api/posts/${post.slug}/cover.svg`);
      expect(post.content).toContain('## ');
      expect(post.content).toMatch(/^> /m);
      expect(post.content).toMatch(/^(\s*[-*] |\s*\d+\. )/m);
      expect(post.content).toMatch(/\]\((https:\/\/|\/)/);
    }
    const scheduled = await db().select().from(posts).where(isNotNull(posts.scheduledFor));
    expect(scheduled[0]!.scheduledFor!.getTime()).toBeGreaterThan(Date.now());
  });

  test('creates the owner admin with a normalised e-mail and an argon2id hash', async () => {
    const [stored] = await db().select().from(users);
    expect(stored).toMatchObject({ email: 'coach@example.com', role: 'admin', isOwner: true });
    expect(stored!.passwordHash).toStartWith('$argon2id$');
    expect(await Bun.password.verify(owner.password, stored!.passwordHash)).toBe(true);
  });

  test('does nothing on a database that already has content', async () => {
    const before = await countOf(posts);
    expect(await seedDatabase(db(), { email: 'other@example.com', password: 'Other-Passw0rd!' })).toBe(false);
    expect(await countOf(posts)).toBe(before);
    expect(await countOf(users)).toBe(1);
  });

  test('--posts N adds N published posts with distinct slugs', async () => {
    const before = await countOf(posts, eq(posts.published, true));
    expect(await seedGeneratedPosts(db(), 25)).toBe(25);
    expect(await countOf(posts, eq(posts.published, true))).toBe(before + 25);
    expect(await seedGeneratedPosts(db(), 3)).toBe(3);
  });
});
