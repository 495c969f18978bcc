// WEB_CONCURRENCY=2 (scripts/lib/workers.ts): one `bun run start` serving from two processes on one
// port, each a whole instance on the shared Postgres. Proven on real processes: both listen on the
// port and for content changes; a change made through one is on every page whichever answers; a
// worker killed with -9 is replaced; SIGTERM stops them all; a supervisor killed with -9 takes its
// workers with it; a port in use stops the start.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type postgres from 'postgres';
import { LISTENER_NAME } from '#db/postgres-listen.ts';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { acceptsConnection, api, login, typedApi } from './harness/http.ts';
import { startServer, startSite } from './harness/servers.ts';
import { until } from './harness/wait.ts';

const facts: Figures = {};
const run = crypto.randomUUID().slice(0, 8);
const WORKERS = { WEB_CONCURRENCY: '2' };

let cluster: DisposablePostgres;
let sql: postgres.Sql;
let server: AppServer;

beforeAll(async () => {
  let servers: AppServer[];
  ({ cluster, sql, servers } = await startSite({ names: ['supervisor'], env: WORKERS, healthy: false }));
  server = servers[0]!;
  await allServing(server);
}, 300_000);

afterAll(async () => {
  await finish('WEB_CONCURRENCY=2: two workers on one port', facts, [server]);
}, 60_000);

async function allServing(supervisor: AppServer): Promise<void> {
  await until(
    'workers serving',
    () => supervisor.grep(/^All 2 workers serving\.$/).length,
    (n) => n === 1,
    { timeoutMs: 120_000 },
  );
}

/** The supervisor's child processes. */
const workerPids = (supervisor: AppServer): number[] =>
  Bun.spawnSync(['pgrep', '-P', String(supervisor.pid)])
    .stdout.toString()
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .sort();

/** The processes listening on the port, as the kernel lists them. */
function listeningPids(port: number): number[] {
  const out = Bun.spawnSync(['ss', '-Hltnp', `sport = :${port}`]).stdout.toString();
  return [...out.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1])).sort();
}

/** Instances listening for content changes, as Postgres sees them. */
async function listeners(): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity where application_name like ${`${LISTENER_NAME}%`}`;
  return row!.n;
}

const alive = (pid: number) => Bun.spawnSync(['kill', '-0', String(pid)]).exitCode === 0;

/** A page on a new connection each time, so the kernel picks a worker for each. */
const fresh = (pathname: string) => fetch(server.url(pathname), { headers: { Connection: 'close' } });

describe('WEB_CONCURRENCY=2', () => {
  test('two workers listen on the one port, each an instance listening for content changes', async () => {
    const workers = workerPids(server);
    expect(workers).toHaveLength(2);
    expect(listeningPids(server.port)).toEqual(workers);
    expect(await until('listeners', listeners, (n) => n === 2)).toBe(2);
    expect(server.grep(/^Worker [12] serving on http:\/\/localhost:\d+ \(database: postgres\)$/)).toHaveLength(2);
    facts.workers = workers.length;
  });

  test('a post published through one worker is on /blog at the next request, whichever worker answers', async () => {
    const cookie = await login(server);
    const slug = `workers-${run}`;
    const created = await typedApi(server, { cookie }).adminApi['blog-posts'].$post({
      json: { title: `Workers ${run}`, slug, content: 'Body.', published: false },
    });
    expect(created.status).toBe(201);
    // Both workers' caches hold /blog from before the change.
    const before = await Promise.all(Array.from({ length: 20 }, async () => (await fresh('/blog')).text()));
    expect(before.some((page) => page.includes(`Workers ${run}`))).toBe(false);
    const { id } = await created.json();
    const published = await api(server, 'PATCH', `/api/admin/blog-posts/${id}/publish`, { cookie, body: { published: true } });
    expect(published.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 20 }, async () => (await fresh('/blog')).text()));
    expect(after.filter((page) => !page.includes(`Workers ${run}`))).toEqual([]);
  });

  test('a worker killed with -9 is replaced, and the site answers from both again', async () => {
    const [victim, survivor] = workerPids(server);
    process.kill(victim!, 'SIGKILL');
    const replaced = await until(
      'workers',
      () => workerPids(server),
      (pids) => pids.length === 2 && !pids.includes(victim!),
    );
    expect(replaced).toContain(survivor!);
    expect(server.grep(/^Worker [12] stopped \(SIGKILL\): starting another\.$/)).toHaveLength(1);
    await until(
      'listening',
      () => listeningPids(server.port),
      (pids) => JSON.stringify(pids) === JSON.stringify(replaced),
    );
    expect(await until('listeners', listeners, (n) => n === 2)).toBe(2);
    const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await fresh('/api/health')).status));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  test('SIGTERM stops every worker, then the supervisor, with exit code 0', async () => {
    const workers = workerPids(server);
    const stopped = await server.stop();
    expect(stopped.exitCode).toBe(0);
    expect(stopped.killed).toBe(false);
    expect(workers.filter(alive)).toEqual([]);
    expect(await acceptsConnection(server.port)).toBe(false);
    facts['SIGTERM to all stopped (ms)'] = Math.round(stopped.ms);
  });

  test('a supervisor killed with -9 takes its workers with it; a port in use stops a start', async () => {
    server = await startServer({ name: 'supervisor 2', databaseUrl: cluster.url, env: WORKERS });
    await allServing(server);

    const second = await startServer({ name: 'same port', databaseUrl: cluster.url, env: WORKERS, port: server.port });
    await second.proc.exited;
    expect(second.proc.exitCode).toBe(1);
    expect(second.grep(new RegExp(`^Cannot start: port ${server.port} is in use$`))).toHaveLength(1);

    const workers = workerPids(server);
    await server.kill9();
    const started = performance.now();
    await until(
      'orphaned workers',
      () => workers.filter(alive),
      (pids) => pids.length === 0,
      { timeoutMs: 15_000 },
    );
    facts['orphans gone after (ms)'] = Math.round(performance.now() - started);
    expect(await acceptsConnection(server.port)).toBe(false);
  });
});
