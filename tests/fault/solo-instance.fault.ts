// A lone instance serves cached pages without a round trip to Postgres (db/solo-instance.ts); the
// moment a second instance starts, the first must go back to waiting for notifications before
// the newcomer can change anything. This proves the handover on real servers: the advisory lock
// as Postgres sees it, and no stale page on the instance that was solo.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type postgres from 'postgres';
import { SOLO_LOCK_KEY } from '#db/solo-instance.ts';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { api, login } from './harness/http.ts';
import { startHealthyServer, startSite } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { poll, sleep } from './harness/wait.ts';

const ROUNDS = FULL ? 20 : 5;
const facts: Figures = {};
const run = crypto.randomUUID().slice(0, 8);

let cluster: DisposablePostgres;
let sql: postgres.Sql;
let a: AppServer;
let b: AppServer | undefined;

beforeAll(async () => {
  let servers: AppServer[];
  ({ cluster, sql, servers } = await startSite({ names: ['A'] }));
  a = servers[0]!;
}, 300_000);

afterAll(async () => {
  await finish('Solo instance: the barrier skipped alone, restored when a second instance starts', facts, [a, b]);
}, 60_000);

/** The solo lock as Postgres holds it: one row per session, its mode. */
async function soloLocks(): Promise<{ pid: number; mode: string }[]> {
  return sql<{ pid: number; mode: string }[]>`
    select pid, mode from pg_locks
    where locktype = 'advisory' and granted and classid = 0 and objid = ${SOLO_LOCK_KEY} and objsubid = 1 order by mode`;
}

async function waitForLocks(expected: string[], timeoutMs = 15_000) {
  const modes = await poll(
    async () => (await soloLocks()).map((lock) => lock.mode),
    (now) => JSON.stringify(now) === JSON.stringify(expected),
    { timeoutMs },
  );
  expect(modes).toEqual(expected);
}

/** /blog from the instance's page cache (the first render is stored once its stream ends). */
async function cachedBlog(server: AppServer): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const page = await fetch(server.url('/blog'));
    const text = await page.text();
    if (page.headers.get('x-page-cache') === 'hit') return text;
    await sleep(20);
  }
  throw new Error(`${server.name}: /blog never came from the cache`);
}

test('alone, the instance holds the solo lock exclusively; its listener reconnecting takes it again', async () => {
  await waitForLocks(['ExclusiveLock']);
  const [holder] = await soloLocks();
  await sql`select pg_terminate_backend(${holder!.pid})`;
  const started = performance.now();
  // The terminated backend can linger in pg_locks for a moment: wait for a new session's hold.
  let again: { pid: number; mode: string }[] = [];
  while (performance.now() - started < 15_000) {
    again = await soloLocks();
    if (again.length === 1 && again[0]!.pid !== holder!.pid) break;
    await sleep(50);
  }
  expect(again.map((lock) => lock.mode)).toEqual(['ExclusiveLock']);
  expect(again[0]!.pid).not.toBe(holder!.pid);
  facts['listener killed → solo lock held again (ms)'] = Math.round(performance.now() - started);
  await cachedBlog(a);
});

test('a second instance starts only once the first has left solo; changes made through it are never stale on the first', async () => {
  const blogBefore = await cachedBlog(a);
  const started = performance.now();
  b = await startHealthyServer({ name: 'B', databaseUrl: cluster.url });
  facts['B spawn → healthy (ms)'] = Math.round(performance.now() - started);
  // B is up, so the handover is done: both hold the lock shared, nobody exclusively.
  expect((await soloLocks()).map((lock) => lock.mode)).toEqual(['ShareLock', 'ShareLock']);
  expect(blogBefore).not.toContain(`Solo ${run}`);

  const cookie = await login(b);
  const stale: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await cachedBlog(a);
    const title = `Solo ${run} round ${round}`;
    const created = await api(b, 'POST', '/api/admin/blog-posts', {
      cookie,
      body: { title, slug: `solo-${run}-${round}`, content: `Body of round ${round}.`, published: true },
    });
    expect(created.status).toBe(201);
    const page = await (await fetch(a.url('/blog'))).text();
    if (!page.includes(title)) stale.push(title);
  }
  facts["publish via B → on A's cached /blog at the next request"] = `${ROUNDS - stale.length}/${ROUNDS}`;
  expect(stale).toEqual([]);
});

test('both listening connections killed at once: a change through B is still never stale on A', async () => {
  const cookie = await login(b!);
  const stale: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await waitForLocks(['ShareLock', 'ShareLock']);
    await cachedBlog(a);
    // Whichever reconnects first may find the lock free and go solo; B must not acknowledge a
    // change before it has claimed the lock again, which forces A out of solo first.
    await sql`select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and granted and classid = 0 and objid = ${SOLO_LOCK_KEY} and objsubid = 1`;
    const title = `Solo ${run} after kill ${round}`;
    const created = await api(b!, 'POST', '/api/admin/blog-posts', {
      cookie,
      body: { title, slug: `solo-${run}-kill-${round}`, content: `Body of round ${round}.`, published: true },
    });
    expect(created.status).toBe(201);
    const page = await (await fetch(a.url('/blog'))).text();
    if (!page.includes(title)) stale.push(title);
  }
  facts["listeners killed, publish via B → on A's /blog at the next request"] = `${ROUNDS - stale.length}/${ROUNDS}`;
  expect(stale).toEqual([]);
});

test('the second instance gone, the first keeps waiting for notifications (it never assumes it is alone again while connected)', async () => {
  // Both listening again after the previous test's kills (a reconnect after B's stop would rightly find A alone).
  await waitForLocks(['ShareLock', 'ShareLock']);
  await b!.stop();
  await waitForLocks(['ShareLock']);
});
