// Issue 33 §1: one request must not freeze the server. Ten anonymous clients at once send the
// contact form a 30 KB body of 15,000 nested arrays, over and over; each is refused 400 "nested
// too deeply" from a linear scan of its text, and a health probe meanwhile answers as it does
// without them. Figures: the refused bodies' latency and the probe's, before and during.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { AppServer } from './harness/app-server.ts';
import { figures, statusSummary } from './harness/figures.ts';
import { healthProbe, runLoad } from './harness/load.ts';
import { cleanup } from './harness/registry.ts';
import { startClusterAndServer } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

const CLIENTS = 10;
const DURATION_MS = FULL ? 30_000 : 6_000;
const LEVELS = 15_000;
const TOO_DEEP = 'JSON body is nested too deeply (at most 32 levels)';

let server: AppServer;

beforeAll(async () => {
  ({ server } = await startClusterAndServer({ CONTACT_LIMIT_PER_10_MIN: '1000000' }));
}, 300_000);

afterAll(cleanup, 60_000);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

test('ten clients sending 15,000 nested arrays: every body refused at once, health unaffected', async () => {
  const body = `{"name":"A","email":"a@example.com","message":${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}}`;
  expect(body.length).toBeGreaterThan(30_000);

  const quiet = healthProbe(server, 50);
  await sleep(DURATION_MS / 2);
  const before = (await quiet.stop()).map((p) => p.ms).sort((a, b) => a - b);

  const probe = healthProbe(server, 50);
  const load = await runLoad({
    concurrency: CLIENTS,
    durationMs: DURATION_MS,
    timeoutMs: 10_000,
    keepBody: 200,
    next: () => ({
      url: server.url('/api/contact'),
      init: { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.origin }, body },
      kind: 'nested',
    }),
    check: (sample) => (sample.status === 400 && sample.body.includes(TOO_DEEP) ? undefined : `${sample.status} ${sample.body}`),
  });
  const during = (await probe.stop()).sort((a, b) => a.ms - b.ms);
  const duringMs = during.map((p) => p.ms);

  figures('hostile JSON: 15,000 nested arrays from 10 clients', {
    'refused bodies': load.sent,
    statuses: statusSummary(load.statuses),
    'refused p50': ms(load.p50),
    'refused p95': ms(load.p95),
    'refused max': ms(load.max),
    'health p50 before': ms(percentile(before, 0.5)),
    'health p95 before': ms(percentile(before, 0.95)),
    'health p50 during': ms(percentile(duringMs, 0.5)),
    'health p95 during': ms(percentile(duringMs, 0.95)),
    'health max during': ms(duringMs.at(-1) ?? 0),
    'health answers during': during.length,
  });

  expect(load.failures, load.failureExamples.join('\n')).toBe(0);
  expect(load.sent).toBeGreaterThan(CLIENTS);
  expect(during.filter((p) => p.status !== 200)).toEqual([]);
}, 180_000);
