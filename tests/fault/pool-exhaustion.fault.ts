// docs/reliability.md, test 10, pool exhaustion: with DATABASE_POOL_MAX=3, 300 requests that each need
// the database arrive at once (API reads at varied offsets and page renders, none of them in the
// page cache). Each ends 2xx or a 503 (JSON under /api) and none waits past the bound; the
// service is normal afterwards, and Postgres never sees more of the app's connections than the
// pool plus its LISTEN connection (db/client.ts).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import net from 'node:net';
import type postgres from 'postgres';
import type { AppServer } from './harness/app-server.ts';
import { figures, statusSummary } from './harness/figures.ts';
import { typedApi } from './harness/http.ts';
import { runLoad } from './harness/load.ts';
import { appBackends } from './harness/postgres.ts';
import { cleanup } from './harness/registry.ts';
import { startClusterAndServer } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

const POOL_MAX = 3;
// The pool plus the LISTEN connection of the page-cache invalidation.
const CONNECTIONS_MAX = POOL_MAX + 1;
const CONCURRENT = 300;
const WAVES = FULL ? 5 : 1;
// No request may take longer: the 5 s of docs/reliability.md, test 1 doubled, for 300 renders on 2 shared cores.
const BOUND_MS = 10_000;
const run = crypto.randomUUID().slice(0, 8);

let sql: postgres.Sql;
let server: AppServer;
let slugs: string[] = [];

beforeAll(async () => {
  ({ sql, server } = await startClusterAndServer({ DATABASE_POOL_MAX: String(POOL_MAX) }));
  const list = await (await typedApi(server).publicApi['blog-posts'].$get({ query: { limit: '50' } })).json();
  slugs = list.posts.map((post) => post.slug);
}, 300_000);

afterAll(cleanup, 60_000);

interface Answer {
  kind: 'api' | 'page';
  status: string;
  ms: number;
  contentType: string;
  body: string;
}

/**
 * One GET on its own TCP connection (Connection: close), so 300 are truly concurrent: the fetch
 * client would queue those above its own connection limit and time the queue as well.
 */
function rawGet(port: number, target: string, kind: Answer['kind']): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`);
    });
    let settled = false;
    const settle = (status?: string) => {
      if (settled) return;
      settled = true;
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
      resolve({
        kind,
        status: status ?? head.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 'no answer',
        ms: performance.now() - started,
        contentType: head.match(/\r\ncontent-type: ([^\r]*)/i)?.[1] ?? '',
        body: body.slice(0, 200),
      });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => settle());
    socket.on('error', (error) => settle(`error ${(error as NodeJS.ErrnoException).code}`));
    socket.setTimeout(BOUND_MS, () => {
      socket.destroy();
      settle('timeout');
    });
  });
}

/** docs/reliability.md, test 10's rule for one answer. */
function broken(answer: Answer): string | undefined {
  if (answer.ms > BOUND_MS) return `${answer.kind} ${answer.status} after ${Math.round(answer.ms)} ms`;
  if (answer.status.startsWith('2')) return undefined;
  if (answer.status === '503') {
    if (answer.contentType.startsWith('application/json') && answer.body.includes('"message"')) return undefined;
    if (answer.kind === 'page' && answer.contentType.startsWith('text/html')) return undefined;
  }
  return `${answer.kind} ${answer.status} (${answer.contentType}): ${answer.body.slice(0, 80)}`;
}

const quantile = (sorted: number[], q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

test(
  `pool max ${POOL_MAX}, ${CONCURRENT} concurrent DB-bound requests × ${WAVES}: each 2xx or 503 within ${BOUND_MS / 1000} s, normal service after`,
  async () => {
    const rssStart = server.rssMb();
    // The app's connections on Postgres, sampled every 50 ms throughout.
    let sampling = true;
    let connectionsMax = 0;
    const sampler = (async () => {
      while (sampling) {
        connectionsMax = Math.max(connectionsMax, await appBackends(sql));
        await sleep(50);
      }
    })();

    const answers: Answer[] = [];
    const waveMs: number[] = [];
    for (let wave = 0; wave < WAVES; wave++) {
      const started = performance.now();
      const requests = Array.from({ length: CONCURRENT }, (_, i) => {
        const unique = `${run}-${wave}-${i}`;
        // Half API reads at varied offsets, half page renders (a list, a post); every URL unique,
        // so none is answered from the page cache, which also holds public API reads.
        if (i % 2 === 0) return rawGet(server.port, `/api/blog-posts?limit=9&offset=${i % 23}&exhaust=${unique}`, 'api');
        if (i % 4 === 1) return rawGet(server.port, `/blog?page=1&exhaust=${unique}`, 'page');
        return rawGet(server.port, `/blog/${slugs[i % slugs.length]}?exhaust=${unique}`, 'page');
      });
      answers.push(...(await Promise.all(requests)));
      waveMs.push(Math.round(performance.now() - started));
    }
    sampling = false;
    await sampler;

    // Normal service afterwards: reads through fetch, one after another and 10 at a time.
    const after = await runLoad({
      concurrency: 10,
      durationMs: 10_000,
      maxRequests: 300,
      timeoutMs: 5_000,
      next: (_, n) =>
        n % 2 === 0
          ? { url: server.url(`/api/blog-posts?limit=9&offset=${n % 7}&after=${run}-${n}`), kind: 'api' }
          : { url: server.url(`/blog?page=1&after=${run}-${n}`), kind: 'page' },
    });
    const health = (await fetch(server.url('/api/health'))).status;
    const connectionsAfter = await appBackends(sql);

    const failures = answers.map(broken).filter((reason): reason is string => reason !== undefined);
    const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const byKind = (kind: Answer['kind']) => {
      const statuses: Record<string, number> = {};
      for (const answer of answers.filter((a) => a.kind === kind)) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      return statusSummary(statuses);
    };
    const problems = server.problems();

    figures('Test 10: pool exhaustion', {
      'pool max (DATABASE_POOL_MAX)': POOL_MAX,
      'requests sent at once × waves': `${CONCURRENT} × ${WAVES}`,
      'API reads: statuses': byKind('api'),
      'page renders (uncached): statuses': byKind('page'),
      'latency p50 / p99 / max (ms)': `${quantile(latencies, 0.5)} / ${quantile(latencies, 0.99)} / ${Math.round(latencies.at(-1) ?? 0)}`,
      'each wave answered in full after (ms)': waveMs.join(', '),
      'answers breaking the rule (2xx or 503 ≤ 10 s)': failures.length,
      'app connections on Postgres, most seen / allowed': `${connectionsMax} / ${CONNECTIONS_MAX}`,
      'after: requests, statuses, p50 / max (ms)': `${after.sent}, ${statusSummary(after.statuses)}, ${after.p50} / ${after.max}`,
      'after: /api/health; app connections': `${health}; ${connectionsAfter}`,
      'RSS start / end (MB)': `${rssStart} / ${server.rssMb()}`,
      'log lines that mean a bug': problems.length,
    });
    if (failures.length) console.log(`First failures:\n  ${failures.slice(0, 10).join('\n  ')}`);
    if (problems.length) console.log(`Log lines:\n  ${problems.slice(0, 10).join('\n  ')}`);

    expect(failures).toEqual([]);
    expect(answers.filter((answer) => answer.status.startsWith('2')).length).toBeGreaterThan(0);
    expect(connectionsMax).toBeLessThanOrEqual(CONNECTIONS_MAX);
    expect(after.statuses).toEqual({ '200': after.sent });
    expect(health).toBe(200);
    expect(connectionsAfter).toBeLessThanOrEqual(CONNECTIONS_MAX);
    expect(problems).toEqual([]);
  },
  WAVES * (BOUND_MS + 5_000) + 60_000,
);
