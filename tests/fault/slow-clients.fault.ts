// docs/reliability.md, test 8, slow and oversized clients: sockets that send their headers one byte
// every 5 s, bodies dripped at 1 KB/s, keep-alive sockets left idle, and 100 MB bodies (declared
// and chunked) thrown at every route that reads one. The server keeps answering a health probe,
// closes the slow sockets itself (Bun's 10 s limit on incomplete headers, the body-read deadline,
// idleTimeout between requests) and refuses the large bodies early, without its memory following them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { AppServer } from './harness/app-server.ts';
import { figures, statusSummary } from './harness/figures.ts';
import { login } from './harness/http.ts';
import { healthProbe } from './harness/load.ts';
import { chunk, head, RawClient } from './harness/raw-http.ts';
import { cleanup } from './harness/registry.ts';
import { startClusterAndServer } from './harness/servers.ts';
import { FULL } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

const HEADER_SOCKETS = FULL ? 500 : 50;
const HEADER_BYTE_EVERY_MS = 5_000;
// Bun (uWS) closes a connection whose request headers are not complete 10 s after it opened,
// whatever idleTimeout says and however many bytes trickle in (found by this test). uWS counts
// timeouts in 4 s ticks, ceil(s / 4) of them from the current, partly gone one: 10 s closes after
// 8–12 s, idleTimeout's 120 s after 116–120 s (9.4–11.4 s and 117.4–119.3 s seen).
const HEADER_TIMEOUT_MS = 10_000;
const TICK_MS = 4_000;
const IDLE_SOCKETS = FULL ? 100 : 10;
const BODY_SOCKETS = FULL ? 50 : 10;
const BODY_KB_EVERY_MS = 1_000;
const BODY_BYTES = 1024 * 1024;
// The full run keeps the server's default deadline (30 s); the short one sets 2 s.
const BODY_DEADLINE_MS = FULL ? 30_000 : 2_000;
// Bun.serve's idleTimeout in scripts/start.ts: a connection silent between requests is closed after it.
const IDLE_TIMEOUT_MS = 120_000;
const OVERSIZED_BYTES = 100 * 1024 * 1024;
const PIECE = 16 * 1024;

let server: AppServer;
let cookie: string;

beforeAll(async () => {
  ({ server } = await startClusterAndServer(FULL ? {} : { BODY_READ_TIMEOUT_MS: String(BODY_DEADLINE_MS) }));
  cookie = await login(server);
}, 300_000);

afterAll(cleanup, 60_000);

/** GET /api/health whose request line and headers arrive one byte every 5 s (never whole here). */
function headerDripper(startAfterMs: number): { client: RawClient; stop(): void } {
  const client = new RawClient(server.port);
  const text = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: ${'s'.repeat(400)}\r\n\r\n`;
  let next = 0;
  let interval: ReturnType<typeof setInterval> | undefined;
  const start = setTimeout(() => {
    const drip = () => {
      if (client.done) return clearInterval(interval);
      void client.write(text[next++]!);
    };
    drip();
    interval = setInterval(drip, HEADER_BYTE_EVERY_MS);
  }, startAfterMs);
  return {
    client,
    stop() {
      clearTimeout(start);
      clearInterval(interval);
    },
  };
}

/** A keep-alive connection that asks for /api/health once, then stays silent; resolves after the answer. */
async function idleConnection(): Promise<{ client: RawClient; answeredAt: number }> {
  const client = new RawClient(server.port);
  await client.write(head(['GET /api/health HTTP/1.1', `Host: 127.0.0.1:${server.port}`]));
  await client.answer(10_000);
  return { client, answeredAt: client.answeredAt };
}

interface BodyTarget {
  name: string;
  path: string;
  headers: string[];
  /** The route's own limit (bytes), for the chunked case. */
  limit: number;
}

const JSON_TYPE = 'Content-Type: application/json';
const targets = (): BodyTarget[] => [
  { name: 'contact', path: '/api/contact', headers: [JSON_TYPE], limit: 32 * 1024 },
  { name: 'login', path: '/api/auth/login', headers: [JSON_TYPE], limit: 16 * 1024 },
  { name: 'admin post', path: '/api/admin/blog-posts', headers: [JSON_TYPE, `Cookie: ${cookie}`], limit: 1024 * 1024 },
  {
    name: 'upload',
    path: '/api/upload-profile-image',
    headers: ['Content-Type: multipart/form-data; boundary=fault', `Cookie: ${cookie}`],
    limit: 5 * 1024 * 1024 + 64 * 1024,
  },
  { name: 'junit', path: '/api/test-cases/runs', headers: ['Content-Type: application/xml', `Cookie: ${cookie}`], limit: 5 * 1024 * 1024 },
];

const requestHead = (target: BodyTarget, length: number | 'chunked') =>
  head([
    `POST ${target.path} HTTP/1.1`,
    `Host: 127.0.0.1:${server.port}`,
    `Origin: ${server.origin}`,
    ...target.headers,
    length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
  ]);

/** A 1 MB body sent 1 KB per second (the first KB one second after the headers). */
function bodyDripper(target: BodyTarget, chunked: boolean): { client: RawClient; stop(): void } {
  const client = new RawClient(server.port);
  const kilobyte = 'k'.repeat(1024);
  void client.write(requestHead(target, chunked ? 'chunked' : BODY_BYTES));
  let sent = 0;
  const interval = setInterval(() => {
    if (client.done || sent >= BODY_BYTES) return clearInterval(interval);
    sent += 1024;
    void client.write(chunked ? chunk(kilobyte) : kilobyte);
  }, BODY_KB_EVERY_MS);
  return { client, stop: () => clearInterval(interval) };
}

interface OversizedResult {
  target: string;
  mode: 'declared' | 'chunked';
  status: string;
  message: string;
  sentBeforeAnswer: number;
  answerMs: number;
  closedAfterAnswerMs: number;
  limit: number;
}

/**
 * 100 MB offered in 16 KB pieces, 2 ms apart, until the server answers or closes; once past the
 * point where the answer is due (64 KB declared, the route's limit chunked), one piece every 200 ms.
 * The pace keeps what sits in socket buffers small, so "sent before the answer" is close to what
 * the server read, and the server has read all of it when it closes (a close with unread bytes is
 * a reset, which can overtake the 413 on its way to the client).
 */
async function oversized(target: BodyTarget, mode: 'declared' | 'chunked'): Promise<OversizedResult> {
  const client = new RawClient(server.port);
  await client.write(requestHead(target, mode === 'chunked' ? 'chunked' : OVERSIZED_BYTES));
  // A declared length is answered from the head alone: given a moment to arrive first, the 413
  // is not overtaken by the reset of a close with body bytes unread (seen under CPU load).
  if (mode === 'declared') await client.answer(500);
  const piece = Buffer.alloc(PIECE, 120);
  const framed = chunk(piece);
  const dueAfter = mode === 'declared' ? 64 * 1024 : target.limit + PIECE;
  while (!client.done && client.sent < OVERSIZED_BYTES) {
    await client.write(mode === 'chunked' ? framed : piece);
    await client.answer(client.sent > dueAfter ? 200 : 2);
    // Let a pending answer be read before the next write.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await client.answer(5_000);
  const answeredAt = client.answeredAt;
  await Promise.race([client.closed, sleep(3_000)]);
  const result: OversizedResult = {
    target: target.name,
    mode,
    status: client.status,
    // Bun's own 413 (a declared length above maxRequestBodySize) has no body.
    message: client.body.match(/"message":"([^"]*)"/)?.[1] ?? (client.body.slice(0, 40) || '(no body)'),
    sentBeforeAnswer: client.sentBeforeAnswer < 0 ? client.sent : client.sentBeforeAnswer,
    answerMs: Math.round((answeredAt || client.closedAt) - client.openedAt),
    closedAfterAnswerMs: client.closedByServerAt ? Math.round(client.closedByServerAt - (answeredAt || client.closedByServerAt)) : -1,
    limit: target.limit,
  };
  client.destroy();
  return result;
}

// ---- The run: everything at once, as an attacker would, then the checks.

interface Outcome {
  probe: Array<{ at: number; status: number; ms: number }>;
  headers: RawClient[];
  headerOpenAtEnd: number;
  idle: Array<{ client: RawClient; answeredAt: number }>;
  idleOpenAtEnd: number;
  bodies: Array<{ client: RawClient; target: string; chunked: boolean }>;
  oversized: OversizedResult[];
  rss: { start: number; beforeOversized: number; maxOversized: number; max: number; end: number };
  runMs: number;
}

let outcome: Outcome;

beforeAll(async () => {
  const started = performance.now();
  const rssSamples: Array<{ at: number; mb: number }> = [];
  const sampler = setInterval(() => rssSamples.push({ at: performance.now(), mb: server.rssMb() }), 250);
  const rssStart = server.rssMb();
  const probe = healthProbe(server, 250);

  // Header drippers spread over one 5 s period: 100 bytes a second in all, in the full run.
  const headerDrips = Array.from({ length: HEADER_SOCKETS }, (_, i) => headerDripper((i * HEADER_BYTE_EVERY_MS) / HEADER_SOCKETS));
  const idle = await Promise.all(Array.from({ length: IDLE_SOCKETS }, () => idleConnection()));
  // Half the dripped bodies anonymous and chunked on the contact form (its 32 KB limit is passed
  // only after 32 s), half signed in with 1 MB declared on the post editor (1 MB limit).
  const contact = targets()[0]!;
  const post = targets()[2]!;
  const bodyDrips = Array.from({ length: BODY_SOCKETS }, (_, i) => {
    const chunked = i % 2 === 0;
    return { ...bodyDripper(chunked ? contact : post, chunked), target: chunked ? contact.name : post.name, chunked };
  });

  await sleep(FULL ? 5_000 : 1_000);
  const rssBeforeOversized = server.rssMb();
  const oversizedStarted = performance.now();
  const results: OversizedResult[] = [];
  for (const target of targets()) {
    for (const mode of ['declared', 'chunked'] as const) results.push(await oversized(target, mode));
  }
  await sleep(1_000);
  const oversizedEnded = performance.now();

  // The dripped bodies: answered at the deadline, then closed.
  const bodyWaitUntil = started + BODY_DEADLINE_MS + 20_000;
  for (const drip of bodyDrips) {
    await drip.client.answer(Math.max(0, bodyWaitUntil - performance.now()));
    await Promise.race([drip.client.closed, sleep(2_000)]);
  }
  for (const drip of bodyDrips) drip.stop();

  const until = (clients: RawClient[], at: number) =>
    Promise.race([Promise.all(clients.map((client) => client.closed)), sleep(Math.max(0, at - performance.now()))]);
  // The header drippers, until Bun has closed them (or 20 s past its 10 s).
  await until(
    headerDrips.map((drip) => drip.client),
    started + HEADER_TIMEOUT_MS + 20_000,
  );
  // The idle keep-alive connections: in the full run, until idleTimeout has closed them (or 30 s past it).
  if (FULL) {
    await until(
      idle.map((connection) => connection.client),
      started + IDLE_TIMEOUT_MS + 30_000,
    );
  }
  const headerOpenAtEnd = headerDrips.filter((drip) => !drip.client.closedByServerAt).length;
  const idleOpenAtEnd = idle.filter((connection) => !connection.client.closedByServerAt).length;
  for (const connection of idle) connection.client.destroy();
  for (const drip of headerDrips) {
    drip.stop();
    drip.client.destroy();
  }
  for (const drip of bodyDrips) drip.client.destroy();

  const timeline = await probe.stop();
  clearInterval(sampler);
  const during = rssSamples.filter((sample) => sample.at >= oversizedStarted && sample.at <= oversizedEnded).map((sample) => sample.mb);
  outcome = {
    probe: timeline,
    headers: headerDrips.map((drip) => drip.client),
    headerOpenAtEnd,
    idle,
    idleOpenAtEnd,
    bodies: bodyDrips.map(({ client, target, chunked }) => ({ client, target, chunked })),
    oversized: results,
    rss: {
      start: rssStart,
      beforeOversized: rssBeforeOversized,
      maxOversized: Math.max(rssBeforeOversized, ...during),
      max: Math.max(...rssSamples.map((sample) => sample.mb)),
      end: server.rssMb(),
    },
    runMs: performance.now() - started,
  };
}, IDLE_TIMEOUT_MS + 240_000);

afterAll(() => {
  if (!outcome) return;
  const probeMs = outcome.probe.map((p) => p.ms).sort((a, b) => a - b);
  const headerClosed = outcome.headers
    .filter((client) => client.closedByServerAt)
    .map((client) => (client.closedByServerAt - client.openedAt) / 1000);
  const idleClosed = outcome.idle
    .filter(({ client }) => client.closedByServerAt)
    .map(({ client, answeredAt }) => (client.closedByServerAt - answeredAt) / 1000);
  const bodyAnswers = outcome.bodies.map(({ client }) => (client.answeredAt - client.openedAt) / 1000).filter((s) => s > 0);
  const bodyStatuses: Record<string, number> = {};
  for (const { client } of outcome.bodies) bodyStatuses[client.status] = (bodyStatuses[client.status] ?? 0) + 1;
  const range = (values: number[], digits = 1) =>
    values.length ? `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}` : 'none';
  const values: Record<string, string | number> = {
    'header drippers (1 byte / 5 s)': HEADER_SOCKETS,
    'body drippers (1 KB/s; chunked contact / 1 MB declared admin post)': `${BODY_SOCKETS} (${BODY_SOCKETS / 2} / ${BODY_SOCKETS / 2})`,
    'body-read deadline (ms)': BODY_DEADLINE_MS,
    'health probes: statuses': statusSummary(
      Object.fromEntries(
        [...new Set(outcome.probe.map((p) => p.status))].map((s) => [s, outcome.probe.filter((p) => p.status === s).length]),
      ),
    ),
    'health probe p50 / max (ms)': `${Math.round(probeMs[Math.floor(probeMs.length / 2)] ?? 0)} / ${Math.round(probeMs.at(-1) ?? 0)}`,
    'header drippers closed by the server / open at the end': `${headerClosed.length} / ${outcome.headerOpenAtEnd}`,
    'header drippers closed after (s)': range(headerClosed),
    'header drippers: bytes the server answered': outcome.headers.reduce((sum, client) => sum + client.received.length, 0),
    'idle keep-alive connections (after one answer)': IDLE_SOCKETS,
    'idle connections closed by the server / open at the end': `${idleClosed.length} / ${outcome.idleOpenAtEnd}`,
    'idle connections closed after their answer (s)': range(idleClosed),
    'dripped bodies: answers': statusSummary(bodyStatuses),
    'dripped bodies answered after (s)': range(bodyAnswers),
    'dripped bodies: KB sent before the answer': range(
      outcome.bodies.map(({ client }) => client.sentBeforeAnswer / 1024),
      0,
    ),
    'dripped bodies closed by the server after the answer': outcome.bodies.filter(
      ({ client }) => client.closedByServerAt && client.answeredAt,
    ).length,
  };
  for (const result of outcome.oversized) {
    values[`100 MB ${result.mode} → ${result.target}`] =
      `${result.status} ${result.message} after ${Math.round(result.sentBeforeAnswer / 1024)} KB sent, ${result.answerMs} ms; closed ${result.closedAfterAnswerMs < 0 ? 'no' : `+${result.closedAfterAnswerMs} ms`}`;
  }
  values['RSS start / before the 100 MB bodies / max during them / max / end (MB)'] =
    `${outcome.rss.start} / ${outcome.rss.beforeOversized} / ${outcome.rss.maxOversized} / ${outcome.rss.max} / ${outcome.rss.end}`;
  values['log lines that mean a bug'] = server.problems().length;
  values['run length (s)'] = Math.round(outcome.runMs / 1000);
  figures('Test 8: slow and oversized clients', values);
});

describe('slow and oversized clients', () => {
  test('GET /api/health answers 200 within 5 s throughout', () => {
    // At least one probe a second (one every 250 ms when answers are quick).
    expect(outcome.probe.length).toBeGreaterThanOrEqual(Math.floor(outcome.runMs / 1000));
    const bad = outcome.probe.filter((p) => p.status !== 200 || p.ms > 5_000);
    expect(bad).toEqual([]);
  });

  test(`header drippers are closed by Bun ${HEADER_TIMEOUT_MS / 1000} s after they connected, unanswered`, () => {
    const received = outcome.headers.filter((client) => client.received.length > 0);
    expect(received.map((client) => client.received.slice(0, 60))).toEqual([]);
    const closedAfter = outcome.headers.map((client) =>
      client.closedByServerAt ? client.closedByServerAt - client.openedAt : Number.POSITIVE_INFINITY,
    );
    expect(closedAfter.filter((ms) => ms < HEADER_TIMEOUT_MS - TICK_MS / 2 - 500 || ms > HEADER_TIMEOUT_MS + TICK_MS / 2 + 3_000)).toEqual(
      [],
    );
  });

  test(`idle keep-alive connections are closed by idleTimeout (${IDLE_TIMEOUT_MS / 1000} s)`, () => {
    if (!FULL) {
      // The short run ends long before idleTimeout: nothing may have closed them before it.
      expect(outcome.idleOpenAtEnd).toBe(IDLE_SOCKETS);
      return;
    }
    const closedAfter = outcome.idle.map(({ client, answeredAt }) =>
      client.closedByServerAt ? client.closedByServerAt - answeredAt : Number.POSITIVE_INFINITY,
    );
    // Within the tick before idleTimeout, plus room for a busy event loop.
    expect(closedAfter.filter((ms) => ms < IDLE_TIMEOUT_MS - TICK_MS - 500 || ms > IDLE_TIMEOUT_MS + 5_000)).toEqual([]);
  });

  test(`bodies still arriving after the deadline (${BODY_DEADLINE_MS / 1000} s) are answered 408 { message } and closed`, () => {
    for (const { client } of outcome.bodies) {
      expect(client.status).toBe('408');
      expect(client.header('content-type')).toContain('application/json');
      expect(JSON.parse(client.body)).toEqual({ message: 'Request body not received in time' });
      const after = client.answeredAt - client.openedAt;
      expect(after).toBeGreaterThanOrEqual(BODY_DEADLINE_MS - 100);
      expect(after).toBeLessThan(BODY_DEADLINE_MS + 5_000);
      expect(client.closedByServerAt).toBeGreaterThan(0);
    }
  });

  test('100 MB declared: 413 within the first 64 KB; chunked: 413 once the route limit is passed, then the connection is closed', () => {
    for (const result of outcome.oversized) {
      const label = `${result.mode} → ${result.target}: ${result.status} after ${result.sentBeforeAnswer} B`;
      expect(label).toStartWith(`${result.mode} → ${result.target}: 413 `);
      const allowed = result.mode === 'declared' ? 64 * 1024 : result.limit + 256 * 1024;
      expect(result.sentBeforeAnswer).toBeLessThanOrEqual(allowed);
      expect(result.closedAfterAnswerMs).toBeGreaterThanOrEqual(0);
      if (result.mode === 'chunked') expect(result.message).not.toBe('');
    }
  });

  test('memory: RSS grows by less than 50 MB while the 100 MB bodies are refused', () => {
    expect(outcome.rss.maxOversized - outcome.rss.beforeOversized).toBeLessThan(50);
  });

  test('no log line that means a bug (500s, uncaught errors)', () => {
    expect(server.problems()).toEqual([]);
  });
});
