// Scheduled publishing (docs/decisions.md "Scheduled posts"; docs/reliability.md, tests 7 and 11): a due post with
// auto-publish on becomes published with publishedAt = scheduledFor, exactly once, however many
// runs race for it.
import { afterEach, describe, expect, spyOn, test } from 'bun:test';
import { eq, inArray } from 'drizzle-orm';
import { posts } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { installDatabase } from '#server/db.ts';
import { InvalidEnvironmentError, parseEnv } from '#server/env.ts';
import { startScheduler } from '#server/jobs/publish-scheduled.ts';
import { publishDuePosts } from '#server/services/posts/writes.ts';
import { typedApi } from '../helpers/api.ts';
import { request } from '../helpers/app.ts';
import { signedIn } from '../helpers/auth.ts';
import { createTestDatabase, setupTestDatabase } from '../helpers/database.ts';
import { createPost } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

const MINUTE = 60_000;
// Whole milliseconds: what both engines store and return without rounding.
const minutesFromNow = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + minutes * MINUTE);

const scheduledPost = (scheduledFor: Date, autoPublish = true) => createPost(db(), { published: false, scheduledFor, autoPublish });
const stored = async (id: number) => (await db().select().from(posts).where(eq(posts.id, id)))[0]!;

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the scheduler');
    await Bun.sleep(20);
  }
}

let stopScheduler: (() => void) | undefined;
afterEach(async () => {
  stopScheduler?.();
  stopScheduler = undefined;
  // Leave nothing due behind for the next test's counts.
  await publishDuePosts();
});

describe('publishDuePosts', () => {
  test('publishes a due post with publishedAt = scheduledFor, and the public API shows it', async () => {
    const scheduledFor = minutesFromNow(-5);
    const post = await scheduledPost(scheduledFor);
    expect((await request(`/api/blog-posts/${post.slug}`)).status).toBe(404);
    const ticket = pageCache.ticket();

    expect(await publishDuePosts()).toBe(1);

    const row = await stored(post.id);
    expect(row.published).toBe(true);
    expect(row.publishedAt).toEqual(scheduledFor);
    expect(row.updatedAt.getTime()).toBeGreaterThan(post.updatedAt.getTime() - 1);
    expect(pageCache.ticket()).toBeGreaterThan(ticket);
    expect((await request(`/api/blog-posts/${post.slug}`)).status).toBe(200);
  });

  test('leaves alone a post due in the future, one without auto-publish, and one already published', async () => {
    const future = await scheduledPost(minutesFromNow(10));
    const manual = await scheduledPost(minutesFromNow(-10), false);
    const firstDate = minutesFromNow(-60);
    const alreadyOut = await createPost(db(), {
      published: true,
      publishedAt: firstDate,
      scheduledFor: minutesFromNow(-5),
      autoPublish: true,
    });
    const ticket = pageCache.ticket();

    expect(await publishDuePosts()).toBe(0);

    expect(await stored(future.id)).toMatchObject({ published: false, publishedAt: null });
    expect(await stored(manual.id)).toMatchObject({ published: false, publishedAt: null });
    expect((await stored(alreadyOut.id)).publishedAt).toEqual(firstDate);
    // Nothing changed, so the page caches are left warm.
    expect(pageCache.ticket()).toBe(ticket);
    expect((await request(`/api/blog-posts/${future.slug}`)).status).toBe(404);
  });

  test('is idempotent: a second run finds nothing and changes nothing', async () => {
    const post = await scheduledPost(minutesFromNow(-1));
    expect(await publishDuePosts()).toBe(1);
    const after = await stored(post.id);
    expect(await publishDuePosts()).toBe(0);
    expect(await stored(post.id)).toEqual(after);
  });

  test('5 due posts and 5 simultaneous runs: each post published exactly once, 5 in total', async () => {
    const due = await Promise.all([1, 2, 3, 4, 5].map((n) => scheduledPost(minutesFromNow(-n))));
    const counts = await Promise.all([1, 2, 3, 4, 5].map(() => publishDuePosts()));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(5);
    const rows = await db()
      .select()
      .from(posts)
      .where(
        inArray(
          posts.id,
          due.map((post) => post.id),
        ),
      );
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.published).toBe(true);
      expect(row.publishedAt).toEqual(row.scheduledFor);
    }
  });

  test('a schedule saved with a non-UTC offset is published at that instant', async () => {
    const admin = await signedIn(db(), 'admin');
    const response = await typedApi(() => ({ Cookie: admin.cookie })).adminApi['blog-posts'].$post({
      json: { title: 'Offset Schedule', content: 'Body.', scheduledFor: '2020-06-01T09:30:00+05:30', autoPublish: true },
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(await publishDuePosts()).toBe(1);
    expect((await stored(id)).publishedAt).toEqual(new Date('2020-06-01T04:00:00Z'));
  });
});

describe('startScheduler', () => {
  test('runs at once, then every interval, until stopped', async () => {
    const first = await scheduledPost(minutesFromNow(-1));
    stopScheduler = startScheduler(100);
    await waitFor(async () => (await stored(first.id)).published);

    const second = await scheduledPost(minutesFromNow(-1));
    await waitFor(async () => (await stored(second.id)).published);

    stopScheduler();
    const third = await scheduledPost(minutesFromNow(-1));
    await Bun.sleep(300);
    expect((await stored(third.id)).published).toBe(false);
  });

  test('a failing run is logged and swallowed; the next run tries again', async () => {
    const broken = await createTestDatabase();
    await broken.close();
    const errors = spyOn(console, 'error').mockImplementation(() => {});
    try {
      installDatabase(broken);
      stopScheduler = startScheduler(100);
      await waitFor(async () => errors.mock.calls.length >= 2);
      const logged = String(errors.mock.calls[0]![0]);
      expect(JSON.parse(logged)).toMatchObject({ level: 'error', event: 'scheduled_publishing_failed' });
    } finally {
      stopScheduler?.();
      stopScheduler = undefined;
      installDatabase(testDb.handle);
      errors.mockRestore();
    }
    // The process and the app's database carry on.
    const post = await scheduledPost(minutesFromNow(-1));
    expect(await publishDuePosts()).toBe(1);
    expect((await stored(post.id)).published).toBe(true);
  });
});

describe('SCHEDULER_INTERVAL_MS', () => {
  test('defaults to 30 seconds and accepts 100 ms to 1 hour', () => {
    expect(parseEnv({}).SCHEDULER_INTERVAL_MS).toBe(30_000);
    expect(parseEnv({ SCHEDULER_INTERVAL_MS: '' }).SCHEDULER_INTERVAL_MS).toBe(30_000);
    expect(parseEnv({ SCHEDULER_INTERVAL_MS: '100' }).SCHEDULER_INTERVAL_MS).toBe(100);
    expect(parseEnv({ SCHEDULER_INTERVAL_MS: '3600000' }).SCHEDULER_INTERVAL_MS).toBe(3_600_000);
  });

  for (const value of ['99', '3600001', '1.5', 'soon', '-1']) {
    test(`refuses ${JSON.stringify(value)}, naming the variable`, () => {
      expect(() => parseEnv({ SCHEDULER_INTERVAL_MS: value })).toThrow(InvalidEnvironmentError);
      expect(() => parseEnv({ SCHEDULER_INTERVAL_MS: value })).toThrow(/SCHEDULER_INTERVAL_MS/);
    });
  }
});
