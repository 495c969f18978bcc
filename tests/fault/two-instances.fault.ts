// docs/reliability.md, test 7, two instances (A, B) on one Postgres: what one instance does, the other
// sees at once, because sessions, limits, the page-cache invalidation and scheduled work all go
// through the database.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type postgres from 'postgres';
import { draftPosts, publishedPosts, seedCategories } from '#db/seed-data.ts';
import { SOLO_LOCK_KEY } from '#db/solo-instance.ts';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { api, login, typedApi } from './harness/http.ts';
import { startTwoInstances } from './harness/servers.ts';
import { FULL, ROOT } from './harness/settings.ts';
import { poll, sleep } from './harness/wait.ts';

const ROUNDS = FULL ? 30 : 5;
const SCHEDULED_POSTS = 5;
const run = crypto.randomUUID().slice(0, 8);
const facts: Figures = {};

let cluster: DisposablePostgres;
let sql: postgres.Sql;
let a: AppServer;
let b: AppServer;
let adminCookie: string;
let rssStart = '';

beforeAll(async () => {
  // Both at once on an empty database: they race for the migrations and the seed.
  let readyMs: number[];
  ({ cluster, sql, a, b, readyMs } = await startTwoInstances({ SCHEDULER_INTERVAL_MS: '200' }));
  const [readyA, readyB] = readyMs as [number, number];
  facts['A / B spawn → healthy (ms)'] = `${Math.round(readyA)} / ${Math.round(readyB)}`;
  rssStart = `${a.rssMb()} / ${b.rssMb()}`;
  adminCookie = await login(a);
}, 300_000);

afterAll(async () => {
  facts['RSS A / B at start (MB)'] = rssStart;
  facts['RSS A / B at end (MB)'] = `${a?.rssMb()} / ${b?.rssMb()}`;
  await finish('Test 7: two instances on one database', facts, [a, b]);
}, 60_000);

/** The statuses of answers racing from A and B, sorted: '201+409'. */
const statusPair = (answers: { status: number }[]) =>
  answers
    .map((answer) => answer.status)
    .sort()
    .join('+');

async function createPost(server: AppServer, slug: string, published = false) {
  return typedApi(server, { cookie: adminCookie }).adminApi['blog-posts'].$post({
    json: { title: `Fault ${slug}`, slug, content: `Body of ${slug}.`, published },
  });
}

/**
 * One round of docs/reliability.md, test 7's cache check: a post published through A is on B's /blog
 * (cached before the change), RSS and sitemap at the next request; unpublished through B, it is a
 * 404 on A (whose page of it was cached) at the next request.
 */
async function cacheRound(slug: string): Promise<{ misses: string[]; cachedBefore: boolean }> {
  const misses: string[] = [];
  const created = await createPost(a, slug);
  expect(created.status).toBe(201);
  const { id } = await created.json();
  await (await fetch(b.url('/blog'))).arrayBuffer();
  const warm = await fetch(b.url('/blog'));
  await warm.arrayBuffer();
  const cachedBefore = warm.headers.get('x-page-cache') === 'hit';

  const published = await api(a, 'PATCH', `/api/admin/blog-posts/${id}/publish`, { cookie: adminCookie, body: { published: true } });
  expect(published.status).toBe(200);
  const blog = await (await fetch(b.url('/blog'))).text();
  const rss = await (await fetch(b.url('/rss.xml'))).text();
  const sitemap = await (await fetch(b.url('/sitemap.xml'))).text();
  if (!blog.includes(`Fault ${slug}`)) misses.push(`${slug}: B /blog without the post`);
  if (!rss.includes(`Fault ${slug}`)) misses.push(`${slug}: B /rss.xml without the post`);
  if (!sitemap.includes(`/blog/${slug}`)) misses.push(`${slug}: B /sitemap.xml without the post`);

  for (let i = 0; i < 2; i++) await (await fetch(a.url(`/blog/${slug}`))).arrayBuffer();
  const unpublished = await api(b, 'PATCH', `/api/admin/blog-posts/${id}/publish`, { cookie: adminCookie, body: { published: false } });
  expect(unpublished.status).toBe(200);
  const page = await fetch(a.url(`/blog/${slug}`));
  await page.arrayBuffer();
  if (page.status !== 404) misses.push(`${slug}: A /blog/${slug} answered ${page.status} (${page.headers.get('x-page-cache')})`);
  return { misses, cachedBefore };
}

describe('two instances on one database', () => {
  test('both started at once on an empty database: migrations and seed applied once, one owner', async () => {
    const migrationFiles = readdirSync(path.join(ROOT, 'db/migrations')).filter((name) => name.endsWith('.sql')).length;
    const [row] = await sql<{ migrations: number; owners: number; users: number; categories: number; posts: number }[]>`
      select (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
             (select count(*) from users where is_owner)::int as owners,
             (select count(*) from users)::int as users,
             (select count(*) from categories)::int as categories,
             (select count(*) from posts)::int as posts`;
    facts['migrations recorded / files'] = `${row!.migrations} / ${migrationFiles}`;
    facts['owner rows / users'] = `${row!.owners} / ${row!.users}`;
    expect(row!.migrations).toBe(migrationFiles);
    expect(row!.owners).toBe(1);
    expect(row!.users).toBe(1);
    expect(row!.categories).toBe(seedCategories.length);
    expect(row!.posts).toBe(publishedPosts.length + draftPosts.length + 1);
  });

  test('a session from A is valid on B; logout on B ends it on A', async () => {
    const cookie = await login(a);
    const onB = await typedApi(b, { cookie }).publicApi.auth.me.$get();
    expect(onB.status).toBe(200);
    expect((await onB.json()).user.email).toBe('owner@example.com');
    const logout = await api(b, 'POST', '/api/auth/logout', { cookie });
    expect(logout.status).toBe(204);
    const onA = await api(a, 'GET', '/api/auth/me', { cookie });
    expect(onA.status).toBe(401);
    facts['cookie from A on B / after logout on B, on A'] = `${onB.status} / ${onA.status}`;
  });

  test(`scheduler every 200 ms on both: ${SCHEDULED_POSTS} due posts each published once, publishedAt = scheduledFor`, async () => {
    // A trigger in the disposable database counts every unpublished → published flip.
    await sql.unsafe(`
      create table fault_publish_log (post_id int not null, at timestamptz not null default clock_timestamp());
      create function fault_log_publish() returns trigger language plpgsql as $$
        begin insert into fault_publish_log (post_id) values (new.id); return new; end $$;
      create trigger fault_publish after update on posts for each row
        when (not old.published and new.published) execute function fault_log_publish();`);
    const slugs = Array.from({ length: SCHEDULED_POSTS }, (_, i) => `due-${run}-${i}`);
    await sql`
      insert into posts ${sql(
        slugs.map((slug) => ({ slug, title: `Due ${slug}`, content: 'Due.', published: false, auto_publish: true })),
        'slug',
        'title',
        'content',
        'published',
        'auto_publish',
      )}`;
    await sql`update posts set scheduled_for = date_trunc('milliseconds', now()) - interval '1 second' where slug in ${sql(slugs)}`;
    let rows: { slug: string; published: boolean; same: boolean; flips: number }[] = await poll(
      async () => sql<{ slug: string; published: boolean; same: boolean; flips: number }[]>`
        select p.slug, p.published, p.published_at = p.scheduled_for as same,
               (select count(*) from fault_publish_log l where l.post_id = p.id)::int as flips
        from posts p where p.slug in ${sql(slugs)} order by p.slug`,
      (now) => now.every((row) => row.published),
      { timeoutMs: 10_000 },
    );
    // Several more scheduler ticks on both instances: nothing is published a second time.
    await sleep(1_000);
    rows = await sql`
      select p.slug, p.published, p.published_at = p.scheduled_for as same,
             (select count(*) from fault_publish_log l where l.post_id = p.id)::int as flips
      from posts p where p.slug in ${sql(slugs)} order by p.slug`;
    facts['scheduled posts published / flips / publishedAt = scheduledFor'] =
      `${rows.filter((row) => row.published).length} / ${rows.reduce((sum, row) => sum + row.flips, 0)} / ${rows.filter((row) => row.same).length}`;
    expect(rows).toEqual(slugs.map((slug) => ({ slug, published: true, same: true, flips: 1 })));
  });

  test(`publish via A shows on B's /blog, RSS and sitemap on the next request; unpublish via B 404s it on A (${ROUNDS} rounds)`, async () => {
    const misses: string[] = [];
    let cacheHitsBeforeChange = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const result = await cacheRound(`cache-${run}-${round}`);
      misses.push(...result.misses);
      if (result.cachedBefore) cacheHitsBeforeChange++;
    }
    facts['cache rounds / stale answers'] = `${ROUNDS} / ${misses.length}`;
    facts['B /blog cached before each change'] = `${cacheHitsBeforeChange} of ${ROUNDS}`;
    expect(misses).toEqual([]);
  }, 120_000);

  test("the site name changed in Chromium at A's /admin/settings is on B's home page at the next load", async () => {
    const name = `Harbour Coaching ${run}`;
    const before = await fetch(b.url('/'));
    expect(await before.text()).not.toContain(name);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const context = await browser.newContext();
      const [cookieName, cookieValue] = adminCookie.split('=') as [string, string];
      await context.addCookies([{ name: cookieName, value: cookieValue, url: a.url('/') }]);
      const page = await context.newPage();
      await page.goto(a.url('/admin/settings'));
      await page.locator('html[data-hydrated]').waitFor();
      await page.getByLabel('Site name').fill(name);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved', { exact: true }).waitFor();

      await page.goto(b.url('/'));
      expect(await page.title()).toBe(name);
      expect(await page.getByRole('banner').getByText(name, { exact: true }).count()).toBe(1);
      expect(await page.getByRole('contentinfo').getByText(name, { exact: true }).count()).toBe(1);
    } finally {
      await browser.close();
    }
    facts['site name changed at A, on B at the next load'] = true;
  }, 60_000);

  test('after a Postgres restart both instances listen again and the next change still reaches B', async () => {
    const restartedAt = Date.now();
    await cluster.restart('fast');
    await Promise.all([a.waitHealthy(15_000), b.waitHealthy(15_000)]);
    // Both LISTEN connections back: each takes the solo-instance lock once its LISTENs hold
    // (db/solo-instance.ts), shared here since there are two instances.
    let listening = 0;
    while (Date.now() < restartedAt + 15_000) {
      const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from pg_locks
        where locktype = 'advisory' and granted and mode = 'ShareLock' and classid = 0 and objid = ${SOLO_LOCK_KEY} and objsubid = 1`;
      listening = row!.n;
      if (listening >= 2) break;
      await sleep(100);
    }
    facts['LISTEN connections back after a Postgres restart (ms)'] =
      listening >= 2 ? Date.now() - restartedAt : `only ${listening} after 15 s`;
    expect(listening).toBe(2);
    const result = await cacheRound(`after-restart-${run}`);
    facts['stale answers after the restart'] = result.misses.length;
    expect(result.misses).toEqual([]);
  }, 60_000);

  test(`generate-draft on A and B at once with one pending topic: one 201 and one 409 (${ROUNDS} rounds)`, async () => {
    const outcomes: string[] = [];
    const drafted: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await sql`delete from backlog_topics`;
      const topic = await api(a, 'POST', '/api/admin/blog-topic-backlog', {
        cookie: adminCookie,
        body: { title: `Topic ${run} ${round}`, description: 'One pending topic for two instances.', tags: ['Fault', `Round ${round}`] },
      });
      expect(topic.status).toBe(201);
      const answers = await Promise.all([a, b].map((server) => api(server, 'POST', '/api/admin/generate-draft', { cookie: adminCookie })));
      await Promise.all(answers.map((answer) => answer.arrayBuffer()));
      outcomes.push(statusPair(answers));
      const [row] = await sql<{ drafted: number; posts: number }[]>`
        select count(*)::int as drafted, count(p.id)::int as posts
        from backlog_topics t left join posts p on p.id = t.post_id where t.status = 'drafted'`;
      drafted.push(`${row!.drafted}/${row!.posts}`);
    }
    facts['generate-draft A+B outcomes'] = [...new Set(outcomes)].map((o) => `${o}×${outcomes.filter((x) => x === o).length}`).join(' ');
    expect(outcomes).toEqual(Array(ROUNDS).fill('201+409'));
    // Each round: the one topic drafted, with its one post.
    expect(drafted).toEqual(Array(ROUNDS).fill('1/1'));
  }, 120_000);

  test(`the same explicit slug created on A and B at once: one 201 and one 409 (${ROUNDS} rounds)`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const slug = `same-${run}-${round}`;
      const answers = await Promise.all([a, b].map((server) => createPost(server, slug)));
      await Promise.all(answers.map((answer) => answer.arrayBuffer()));
      outcomes.push(statusPair(answers));
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from posts where slug = ${slug}`;
      expect(row!.n).toBe(1);
    }
    facts['same slug A+B outcomes'] = [...new Set(outcomes)].map((o) => `${o}×${outcomes.filter((x) => x === o).length}`).join(' ');
    expect(outcomes).toEqual(Array(ROUNDS).fill('201+409'));
  });

  // Last: it spends the loopback address's login attempts for 15 minutes.
  test('3 failed logins on A + 2 on B: the next on either is 429', async () => {
    const email = `limit-${run}@example.com`;
    const attempt = (server: AppServer) =>
      api(server, 'POST', '/api/auth/login', { body: { email, password: 'Wrong-Passw0rd!' } }).then(async (response) => {
        await response.arrayBuffer();
        return response;
      });
    const statuses: number[] = [];
    for (const server of [a, a, a, b, b]) statuses.push((await attempt(server)).status);
    const nextOnA = await attempt(a);
    const nextOnB = await attempt(b);
    facts['failed logins A,A,A,B,B then A, B'] = `${statuses.join(',')} then ${nextOnA.status}, ${nextOnB.status}`;
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(nextOnA.status).toBe(429);
    expect(nextOnB.status).toBe(429);
    expect(Number(nextOnB.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
