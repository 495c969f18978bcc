// First-party analytics (issue 17): a cookieless beacon per public page, unique visitors per day
// from a daily rotating salt (no IP address stored), rollups into daily figures, raw views kept 30 days.
import { beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { asc, inArray } from 'drizzle-orm';
import { analyticsDaily, analyticsEvents, analyticsSalts } from '#db/schema.ts';
import { deleteOldSalts, recordPageView, VIEWS_PER_VISITOR_PER_MINUTE, writePageViews } from '#server/services/analytics/page-views.ts';
import { postViews, readAnalytics, rollUpPageViews } from '#server/services/analytics/reports.ts';
import { updateSettings } from '#server/services/settings.ts';
import { typedApi } from '../helpers/api.ts';
import { request, SITE_ORIGIN } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createPost } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

function beacon(view: unknown, { ip = '198.51.100.7', userAgent = CHROME, headers = {} as Record<string, string> } = {}) {
  return request(
    '/api/analytics/event',
    {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: SITE_ORIGIN, 'User-Agent': userAgent, ...headers },
      body: typeof view === 'string' ? view : JSON.stringify(view),
    },
    ip,
  );
}

const events = async () => {
  await writePageViews();
  return db().select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));
};
const today = () => new Date().toISOString().slice(0, 10);

// Only pages the site serves are counted: the posts the beacons below name exist.
beforeAll(async () => {
  await createPost(db(), { slug: 'first-post' });
  await createPost(db(), { slug: 'a' });
  await createPost(db(), { slug: 'a-draft', published: false });
});

beforeEach(async () => {
  await writePageViews();
  await db().delete(analyticsEvents);
  await db().delete(analyticsDaily);
});

describe('POST /api/analytics/event', () => {
  test('a view is answered 204 with no cookie, and stored with no IP address: its day, page, source, device, browser and country', async () => {
    const response = await beacon({ p: '/blog/first-post', r: 'https://www.news.example/story?id=1', u: 'newsletter', z: 'Europe/London' });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBeNull();
    const [row, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(Object.keys(row!).sort()).toEqual(['browser', 'country', 'day', 'device', 'id', 'path', 'referrer', 'utmSource', 'visitor']);
    expect(row).toMatchObject({
      day: today(),
      path: '/blog/first-post',
      referrer: 'news.example',
      utmSource: 'newsletter',
      device: 'desktop',
      browser: 'Chrome',
      country: 'GB',
    });
    expect(row!.visitor).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('198.51.100.7');
  });

  test('one visitor within a day is one hash; another address or browser is another visitor; an internal referrer is none', async () => {
    await beacon({ p: '/', r: 'http://localhost/blog' });
    await beacon({ p: '/about', r: '' });
    await beacon({ p: '/', z: 'Asia/Kolkata' }, { ip: '198.51.100.8' });
    await beacon({ p: '/' }, { userAgent: IPHONE });
    const rows = await events();
    expect(rows.map((row) => row.referrer)).toEqual([null, null, null, null]);
    expect(rows[0]!.visitor).toBe(rows[1]!.visitor);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(3);
    expect(rows[2]!.country).toBe('IN');
    expect(rows[3]).toMatchObject({ device: 'mobile', browser: 'Safari' });
  });

  test('not counted, and still answered 204: bots, Do Not Track, Global Privacy Control, admin and API paths', async () => {
    const cases: Array<[string, Response]> = [
      ['Googlebot', await beacon({ p: '/' }, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })],
      ['headless Chrome', await beacon({ p: '/' }, { userAgent: CHROME.replace('Chrome/', 'HeadlessChrome/') })],
      ['curl', await beacon({ p: '/' }, { userAgent: 'curl/8.5.0' })],
      ['no user agent', await beacon({ p: '/' }, { userAgent: '' })],
      ['DNT: 1', await beacon({ p: '/' }, { headers: { DNT: '1' } })],
      ['Sec-GPC: 1', await beacon({ p: '/' }, { headers: { 'Sec-GPC': '1' } })],
      ['/admin', await beacon({ p: '/admin' })],
      ['/admin/posts', await beacon({ p: '/admin/posts' })],
      ['/api/health', await beacon({ p: '/api/health' })],
    ];
    expect(cases.map(([name, response]) => [name, response.status])).toEqual(cases.map(([name]) => [name, 204]));
    expect(await events()).toEqual([]);
  });

  test('a path the site does not serve is answered 204 and not counted: invented pages, unknown or draft posts, /book with booking off', async () => {
    const invented = ['/wp-login.php', '/blog/no-such-post', '/blog/a-draft', '/blog/a/extra', '/about/', '/book', '/book/coaching', '/x'];
    for (const p of invented) expect({ p, status: (await beacon({ p })).status }).toEqual({ p, status: 204 });
    expect(await events()).toEqual([]);
    // The site's own pages are counted, a post published since included.
    await createPost(db(), { slug: 'fresh-post' });
    for (const p of ['/', '/blog', '/about', '/services', '/contact', '/privacy', '/terms', '/cookies', '/blog/fresh-post'])
      await beacon({ p }, { ip: '198.51.100.30' });
    expect((await events()).map((row) => row.path)).toEqual([
      '/',
      '/blog',
      '/about',
      '/services',
      '/contact',
      '/privacy',
      '/terms',
      '/cookies',
      '/blog/fresh-post',
    ]);
  });

  test(`300 beacons at once from one visitor: all answered 204, ${VIEWS_PER_VISITOR_PER_MINUTE} counted; another visitor still counts, and the next minute again`, async () => {
    const ip = '198.51.100.40';
    const answers = await Promise.all(Array.from({ length: 300 }, () => beacon({ p: '/blog/a' }, { ip })));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([204]));
    expect(await events()).toHaveLength(VIEWS_PER_VISITOR_PER_MINUTE);
    await beacon({ p: '/blog/a' }, { ip: '198.51.100.41' });
    expect(await events()).toHaveLength(VIEWS_PER_VISITOR_PER_MINUTE + 1);
    const nextMinute = new Date(Date.now() + 60_000);
    await recordPageView({ path: '/blog/a', ip, userAgent: CHROME, siteHost: 'localhost' }, nextMinute);
    expect(await events()).toHaveLength(VIEWS_PER_VISITOR_PER_MINUTE + 2);
  });

  test('a malformed beacon is 400 with a message, a large one 413, a foreign origin 403; nothing is counted', async () => {
    const malformed = [
      'not json',
      '{}',
      { p: 'blog' },
      { p: '/', extra: 1 },
      { p: '/', r: 5 },
      { p: `/${'x'.repeat(600)}` },
      [],
      // Text Postgres would refuse (NUL) or a browser never sends: refused here, never queued to fail a batch.
      { p: '/\u0000' },
      { p: '/', u: 'a\u0000b' },
      { p: '/', r: 'https://x.example/\ud800' },
      { p: '/', z: 'Europe/London\n' },
      { p: '/Blog?q=1' },
    ];
    for (const body of malformed) {
      const response = await beacon(body);
      expect({ body, status: response.status, answer: await response.json() }).toEqual({
        body,
        status: 400,
        answer: { message: 'Invalid page view' },
      });
    }
    expect((await beacon({ p: '/', r: 'x'.repeat(5_000) })).status).toBe(413);
    expect((await beacon({ p: '/' }, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect(await events()).toEqual([]);
  });
});

describe("the coach's days", () => {
  test('a view counts on its day in the coach’s time zone (Settings → Time zone), and the report runs to the coach’s today', async () => {
    await updateSettings({ timeZone: 'Pacific/Auckland' });
    try {
      const view = { path: '/about', ip: '198.51.100.11', userAgent: CHROME, siteHost: 'localhost' };
      // 23:30 on 1 May and 00:30 on 2 May 2031 in Auckland (NZST, UTC+12); both 1 May in UTC.
      await recordPageView(view, new Date('2031-05-01T11:30:00Z'));
      await recordPageView(view, new Date('2031-05-01T12:30:00Z'));
      expect((await events()).map((row) => row.day)).toEqual(['2031-05-01', '2031-05-02']);

      const report = await readAnalytics(7, new Date('2031-05-01T12:30:00Z'));
      expect([report.from, report.to]).toEqual(['2031-04-26', '2031-05-02']);
      expect(report.series.slice(-2)).toEqual([
        { day: '2031-05-01', views: 1, visitors: 1 },
        { day: '2031-05-02', views: 1, visitors: 1 },
      ]);
    } finally {
      await updateSettings({ timeZone: 'UTC' });
      await db()
        .delete(analyticsSalts)
        .where(inArray(analyticsSalts.day, ['2031-05-01', '2031-05-02']));
    }
  });
});

describe('the daily salt', () => {
  test("rotates each day, so a visitor cannot be followed across days; past days' salts are deleted", async () => {
    const view = { path: '/', ip: '198.51.100.9', userAgent: CHROME, siteHost: 'localhost' };
    await recordPageView(view, new Date('2030-05-01T23:59:00Z'));
    await recordPageView(view, new Date('2030-05-02T00:01:00Z'));
    const [before, after] = await events();
    expect([before!.day, after!.day]).toEqual(['2030-05-01', '2030-05-02']);
    expect(before!.visitor).not.toBe(after!.visitor);
    const salts = await db().select().from(analyticsSalts).orderBy(asc(analyticsSalts.day));
    expect(salts.map((salt) => salt.day)).toContain('2030-05-01');
    expect(new Set(salts.map((salt) => salt.salt)).size).toBe(salts.length);

    await deleteOldSalts(new Date('2030-05-02T00:02:00Z'));
    expect((await db().select().from(analyticsSalts)).map((salt) => salt.day)).toEqual(['2030-05-02']);
    await deleteOldSalts();
  });
});

describe('rollups and the report', () => {
  async function view(day: string, path: string, visitor: string, extra: Partial<typeof analyticsEvents.$inferInsert> = {}) {
    await db()
      .insert(analyticsEvents)
      .values({ day, path, visitor, device: 'desktop', browser: 'Chrome', ...extra });
  }
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

  test('past days roll up into daily figures; today is counted live; raw views past 30 days are deleted', async () => {
    await view(daysAgo(1), '/blog/a', 'v1', { referrer: 'news.example', country: 'GB' });
    await view(daysAgo(1), '/blog/a', 'v1');
    await view(daysAgo(1), '/', 'v2', { utmSource: 'linkedin', device: 'mobile', browser: 'Safari' });
    await view(daysAgo(40), '/old', 'v9');
    await beacon({ p: '/blog/a' });
    await writePageViews();

    expect(await rollUpPageViews()).toBe(2);
    expect(await rollUpPageViews()).toBe(1); // yesterday again, for late batches; nothing doubles
    const daily = await db().select().from(analyticsDaily);
    const yesterday = daily.filter((row) => row.day === daysAgo(1));
    expect(yesterday.find((row) => row.dimension === 'total')).toMatchObject({ value: '', views: 3, visitors: 2 });
    expect(yesterday.find((row) => row.dimension === 'path' && row.value === '/blog/a')).toMatchObject({ views: 2, visitors: 1 });
    expect((await events()).some((row) => row.path === '/old')).toBe(false);

    const report = await readAnalytics(7);
    expect(report.series).toHaveLength(7);
    expect(report.series.at(-1)).toEqual({ day: today(), views: 1, visitors: 1 });
    expect(report.series.at(-2)).toEqual({ day: daysAgo(1), views: 3, visitors: 2 });
    expect(report.totals).toEqual({ views: 4, visitors: 3 });
    expect(report.pages[0]).toEqual({ value: '/blog/a', views: 3, visitors: 2 });
    expect(report.referrers).toEqual([{ value: 'news.example', views: 1, visitors: 1 }]);
    expect(report.utmSources).toEqual([{ value: 'linkedin', views: 1, visitors: 1 }]);
    expect(report.devices.map((row) => row.value)).toEqual(['desktop', 'mobile']);
    expect(report.countries).toEqual([{ value: 'GB', views: 1, visitors: 1 }]);
    expect((await postViews()).a).toBe(3);
  });

  test('a report lists the ten most viewed of each kind, whatever the number seen; post views count /blog/{slug} only', async () => {
    for (let i = 1; i <= 15; i++) for (let v = 0; v < i; v++) await view(daysAgo(2), `/blog/post-${i}`, `v${v}`);
    await view(daysAgo(2), '/blog/post-15/extra', 'v1');
    const report = await readAnalytics(7);
    expect(report.pages.map((row) => row.value)).toEqual(Array.from({ length: 10 }, (_, i) => `/blog/post-${15 - i}`));
    expect(report.pages[0]).toEqual({ value: '/blog/post-15', views: 15, visitors: 15 });
    const views = await postViews();
    expect(views['post-15']).toBe(15);
    expect(views['post-1']).toBe(1);
    expect(Object.keys(views).some((slug) => slug.includes('/'))).toBe(false);
  });

  test('GET /api/admin/analytics: 7, 30 or 90 days; any other range is 400; signed out 401, a user 403', async () => {
    const response = await typedApi(admin.headers).adminApi.analytics.$get({ query: { days: '90' } });
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report.days).toBe(90);
    expect(report.series).toHaveLength(90);
    expect(report.to).toBe(today());
    for (const days of ['5', 'x', '7.5', '']) {
      const bad = await request(`/api/admin/analytics?days=${days}`, { headers: admin.headers() });
      expect({ days, status: bad.status, body: await bad.json() }).toEqual({
        days,
        status: 400,
        body: { message: 'days must be 7, 30 or 90', field: 'days' },
      });
    }
    expect((await request('/api/admin/analytics')).status).toBe(401);
    const user = await signedIn(db(), 'user');
    expect((await request('/api/admin/analytics', { headers: { Cookie: user.cookie } })).status).toBe(403);
  });
});
