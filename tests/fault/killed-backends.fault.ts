// docs/reliability.md, test 2, connections killed: pg_terminate_backend on every backend of the app
// (its pool and its LISTEN connection), again and again, while readers load /blog and
// /api/blog-posts and a writer posts contact messages with unique markers. The pool recovers and
// the criteria are test 1's: every answer 2xx or a JSON 503 within 5 s (no 500, no hang),
// /api/health 200 after, the app never restarted, and every acknowledged message stored exactly once.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type postgres from 'postgres';
import type { AppServer } from './harness/app-server.ts';
import { figures, statusSummary } from './harness/figures.ts';
import { typedApi } from './harness/http.ts';
import { blogReaders, contactWriters, healthProbe, runLoad, type Sample, storedMarkers, twoXxOrJson503 } from './harness/load.ts';
import { appBackends } from './harness/postgres.ts';
import { cleanup } from './harness/registry.ts';
import { startClusterAndServer } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

// docs/security.md: 20 kills in 30 s. Short: 4 in 6 s.
const KILLS = FULL ? 20 : 4;
const KILL_EVERY_MS = 1_500;
const READERS = FULL ? 30 : 10;
const WRITERS = FULL ? 2 : 1;
const CHECKERS = FULL ? 4 : 2;
const FIRST_KILL_AT_MS = FULL ? 3_000 : 1_000;
// The load runs on for a few seconds after the last kill, so the recovery is under load too.
const TAIL_MS = FULL ? 5_000 : 2_000;
const RUN_MS = FIRST_KILL_AT_MS + KILLS * KILL_EVERY_MS + TAIL_MS;
const run = crypto.randomUUID().slice(0, 8);

let sql: postgres.Sql;
let server: AppServer;

beforeAll(async () => {
  ({ sql, server } = await startClusterAndServer({ CONTACT_LIMIT_PER_10_MIN: '1000000' }));
}, 300_000);

afterAll(cleanup, 60_000);

/**
 * Answers that are 2xx but wrong: every published post, whole, in the API list; a published post's
 * page and API answer never 404. A connection killed in the middle of a result must not leave
 * the next query on it a wrong answer (db/client.ts, defect 4).
 */
function wrongAnswer(sample: Sample, published: string[]): string | undefined {
  if (sample.status === 404) return `404 for a published post: ${sample.request.url}`;
  if (sample.status !== 200 || !sample.request.url.includes('/api/blog-posts?')) return undefined;
  const body = JSON.parse(sample.body) as { posts: Array<{ slug: string } | null>; pagination: { total: number } };
  const slugs = body.posts.map((post) => post?.slug ?? 'null').join(',');
  if (slugs !== published.join(',') || body.pagination.total !== published.length) {
    return `list of ${body.pagination.total}: ${slugs}, not ${published.length}: ${published.join(',')}`;
  }
  return undefined;
}

/** Terminates every client backend on the app's database but the harness's own; answers how many. */
async function terminateAppBackends(): Promise<number> {
  const rows = await sql<{ ok: boolean }[]>`
    select pg_terminate_backend(pid) as ok from pg_stat_activity
    where backend_type = 'client backend' and datname = 'app'
      and application_name <> 'fault-harness' and pid <> pg_backend_pid()`;
  return rows.filter((row) => row.ok).length;
}

test(
  `pg_terminate_backend on every app backend, ${KILLS}× in ${(KILLS * KILL_EVERY_MS) / 1000} s, under load`,
  async () => {
    const pid = server.pid;
    const rssStart = server.rssMb();
    const acknowledged = new Set<string>();
    const probe = healthProbe(server, 100);

    // Test 1's load: readers on /blog and the API, writers posting messages with unique markers.
    // When the last answer other than a 2xx came: how long the pool took to recover.
    let lastRefusedAt = 0;
    const onAnswer = (sample: Sample) => {
      if (sample.status < 200 || sample.status >= 300) lastRefusedAt = Math.max(lastRefusedAt, sample.at);
    };
    const readers = blogReaders(server, { concurrency: READERS, durationMs: RUN_MS, tag: run, onAnswer });
    const writers = contactWriters(server, {
      concurrency: WRITERS,
      durationMs: RUN_MS,
      prefix: `Killed backends ${run}-`,
      acknowledged,
      onAnswer,
    });
    // Checkers: reads the page cache has never seen (unique URLs), whose content is checked.
    // `first` is no filter of the route's: it only makes the address one the page cache has never seen.
    const unseen = { limit: '50', first: run };
    const listed = await (await typedApi(server).publicApi['blog-posts'].$get({ query: unseen })).json();
    const published = listed.posts.map((post) => post.slug);
    let wrong = 0;
    const checkers = runLoad({
      concurrency: CHECKERS,
      durationMs: RUN_MS,
      maxRequests: 1_000_000,
      timeoutMs: 10_000,
      keepBody: 1_000_000,
      next: (loop, n) => {
        const unique = `${run}-${loop}-${n}`;
        const slug = published[n % published.length];
        if (n % 3 === 0) return { url: server.url(`/api/blog-posts?limit=50&check=${unique}`), kind: 'api' };
        return n % 3 === 1
          ? { url: server.url(`/blog/${slug}?check=${unique}`), kind: 'page' }
          : { url: server.url(`/api/blog-posts/${slug}?check=${unique}`), kind: 'api' };
      },
      check: (sample) => {
        onAnswer(sample);
        const reason = wrongAnswer(sample, published);
        if (reason) wrong++;
        return reason ?? twoXxOrJson503(sample);
      },
    });

    await sleep(FIRST_KILL_AT_MS);
    const terminated: number[] = [];
    const killsStarted = Date.now();
    for (let kill = 0; kill < KILLS; kill++) {
      const due = killsStarted + kill * KILL_EVERY_MS;
      if (due > Date.now()) await sleep(due - Date.now());
      terminated.push(await terminateAppBackends());
    }
    const lastKillAt = Date.now();
    const [readStats, writeStats, checkStats] = await Promise.all([readers, writers, checkers]);
    while (Date.now() < lastKillAt + 10_000 && !probe.timeline.some((p) => p.at > lastKillAt && p.status === 200)) await sleep(100);
    const timeline = await probe.stop();
    const firstOkAfter = timeline.find((p) => p.at > lastKillAt && p.status === 200);
    const recoveryMs = firstOkAfter ? firstOkAfter.at - lastKillAt : Number.POSITIVE_INFINITY;

    // The pool recovered: bursts of 100 reads after the load, until one answers 200 throughout
    // (a connection stuck by the driver's defect 2 in db/client.ts can hold a request up to its 3 s
    // connect timeout and cost some 503s until it is replaced), within 10 s of the last kill.
    const bursts: string[] = [];
    let recoveredMs = Number.POSITIVE_INFINITY;
    while (Date.now() < lastKillAt + 10_000) {
      const burst = await runLoad({
        concurrency: 10,
        durationMs: 5_000,
        maxRequests: 100,
        timeoutMs: 5_000,
        next: (_, n) => ({ url: server.url(`/api/blog-posts?limit=9&offset=${n % 5}`), kind: 'api' }),
      });
      bursts.push(statusSummary(burst.statuses));
      if (burst.statuses['200'] === burst.sent) {
        recoveredMs = Date.now() - lastKillAt;
        break;
      }
      await sleep(200);
    }
    const backendsAfter = await appBackends(sql);

    const { stored, lost, duplicates, unacknowledged } = await storedMarkers(sql, `Killed backends ${run}-`, acknowledged);
    const problems = server.problems();
    const socketErrors = [readStats, writeStats, checkStats].reduce(
      (sum, s) => sum + Object.values(s.errors).reduce((a, b) => a + b, 0),
      0,
    );

    figures('Test 2: app backends terminated under load', {
      'readers / writers, run length (s)': `${READERS} / ${WRITERS}, ${RUN_MS / 1000}`,
      'kills / every (ms)': `${KILLS} / ${KILL_EVERY_MS}`,
      'backends terminated per kill': terminated.join(', '),
      'reader requests sent': readStats.sent,
      'reader statuses by kind': Object.entries(readStats.byKind)
        .map(([kind, statuses]) => `${kind}: ${statusSummary(statuses)}`)
        .join('; '),
      'reader latency p50 / p95 / max (ms)': `${readStats.p50} / ${readStats.p95} / ${readStats.max}`,
      'checker requests sent (unique URLs, content checked)': checkStats.sent,
      'checker statuses by kind': Object.entries(checkStats.byKind)
        .map(([kind, statuses]) => `${kind}: ${statusSummary(statuses)}`)
        .join('; '),
      'checker answers 2xx but wrong (a short list, a 404 for a published post)': wrong,
      'writer requests sent': writeStats.sent,
      'writer statuses': statusSummary(writeStats.statuses),
      'writer latency p50 / p95 / max (ms)': `${writeStats.p50} / ${writeStats.p95} / ${writeStats.max}`,
      'answers breaking the rule (2xx or JSON 503 ≤ 5 s, right content)': readStats.failures + writeStats.failures + checkStats.failures,
      'socket errors': socketErrors,
      'contact 201s / stored markers': `${acknowledged.size} / ${stored}`,
      'acknowledged but lost / stored twice / stored without a 201': `${lost} / ${duplicates} / ${unacknowledged}`,
      'health probes / 503s / slowest (ms)': `${timeline.length} / ${timeline.filter((p) => p.status === 503).length} / ${Math.round(Math.max(...timeline.map((p) => p.ms)))}`,
      'health 200 after the last kill (ms)': recoveryMs,
      [`last answer other than 2xx, after the last kill (ms; the load ran on ${TAIL_MS / 1000} s)`]: Math.max(
        0,
        lastRefusedAt - lastKillAt,
      ),
      'bursts of 100 reads after the load, until one is all 200': `${bursts.join('; ')} (${recoveredMs} ms after the last kill)`,
      'app backends after': backendsAfter,
      'same process throughout (pid)': `${server.running && server.pid === pid} (${pid})`,
      'RSS start / end (MB)': `${rssStart} / ${server.rssMb()}`,
      'log lines that mean a bug': problems.length,
      'postgres.js TypeError lines (upstream #1208) / pool replacements': `${server.driverDefects()} / ${server.grep(/database_pool_replaced/).length}`,
    });
    const failureExamples = [...readStats.failureExamples, ...writeStats.failureExamples, ...checkStats.failureExamples];
    if (failureExamples.length) console.log(`First failures:\n  ${failureExamples.join('\n  ')}`);
    if (problems.length) {
      console.log(`Log lines:\n  ${problems.slice(0, 10).join('\n  ')}`);
      const first = problems[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      console.log(`Around the first:\n  ${server.around(new RegExp(first), 60, 30).join('\n  ')}`);
    }
    if (!server.running) {
      console.log(
        `The server exited (${server.proc.exitCode ?? server.proc.signalCode}); its last lines:\n  ${server.lines.slice(-40).join('\n  ')}`,
      );
    }

    // Each kill found the app's connections (pool and LISTEN) to terminate.
    expect(terminated.every((n) => n > 0)).toBe(true);
    expect(readStats.failureExamples).toEqual([]);
    expect(writeStats.failureExamples).toEqual([]);
    expect(checkStats.failureExamples).toEqual([]);
    expect(wrong).toBe(0);
    expect(readStats.statuses['200']).toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(lost).toBe(0);
    expect(duplicates).toBe(0);
    expect(stored).toBe(acknowledged.size);
    expect(recoveryMs).toBeLessThanOrEqual(10_000);
    expect(recoveredMs).toBeLessThanOrEqual(10_000);
    expect(backendsAfter).toBeGreaterThan(0);
    expect(server.running).toBe(true);
    expect(server.pid).toBe(pid);
    expect(problems).toEqual([]);
  },
  RUN_MS + 120_000,
);
