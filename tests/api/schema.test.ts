import { describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import {
  backlogTopics,
  categories,
  contactMessages,
  posts,
  postTags,
  sessions,
  tags,
  testResults,
  testRuns,
  testSuites,
  uploads,
  users,
} from '#db/schema.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}-${crypto.randomUUID().slice(0, 8)}`;

const newUser = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  db()
    .insert(users)
    .values({ email: `${unique('user')}@example.com`, passwordHash: 'x', ...overrides })
    .returning()
    .then((rows) => rows[0]!);

const newCategory = () =>
  db()
    .insert(categories)
    .values({ name: unique('Category'), slug: unique('category') })
    .returning()
    .then((rows) => rows[0]!);

const newPost = (overrides: Partial<typeof posts.$inferInsert> = {}) =>
  db()
    .insert(posts)
    .values({ slug: unique('post'), title: 'A title', content: 'Body', ...overrides })
    .returning()
    .then((rows) => rows[0]!);

/** Postgres error code of a failed statement (drizzle wraps the driver's error as `cause`). */
async function failureCode(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
  return undefined;
}

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';
const NOT_NULL_VIOLATION = '23502';
const FOREIGN_KEY_VIOLATION = '23503';

describe('users', () => {
  test('e-mails are unique regardless of case', async () => {
    const user = await newUser();
    expect(await failureCode(newUser({ email: user.email.toUpperCase() }))).toBe(UNIQUE_VIOLATION);
  });

  test('a role other than admin or user is refused', async () => {
    expect(await failureCode(newUser({ role: 'owner' as 'admin' }))).toBe(CHECK_VIOLATION);
  });

  test('there is at most one owner, and the owner is an admin', async () => {
    await newUser({ role: 'admin', isOwner: true });
    expect(await failureCode(newUser({ role: 'admin', isOwner: true }))).toBe(UNIQUE_VIOLATION);
    await db().delete(users).where(eq(users.isOwner, true));
    expect(await failureCode(newUser({ role: 'user', isOwner: true }))).toBe(CHECK_VIOLATION);
  });

  test("deleting a user deletes their sessions and keeps their uploads' bytes", async () => {
    const user = await newUser();
    await db()
      .insert(sessions)
      .values({ id: unique('session'), userId: user.id, expiresAt: new Date() });
    const [upload] = await db()
      .insert(uploads)
      .values({ id: unique('upload'), contentType: 'image/png', byteSize: 3, bytes: new Uint8Array([1, 2, 3]), uploadedBy: user.id })
      .returning();
    await db().delete(users).where(eq(users.id, user.id));
    const [left] = await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left!.n).toBe(0);
    const [kept] = await db().select().from(uploads).where(eq(uploads.id, upload!.id));
    expect(kept!.uploadedBy).toBeNull();
    expect(Array.from(kept!.bytes)).toEqual([1, 2, 3]);
  });
});

describe('posts', () => {
  test('slugs are unique', async () => {
    const post = await newPost();
    expect(await failureCode(newPost({ slug: post.slug }))).toBe(UNIQUE_VIOLATION);
  });

  test('title and content are required', async () => {
    expect(await failureCode(newPost({ title: null as unknown as string }))).toBe(NOT_NULL_VIOLATION);
    expect(await failureCode(newPost({ content: null as unknown as string }))).toBe(NOT_NULL_VIOLATION);
  });

  test('a published post must have a publication date', async () => {
    expect(await failureCode(newPost({ published: true, publishedAt: null }))).toBe(CHECK_VIOLATION);
    const post = await newPost({ published: true, publishedAt: new Date() });
    expect(post.published).toBe(true);
  });

  test('a post must name an existing category, and outlives its category', async () => {
    expect(await failureCode(newPost({ categoryId: 999_999 }))).toBe(FOREIGN_KEY_VIOLATION);
    const category = await newCategory();
    const post = await newPost({ categoryId: category.id });
    await db().delete(categories).where(eq(categories.id, category.id));
    const [after] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(after!.categoryId).toBeNull();
  });

  test('deleting a post removes its tag links but keeps the tags', async () => {
    const post = await newPost();
    const [tag] = await db()
      .insert(tags)
      .values({ name: unique('Tag') })
      .returning();
    await db().insert(postTags).values({ postId: post.id, tagId: tag!.id });
    await db().delete(posts).where(eq(posts.id, post.id));
    const [links] = await db().select({ n: count() }).from(postTags).where(eq(postTags.tagId, tag!.id));
    expect(links!.n).toBe(0);
    const [stillThere] = await db().select().from(tags).where(eq(tags.id, tag!.id));
    expect(stillThere!.name).toBe(tag!.name);
  });
});

describe('backlog topics', () => {
  test('status, priority and word count are constrained', async () => {
    const topic = { title: 'T', description: 'D', priority: 0 };
    expect(
      await failureCode(
        db()
          .insert(backlogTopics)
          .values({ ...topic, status: 'done' as 'pending' }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await failureCode(
        db()
          .insert(backlogTopics)
          .values({ ...topic, priority: -1 }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await failureCode(
        db()
          .insert(backlogTopics)
          .values({ ...topic, estimatedWordCount: 99 }),
      ),
    ).toBe(CHECK_VIOLATION);
    const [stored] = await db()
      .insert(backlogTopics)
      .values({ ...topic, estimatedWordCount: 100 })
      .returning();
    expect(stored!.status).toBe('pending');
    expect(stored!.tags).toEqual([]);
  });
});

describe('test monitoring', () => {
  test('run and result statuses are constrained, and results go with their run', async () => {
    const [suite] = await db()
      .insert(testSuites)
      .values({ name: unique('Suite'), category: 'api' })
      .returning();
    const run = { suiteId: suite!.id, runBy: 'ci' };
    expect(
      await failureCode(
        db()
          .insert(testRuns)
          .values({ ...run, status: 'done' as 'running' }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await failureCode(
        db()
          .insert(testRuns)
          .values({ ...run, totalTests: 1, passedTests: 2 }),
      ),
    ).toBe(CHECK_VIOLATION);
    const [stored] = await db()
      .insert(testRuns)
      .values({ ...run, totalTests: 1, passedTests: 1 })
      .returning();
    const result = { runId: stored!.id, caseName: 'case' };
    expect(
      await failureCode(
        db()
          .insert(testResults)
          .values({ ...result, status: 'broken' as 'passed' }),
      ),
    ).toBe(CHECK_VIOLATION);
    await db()
      .insert(testResults)
      .values({ ...result, status: 'passed' });
    await db().delete(testSuites).where(eq(testSuites.id, suite!.id));
    const [left] = await db().select({ n: count() }).from(testResults).where(eq(testResults.runId, stored!.id));
    expect(left!.n).toBe(0);
  });
});

describe('contact messages and uploads', () => {
  test('a contact message needs a name, an e-mail and a message, and starts unread', async () => {
    expect(
      await failureCode(
        db()
          .insert(contactMessages)
          .values({ name: 'A', email: null as unknown as string, message: 'm' }),
      ),
    ).toBe(NOT_NULL_VIOLATION);
    const [stored] = await db()
      .insert(contactMessages)
      .values({ name: 'Ada', email: 'ada@example.com', message: 'Hello there, coach.' })
      .returning();
    expect(stored!.isRead).toBe(false);
  });

  test('an upload must be a JPEG, PNG or GIF under 5 MB', async () => {
    const upload = { id: unique('upload'), byteSize: 3, bytes: new Uint8Array([1, 2, 3]) };
    expect(
      await failureCode(
        db()
          .insert(uploads)
          .values({ ...upload, contentType: 'image/svg+xml' as 'image/png' }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await failureCode(
        db()
          .insert(uploads)
          .values({ ...upload, contentType: 'image/png', byteSize: 5_242_880 }),
      ),
    ).toBe(CHECK_VIOLATION);
  });
});

test('applying the migrations again keeps every row', async () => {
  await newUser();
  const [before] = await db().select({ n: count() }).from(users);
  await testDb.handle.migrate();
  const [after] = await db().select({ n: count() }).from(users);
  expect(after!.n).toBe(before!.n);
});
