// porsager/postgres#1208, patched in patches/postgres@3.4.9.patch: a write scheduled on a
// connection whose socket has closed threw from a timer and took the process down (it stopped a
// server in test 1 now and then). With the patch the query is rejected with CONNECTION_CLOSED.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type postgres from 'postgres';
import type { DisposablePostgres } from '#scripts/lib/disposable-postgres.ts';
import { sqlClient, startCluster } from './harness/postgres.ts';
import { cleanup } from './harness/registry.ts';

let cluster: DisposablePostgres;
let sql: postgres.Sql;
let killer: postgres.Sql;

beforeAll(async () => {
  cluster = await startCluster();
  sql = sqlClient(cluster.url, 2);
  killer = sqlClient(cluster.url, 1);
}, 120_000);

afterAll(async () => {
  await Promise.all([sql?.end({ timeout: 1 }), killer?.end({ timeout: 1 })]);
  await cleanup();
});

/** How a query ended: 'answered', its error code, or 'hung' after 5 s. */
const outcome = (query: Promise<unknown>) =>
  Promise.race([
    query.then(
      () => 'answered',
      (error: { code?: string }) => `rejected ${error.code}`,
    ),
    Bun.sleep(5_000).then(() => 'hung'),
  ]);

test('a reserved connection whose backend was terminated rejects its next queries instead of crashing the process', async () => {
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  process.on('uncaughtException', onCrash);
  try {
    const reserved = await sql.reserve();
    const [row] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
    await killer`select pg_terminate_backend(${row!.pid})`;
    const first = await outcome(reserved`select 1`);
    const second = await outcome(reserved`select 1`);
    await Bun.sleep(50);
    // After a reset (rather than a clean close) the second query on a reserved connection may stay
    // unanswered: another upstream defect, of reserved connections only, which the app never takes.
    console.log(`outcomes: ${first} / ${second}`);
    expect(first).toStartWith('rejected ');
    expect(crashes).toEqual([]);
  } finally {
    process.off('uncaughtException', onCrash);
  }
}, 60_000);
