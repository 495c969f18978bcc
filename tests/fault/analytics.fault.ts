// docs/reliability.md, test 14: the page-view beacon under load. One production instance on
// Postgres takes beacons from 50 connections for a few seconds while a reader loads the home page;
// every beacon is answered 204, every one is written (in batches), and the figures say how many a
// second the endpoint holds and what the home page's latency was before and during. Printed, not
// asserted: speed is measured here, correctness is what fails the test.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type postgres from 'postgres';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { runLoad } from './harness/load.ts';
import { startSite } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

const SECONDS = FULL ? 20 : 5;
const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Pages the site serves (only those are counted); the last is a published post's, found in beforeAll. */
const PAGES = ['/', '/about', '/blog', '/services', '/contact'];
const facts: Figures = {};

let sql: postgres.Sql;
let server: AppServer;

beforeAll(async () => {
  let servers: AppServer[];
  ({ sql, servers } = await startSite({ names: ['A'] }));
  server = servers[0]!;
  const { posts } = (await (await fetch(server.url('/api/blog-posts?limit=1'))).json()) as { posts: { slug: string }[] };
  PAGES.push(`/blog/${posts[0]!.slug}`);
}, 120_000);

afterAll(async () => {
  await finish('Test 14: page-view beacons under load', facts, [server]);
}, 60_000);

/** The home page's latency (ms) while `during` runs: p50 / p95. */
async function homeLatency(during: Promise<unknown>): Promise<string> {
  const latencies: number[] = [];
  let done = false;
  void during.finally(() => {
    done = true;
  });
  do {
    const started = performance.now();
    const response = await fetch(server.url('/'));
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await sleep(20);
  } while (!done);
  latencies.sort((x, y) => x - y);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))]!);
  return `${at(0.5)} / ${at(0.95)}`;
}

test(`beacons from 50 connections for ${SECONDS} s: every one answered 204 and written; the home page keeps its speed`, async () => {
  facts['home page p50 / p95 at rest (ms)'] = await homeLatency(sleep(2_000));
  const started = performance.now();
  const load = runLoad({
    concurrency: 50,
    durationMs: SECONDS * 1_000,
    next: (loop, n) => ({
      url: server.url('/api/analytics/event'),
      kind: 'beacon',
      init: {
        method: 'POST',
        headers: {
          'Content-Type': 'text/plain;charset=UTF-8',
          Origin: server.origin,
          // A visitor per beacon (its own browser build): views are counted up to 30 per visitor a minute.
          'User-Agent': CHROME.replace('131.0.0.0', `131.${loop}.${n}.0`),
        },
        body: JSON.stringify({ p: PAGES[n % PAGES.length], r: 'https://www.linkedin.com/', z: 'Europe/London' }),
      },
    }),
    check: (sample) => (sample.status === 204 ? undefined : `answered ${sample.status}`),
  });
  facts['home page p50 / p95 during the beacons (ms)'] = await homeLatency(load);
  const stats = await load;
  const seconds = (performance.now() - started) / 1000;
  expect(stats.failures).toBe(0);

  // Every accepted beacon is written within a few batches.
  let written = 0;
  for (let i = 0; i < 100 && written < stats.sent; i++) {
    await sleep(100);
    const [row] = await sql<{ written: number }[]>`select count(*)::int as written from analytics_events`;
    written = row!.written;
  }
  expect(written).toBe(stats.sent);
  facts['beacons sent / answered 204 / written'] = `${stats.sent} / ${stats.statuses['204'] ?? 0} / ${written}`;
  facts['beacons a second'] = Math.round(stats.sent / seconds);
  facts['beacon p50 / p95 / max (ms)'] = `${stats.p50} / ${stats.p95} / ${stats.max}`;
}, 120_000);
