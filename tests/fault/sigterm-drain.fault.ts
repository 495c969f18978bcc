// docs/reliability.md, test 6, SIGTERM drain: in-flight requests finish (≤ 10 s), new connections are
// refused, the database is closed and the process exits 0.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import net from 'node:net';
import type postgres from 'postgres';
import type { AppServer } from './harness/app-server.ts';
import { figures, statusSummary } from './harness/figures.ts';
import { acceptsConnection } from './harness/http.ts';
import { appBackends } from './harness/postgres.ts';
import { cleanup } from './harness/registry.ts';
import { startClusterAndServer } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

// Slow requests: the headers and half a contact message, then the rest only after the SIGTERM.
const SLOW_REQUESTS = FULL ? 50 : 10;
const SLOW_HOLD_MS = FULL ? 6_000 : 1_500;
// Fast requests: uncached page renders and API reads, sent just before the SIGTERM.
const FAST_REQUESTS = FULL ? 200 : 40;

let sql: postgres.Sql;
let server: AppServer;

beforeAll(async () => {
  ({ sql, server } = await startClusterAndServer({ CONTACT_LIMIT_PER_10_MIN: '100000' }));
}, 300_000);

afterAll(cleanup, 60_000);

interface SlowRequest {
  /** Resolves once the headers and the first half of the body are on the wire. */
  halfSent: Promise<void>;
  finish(): void;
  /** The raw answer, once the server closes the connection. */
  answer: Promise<string>;
}

/** A POST /api/contact over a raw socket whose body arrives in two halves. */
function slowContact(server: AppServer, marker: string): SlowRequest {
  const body = JSON.stringify({ name: 'Drain Test', email: 'drain@example.com', message: `SIGTERM drain ${marker}` });
  const half = Math.floor(body.length / 2);
  const head = [
    'POST /api/contact HTTP/1.1',
    `Host: 127.0.0.1:${server.port}`,
    `Origin: ${server.origin}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  const socket = net.connect(server.port, '127.0.0.1');
  let received = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', (error) => {
      received += `\n<socket error ${(error as NodeJS.ErrnoException).code}>`;
    });
    socket.setTimeout(30_000, () => socket.destroy());
  });
  const halfSent = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => socket.write(head + body.slice(0, half), (error) => (error ? reject(error) : resolve())));
    socket.once('error', reject);
  });
  return { halfSent, answer, finish: () => socket.write(body.slice(half)) };
}

test('SIGTERM drain: in-flight requests finish, new connections are refused, the database is closed, exit 0', async () => {
  const rssStart = server.rssMb();
  const run = crypto.randomUUID().slice(0, 8);
  const markers = Array.from({ length: SLOW_REQUESTS }, (_, i) => `drain-${run}-${i}`);

  const slow = markers.map((marker) => slowContact(server, marker));
  await Promise.all(slow.map((request) => request.halfSent));

  const fast = Array.from({ length: FAST_REQUESTS }, (_, i) => {
    const url = i % 2 === 0 ? server.url(`/blog?drain=${run}-${i}`) : server.url(`/api/blog-posts?limit=9&offset=${i}`);
    const started = performance.now();
    return fetch(url, { signal: AbortSignal.timeout(20_000) })
      .then(async (response) => ({
        status: String(response.status),
        ms: performance.now() - started,
        size: (await response.text()).length,
      }))
      .catch((error: Error & { code?: string }) => ({ status: error.code ?? error.name, ms: performance.now() - started, size: 0 }));
  });
  // Let the server take every slow request in (headers parsed, handler waiting for the body) and
  // let the fast ones reach it.
  await sleep(300);
  const rssBeforeTerm = server.rssMb();

  const handled = server.nextLine(/SIGTERM: finishing in-flight requests/);
  const termAt = performance.now();
  server.proc.kill('SIGTERM');
  const exited = server.proc.exited.then(() => performance.now() - termAt);

  // New connections, tried every 50 ms while the server drains, from the moment it has taken
  // the signal (it logs that line, then stops listening); a busy event loop takes it late.
  let accepted = 0;
  let refused = 0;
  let handledAfterMs = 0;
  const probing = (async () => {
    handledAfterMs = (await Promise.race([handled, server.proc.exited.then(() => Number.NaN)])) - termAt;
    await sleep(20);
    while (server.running) {
      if (await acceptsConnection(server.port)) accepted++;
      else refused++;
      await sleep(50);
    }
  })();

  await sleep(SLOW_HOLD_MS);
  for (const request of slow) request.finish();
  const answers = await Promise.all(slow.map((request) => request.answer));
  const fastResults = await Promise.all(fast);
  const exitMs = await exited;
  await probing;
  const stopped = await server.stop();

  const slowStatuses: Record<string, number> = {};
  for (const answer of answers) {
    const status = answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 'no answer';
    slowStatuses[status] = (slowStatuses[status] ?? 0) + 1;
  }
  const fastStatuses: Record<string, number> = {};
  for (const result of fastResults) fastStatuses[result.status] = (fastStatuses[result.status] ?? 0) + 1;
  const [stored] = await sql<{ n: number }[]>`
      select count(*)::int as n from contact_messages where message like ${`SIGTERM drain drain-${run}-%`}`;
  const backendsAfter = await appBackends(sql);
  const drainLog = server.grep(/SIGTERM: finishing in-flight requests/).length;

  figures('Test 6: SIGTERM drain', {
    'slow requests in flight (body held until after SIGTERM)': SLOW_REQUESTS,
    'slow body held after SIGTERM (ms)': SLOW_HOLD_MS,
    'slow answers': statusSummary(slowStatuses),
    'fast requests sent just before SIGTERM': FAST_REQUESTS,
    'fast answers': statusSummary(fastStatuses),
    'fast slowest (ms)': Math.round(Math.max(...fastResults.map((r) => r.ms))),
    'contact messages stored / acknowledged': `${stored!.n} / ${slowStatuses['201'] ?? 0}`,
    'SIGTERM → handled by the server (ms)': Math.round(handledAfterMs),
    'new connections once handled: accepted / refused': `${accepted} / ${refused}`,
    'SIGTERM → exit (ms)': Math.round(exitMs),
    'exit code': String(stopped.exitCode),
    'app backends left on Postgres': backendsAfter,
    'RSS start / before SIGTERM (MB)': `${rssStart} / ${rssBeforeTerm}`,
  });

  expect(slowStatuses).toEqual({ '201': SLOW_REQUESTS });
  expect(stored!.n).toBe(SLOW_REQUESTS);
  expect(fastStatuses).toEqual({ '200': FAST_REQUESTS });
  expect(accepted).toBe(0);
  expect(stopped.killed).toBe(false);
  expect(stopped.exitCode).toBe(0);
  expect(exitMs).toBeLessThan(SLOW_HOLD_MS + 10_000);
  expect(backendsAfter).toBe(0);
  expect(drainLog).toBe(1);
  expect(server.problems()).toEqual([]);
}, 120_000);
