// docs/reliability.md, test 3, database absent at start: the production server pointed at a loopback
// port where nothing listens retries for at most 30 s (server/db.ts), then exits non-zero with
// "Cannot reach database at 127.0.0.1:PORT", and never answers HTTP meanwhile. A Postgres that
// appears within that window is taken: the server starts and serves.
import { afterAll, expect, test } from 'bun:test';
import { freePort } from '#scripts/lib/disposable-postgres.ts';
import type { AppServer } from './harness/app-server.ts';
import { figures } from './harness/figures.ts';
import { acceptsConnection, typedApi } from './harness/http.ts';
import { startCluster } from './harness/postgres.ts';
import { cleanup } from './harness/registry.ts';
import { startServer } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

// server/db.ts's START_RETRY_MS; the exit may come a little later (bun's start, a 1 s close).
const RETRY_WINDOW_MS = 30_000;
const EXIT_BOUND_MS = RETRY_WINDOW_MS + 10_000;
// How long the database stays away before it appears, in the second test.
const ABSENT_MS = FULL ? 10_000 : 3_000;

afterAll(cleanup, 60_000);

/** Probes the app's HTTP port every 100 ms until stopped; counts the connections accepted. */
function portProbe(server: AppServer) {
  let stopped = false;
  const counts = { tries: 0, accepted: 0 };
  const done = (async () => {
    while (!stopped && server.running) {
      counts.tries++;
      if (await acceptsConnection(server.port)) counts.accepted++;
      await sleep(100);
    }
  })();
  return {
    counts,
    async stop() {
      stopped = true;
      await done;
      return counts;
    },
  };
}

test(
  'nothing listening on the database port: retries ≤ 30 s, exits non-zero naming host:port, never serves',
  async () => {
    const dbPort = await freePort();
    const spawnedAt = performance.now();
    const server = await startServer({ name: 'app', databaseUrl: `postgres://postgres@127.0.0.1:${dbPort}/app` });
    const probe = portProbe(server);
    const timer = setTimeout(() => server.proc.kill('SIGKILL'), EXIT_BOUND_MS);
    await server.proc.exited;
    clearTimeout(timer);
    const exitMs = performance.now() - spawnedAt;
    const { tries, accepted } = await probe.stop();
    const stopped = await server.stop();
    const expected = `Cannot reach database at 127.0.0.1:${dbPort}`;
    const message = server.lines.find((line) => line.includes('Cannot reach database')) ?? '(none)';

    figures('Test 3: database absent at start', {
      'database port (nothing listening)': dbPort,
      'spawn → exit (ms)': Math.round(exitMs),
      'exit code / signal': `${stopped.exitCode} / ${stopped.signalCode ?? 'none'}`,
      'message printed': message,
      'HTTP port probes / accepted': `${tries} / ${accepted}`,
      'log lines that mean a bug': server.problems().length,
    });

    expect(stopped.signalCode).toBeNull();
    expect(stopped.exitCode).not.toBe(0);
    expect(message).toContain(expected);
    // It waited for the database (a database still starting is given its chance), but not past the window.
    expect(exitMs).toBeGreaterThanOrEqual(RETRY_WINDOW_MS - 1_000);
    expect(exitMs).toBeLessThan(EXIT_BOUND_MS);
    expect(tries).toBeGreaterThan(10);
    expect(accepted).toBe(0);
    expect(server.problems()).toEqual([]);
  },
  EXIT_BOUND_MS + 30_000,
);

test(
  `Postgres appearing ${ABSENT_MS / 1000} s into the retry window: the server starts and serves`,
  async () => {
    const cluster = await startCluster();
    // Stopped, so its port has nothing listening until resume().
    await cluster.pause('fast');
    const spawnedAt = performance.now();
    const server = await startServer({ name: 'app', databaseUrl: cluster.url });
    const probe = portProbe(server);
    await sleep(ABSENT_MS);
    const { tries, accepted } = await probe.stop();
    const runningWhileAbsent = server.running;
    await cluster.resume();
    const resumedAt = performance.now();
    const readyMs = await server.waitHealthy(RETRY_WINDOW_MS);
    const healthyAt = performance.now();
    const blog = await fetch(server.url('/blog'));
    await blog.arrayBuffer();
    const posts = await typedApi(server).publicApi['blog-posts'].$get({ query: { limit: '3' } });
    const body = await posts.json();

    figures('Test 3: database appearing during the retry window', {
      'database absent for (ms)': ABSENT_MS,
      'HTTP port probes / accepted while absent': `${tries} / ${accepted}`,
      'still waiting (running) when it appeared': runningWhileAbsent,
      'Postgres up → /api/health 200 (ms)': Math.round(healthyAt - resumedAt),
      'spawn → healthy (ms)': Math.round(healthyAt - spawnedAt),
      '/blog, /api/blog-posts after': `${blog.status}, ${posts.status} (${body.posts?.length ?? 0} posts)`,
      'RSS (MB)': server.rssMb(),
      'log lines that mean a bug': server.problems().length,
    });

    expect(runningWhileAbsent).toBe(true);
    expect(accepted).toBe(0);
    expect(readyMs).toBeLessThan(RETRY_WINDOW_MS);
    expect(blog.status).toBe(200);
    expect(posts.status).toBe(200);
    expect(body.posts?.length).toBeGreaterThan(0);
    expect(server.problems()).toEqual([]);
  },
  RETRY_WINDOW_MS + ABSENT_MS + 60_000,
);
