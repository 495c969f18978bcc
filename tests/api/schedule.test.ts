// The schedule screen's API (issue 17: "a month calendar and an agenda list of scheduled and published
// posts (drafts without a date listed beside it); change a post's date from the calendar; shows the
// coach's time zone. The scheduler's health is visible: when it last ran, when it runs next, and any
// post whose time has passed but is not published, with the reason").
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { jobRuns, posts, siteSettings } from '#db/schema.ts';
import { startScheduler } from '#server/jobs/publish-scheduled.ts';
import { recordJobRun, SCHEDULER_JOB } from '#server/services/job-runs.ts';
import { publishDuePosts } from '#server/services/posts/writes.ts';
import { readSchedule } from '#server/services/schedule.ts';
import { MONTH_MESSAGE, RESCHEDULE_PAST, RESCHEDULE_PUBLISHED } from '#src/schemas/schedule.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createPost } from '../helpers/factories.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const expectRefused = refusalChecker(() => db().select().from(posts).orderBy(asc(posts.id)));

const MINUTE = 60_000;
const fromNow = (ms: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + ms);
const getSchedule = (query = '') => request(`/api/admin/schedule${query}`, { headers: admin.headers() });
// The typed client (tests/helpers/api.ts): the schedule as its route declares it. A malformed month
// is sent raw by `getSchedule` above.
const { adminApi } = typedApi(admin.headers);
const fetchSchedule = (query: { month?: string } = {}) => adminApi.schedule.$get({ query });
const scheduleNow = async () => (await fetchSchedule()).json();
const reschedule = (id: number, body: unknown, headers = admin.headers()) =>
  sendJson('PATCH', `/api/admin/schedule/${id}`, body, { headers });
const stored = async (id: number) => (await db().select().from(posts).where(eq(posts.id, id)))[0]!;

beforeEach(async () => {
  await db().delete(posts);
  await db().delete(jobRuns);
  await db().delete(siteSettings);
});

describe('GET /api/admin/schedule', () => {
  test("a month of published and scheduled posts, read in the coach's time zone, with the undated drafts", async () => {
    await db().insert(siteSettings).values({ key: 'timeZone', value: 'Pacific/Auckland' });
    // 12:00 UTC on 30 November is 01:00 on 1 December in Auckland (UTC+13 in summer).
    const december = await createPost(db(), {
      title: 'Summer opener',
      published: false,
      scheduledFor: new Date('2030-11-30T12:00:00Z'),
      autoPublish: true,
    });
    const november = await createPost(db(), { title: 'Late spring', published: true, publishedAt: new Date('2030-11-29T12:00:00Z') });
    const undated = await createPost(db(), { title: 'Someday', published: false });

    const response = await fetchSchedule({ month: '2030-12' });
    expect(response.status).toBe(200);
    const schedule = await response.json();
    expect(schedule).toMatchObject({ timeZone: 'Pacific/Auckland', month: '2030-12' });
    expect(schedule.posts).toEqual([
      { id: december.id, title: 'Summer opener', status: 'scheduled', at: '2030-11-30T12:00:00.000Z', autoPublish: true },
    ]);
    expect(schedule.unscheduled).toEqual([{ id: undated.id, title: 'Someday' }]);

    const previous = await (await fetchSchedule({ month: '2030-11' })).json();
    expect(previous.posts).toEqual([
      { id: november.id, title: 'Late spring', status: 'published', at: '2030-11-29T12:00:00.000Z', autoPublish: false },
    ]);
  });

  test("without a month, the coach's current month", async () => {
    const schedule = await scheduleNow();
    expect(schedule.month).toBe(new Date().toISOString().slice(0, 7));
    expect(schedule.timeZone).toBe('UTC');
  });

  test("the scheduler's last run and next run, shared by every instance through the database", async () => {
    expect((await scheduleNow()).scheduler).toEqual({ lastRunAt: null, nextRunAt: null, lastError: null });
    const stop = startScheduler(60_000);
    try {
      let scheduler: Awaited<ReturnType<typeof scheduleNow>>['scheduler'] | undefined;
      for (let i = 0; i < 100 && !scheduler?.lastRunAt; i++) {
        await Bun.sleep(20);
        scheduler = (await scheduleNow()).scheduler;
      }
      expect(scheduler!.lastError).toBeNull();
      expect(Date.parse(scheduler!.nextRunAt!) - Date.parse(scheduler!.lastRunAt!)).toBe(60_000);
      expect(Date.now() - Date.parse(scheduler!.lastRunAt!)).toBeLessThan(10_000);
    } finally {
      stop();
    }
  });

  test('a post whose time has passed unpublished is listed as missed, with the reason', async () => {
    const off = await createPost(db(), {
      title: 'Auto-publish off',
      published: false,
      scheduledFor: fromNow(-2 * MINUTE),
      autoPublish: false,
    });
    const notRun = await createPost(db(), { title: 'Nobody ran', published: false, scheduledFor: fromNow(-3 * MINUTE), autoPublish: true });
    // Just due: the next run publishes it; it is not missed yet.
    await createPost(db(), { title: 'Just due', published: false, scheduledFor: fromNow(-1000), autoPublish: true });

    const missed = async () => (await scheduleNow()).missed;
    expect(await missed()).toEqual([
      { id: notRun.id, title: 'Nobody ran', scheduledFor: notRun.scheduledFor!.toISOString(), reason: 'The scheduler has not run yet.' },
      {
        id: off.id,
        title: 'Auto-publish off',
        scheduledFor: off.scheduledFor!.toISOString(),
        reason: 'Auto-publish is off for this post, so the scheduler leaves it unpublished.',
      },
    ]);

    await recordJobRun(SCHEDULER_JOB, 30_000, 'Error: connect ECONNREFUSED 127.0.0.1:5432');
    expect((await missed())[0]!.reason).toBe(
      "The scheduler's last run failed (Error: connect ECONNREFUSED 127.0.0.1:5432); it tries again on its next run.",
    );
    await db()
      .update(jobRuns)
      .set({ lastRunAt: fromNow(-10 * MINUTE), lastError: null });
    expect((await missed())[0]!.reason).toBe('The scheduler has not run since this post came due: is the site running?');

    // The scheduler's next run publishes the one with auto-publish on, and only that one.
    expect(await publishDuePosts()).toBe(2);
    expect((await missed()).map((post) => post.title)).toEqual(['Auto-publish off']);
  });

  test('the missed list holds the 50 oldest due posts, never every draft whose date has passed', async () => {
    for (let i = 0; i < 55; i++) {
      await createPost(db(), { title: `Old draft ${i}`, published: false, scheduledFor: fromNow(-(60 + i) * MINUTE), autoPublish: false });
    }
    const { missed } = await scheduleNow();
    expect(missed).toHaveLength(50);
    expect(missed[0]!.title).toBe('Old draft 54');
    expect(missed.at(-1)!.title).toBe('Old draft 5');
  });

  test('a bad month is 400 naming it; signed out 401; signed in without the admin role 403', async () => {
    for (const month of ['2030-13', '2030-1', 'next', '1999-12', '2030-12-01']) {
      const response = await getSchedule(`?month=${month}`);
      expect({ month, status: response.status, body: await response.json() }).toEqual({
        month,
        status: 400,
        body: { message: MONTH_MESSAGE, field: 'month' },
      });
    }
    expect((await getSchedule('?month=2030-01&month=2030-02')).status).toBe(400);
    expect((await request('/api/admin/schedule')).status).toBe(401);
    const user = await signedIn(db(), 'user');
    expect((await request('/api/admin/schedule', { headers: { Cookie: user.cookie } })).status).toBe(403);
  });

  test("an evening behind UTC stays in its own month (the coach's day, not UTC's)", async () => {
    await db().insert(siteSettings).values({ key: 'timeZone', value: 'America/Los_Angeles' });
    // 05:00 UTC on 1 March is 21:00 on 28 February in Los Angeles.
    await createPost(db(), { title: 'Leap', published: false, scheduledFor: new Date('2031-03-01T05:00:00Z'), autoPublish: true });
    const february = await readSchedule('2031-02');
    expect(february.posts.map((post) => post.title)).toEqual(['Leap']);
    expect((await readSchedule('2031-03')).posts).toEqual([]);
  });
});

describe('PATCH /api/admin/schedule/:id', () => {
  test('a new time: stored, auto-publish on, and the scheduler publishes it then', async () => {
    const draft = await createPost(db(), { published: false });
    const at = fromNow(2000);
    const response = await reschedule(draft.id, { scheduledFor: at.toISOString() });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: draft.id, scheduledFor: at.toISOString(), autoPublish: true, published: false });
    expect(await stored(draft.id)).toMatchObject({ scheduledFor: at, autoPublish: true, published: false });

    expect(await publishDuePosts()).toBe(0);
    await Bun.sleep(at.getTime() - Date.now() + 50);
    expect(await publishDuePosts()).toBe(1);
    expect(await stored(draft.id)).toMatchObject({ published: true, publishedAt: at });
  });

  test('an offset is read as that instant; null takes the post off the schedule', async () => {
    const post = await createPost(db(), { published: false, scheduledFor: fromNow(MINUTE), autoPublish: true });
    expect((await reschedule(post.id, { scheduledFor: '2099-03-04T10:00:00+01:00' })).status).toBe(200);
    expect((await stored(post.id)).scheduledFor).toEqual(new Date('2099-03-04T09:00:00Z'));
    expect((await reschedule(post.id, { scheduledFor: null })).status).toBe(200);
    expect(await stored(post.id)).toMatchObject({ scheduledFor: null, autoPublish: false });
  });

  test('refused, with nothing changed: a past time, a published post, an unknown id, bad bodies, other callers', async () => {
    const post = await createPost(db(), { published: false, scheduledFor: fromNow(MINUTE), autoPublish: true });
    const live = await createPost(db(), { published: true });
    await expectRefused(() => reschedule(post.id, { scheduledFor: fromNow(-MINUTE).toISOString() }), 400, {
      message: RESCHEDULE_PAST,
      field: 'scheduledFor',
    });
    await expectRefused(() => reschedule(live.id, { scheduledFor: fromNow(MINUTE).toISOString() }), 409, { message: RESCHEDULE_PUBLISHED });
    await expectRefused(() => reschedule(2_000_000, { scheduledFor: null }), 404, { message: 'Post not found' });
    for (const body of [
      {},
      { scheduledFor: 'tomorrow' },
      { scheduledFor: '2099-03-04' },
      { scheduledFor: 5 },
      { scheduledFor: null, published: true },
    ]) {
      const before = await stored(post.id);
      const response = await reschedule(post.id, body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBeString();
      expect(await stored(post.id)).toEqual(before);
    }
    expect((await sendJson('PATCH', `/api/admin/schedule/${post.id}`, { scheduledFor: null })).status).toBe(401);
    const user = await signedIn(db(), 'user');
    await expectRefused(() => reschedule(post.id, { scheduledFor: null }, { Cookie: user.cookie }), 403, {
      message: 'Admin privileges required',
    });
  });
});

afterEach(async () => {
  await db().delete(siteSettings);
});
