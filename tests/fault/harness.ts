// The harness of the reliability and fault tests (docs/reliability.md): a disposable Postgres cluster,
// production servers started from the real start script on free loopback ports, a small bounded
// load generator and a printer for each test's figures. Everything a test starts is registered
// here and stopped by `cleanup()` (afterAll) or, should the run die first, by the exit handlers.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { type DisposablePostgres, freePort, startPostgres } from '#scripts/lib/disposable-postgres.ts';
import { apiClients } from '#src/lib/api-client.ts';

export const ROOT = path.resolve(import.meta.dir, '../..');
/** FAULT_FULL=1: the durations of docs/reliability.md; otherwise a short variant of a few seconds. */
export const FULL = process.env.FAULT_FULL === '1';
export const VARIANT = FULL ? 'full' : 'short';
export const OWNER_EMAIL = 'owner@example.com';
export const OWNER_PASSWORD = 'Fault-Owner-Passw0rd!';
const HARNESS_APP_NAME = 'fault-harness';

export const sleep = (ms: number) => Bun.sleep(ms);

// ---- Registry: every process and cluster started here, for cleanup whatever happens.

const liveServers = new Set<AppServer>();
const liveClusters = new Set<DisposablePostgres>();
const liveClients = new Set<postgres.Sql>();

function killEverythingSync() {
  for (const server of liveServers) {
    try {
      server.proc.kill('SIGKILL');
    } catch {}
  }
  liveServers.clear();
  for (const cluster of liveClusters) cluster.stopSync();
  liveClusters.clear();
}

let handlersInstalled = false;
function installExitHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killEverythingSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      killEverythingSync();
      process.exit(130);
    });
  }
}

/** Stops every server (SIGKILL if still running), closes the SQL clients and removes every cluster. */
export async function cleanup(): Promise<void> {
  for (const server of [...liveServers]) await server.stop({ graceMs: 2_000 }).catch(() => {});
  for (const client of [...liveClients]) await client.end({ timeout: 1 }).catch(() => {});
  liveClients.clear();
  for (const cluster of [...liveClusters]) {
    await cluster.stop().catch(() => {});
    liveClusters.delete(cluster);
  }
}

// ---- Postgres

export async function startCluster(): Promise<DisposablePostgres> {
  installExitHandlers();
  const cluster = await startPostgres();
  liveClusters.add(cluster);
  return cluster;
}

/** A direct SQL client for the checks (its own application_name, so the app's backends can be told apart). */
export function sqlClient(url: string, max = 2): postgres.Sql {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 5,
    connection: { application_name: HARNESS_APP_NAME },
  });
  liveClients.add(client);
  return client;
}

/** Client backends on the cluster other than the harness's own. */
export async function appBackends(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
    where backend_type = 'client backend' and application_name <> ${HARNESS_APP_NAME} and pid <> pg_backend_pid()`;
  return row!.n;
}

// ---- The production build

const SOURCES = ['src', 'server', 'db', 'public', 'waku.config.ts', 'package.json', 'bun.lock'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

let buildReady: Promise<string> | undefined;

/**
 * The folder of the production build the servers run. FAULT_DIST_DIR names one already built
 * (`bun run test` passes the `dist/` it has just built); otherwise `.dist-fault/`, built once
 * per run when it is missing or older than the sources.
 */
export function ensureBuild(): Promise<string> {
  buildReady ??= (async () => {
    const given = process.env.FAULT_DIST_DIR;
    if (given) {
      if (!existsSync(path.resolve(ROOT, given, 'server/index.js'))) throw new Error(`FAULT_DIST_DIR=${given} holds no build`);
      return given;
    }
    const dir = '.dist-fault';
    const bundle = path.join(ROOT, dir, 'server/index.js');
    const sources = Math.max(...SOURCES.map((name) => newestMtime(path.join(ROOT, name))));
    if (existsSync(bundle) && statSync(bundle).mtimeMs > sources) return dir;
    const started = performance.now();
    const build = Bun.spawn(['bun', '--bun', 'waku', 'build'], {
      cwd: ROOT,
      env: { ...process.env, DIST_DIR: dir, NODE_ENV: 'production' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, err, code] = await Promise.all([new Response(build.stdout).text(), new Response(build.stderr).text(), build.exited]);
    if (code !== 0) throw new Error(`The fault build failed (${code}):\n${err || out}`);
    console.log(`[fault] built ${dir}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return dir;
  })();
  return buildReady;
}

// ---- Production servers

export interface ServerOptions {
  name: string;
  databaseUrl: string;
  /** Extra variables (SCHEDULER_INTERVAL_MS, CONTACT_LIMIT_PER_10_MIN, DATABASE_POOL_MAX…). */
  env?: Record<string, string>;
  /** Reuse a port (a restarted instance); a free one otherwise. */
  port?: number;
}

export interface StopResult {
  exitCode: number | null;
  signalCode: NodeJS.Signals | number | null;
  ms: number;
  killed: boolean;
}

// Request lines ("GET /blog 200 3.1ms") are most of the log under load: only the 500s among them
// are kept. Every other line is kept (up to MAX_LOG_LINES), so nothing telling is lost in a long run.
const MAX_LOG_LINES = 200_000;
const REQUEST_LINE = /^[A-Z]+ \S+ (\d{3}) [\d.]+ms$/;
// porsager/postgres #1208 (PR #1209 open): nextWrite on a socket already closed, thrown from a
// setImmediate. Counted apart in the figures; Bun 1.4.5 exits on such a throw, so a server it hits
// stops and the test fails on that (docs/reliability.md).
const KNOWN_DRIVER_DEFECT = /TypeError: null is not an object \(evaluating 'socket\.write'\)/;

export class AppServer {
  /** Every log line but the request lines. */
  readonly lines: string[] = [];
  /** Request lines that answered 500. */
  readonly serverErrors: string[] = [];
  requestLines = 0;
  private readers: Promise<void>[] = [];
  constructor(
    readonly name: string,
    readonly port: number,
    readonly proc: ReturnType<typeof Bun.spawn<'ignore', 'pipe', 'pipe'>>,
  ) {
    this.readers = [this.read(proc.stdout), this.read(proc.stderr)];
  }

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }
  get pid() {
    return this.proc.pid;
  }
  url(pathname: string) {
    return `${this.origin}${pathname}`;
  }

  private async read(stream: ReadableStream<Uint8Array>) {
    // Always drained: a full pipe would block the server's console.log and stall it.
    const decoder = new TextDecoder();
    let rest = '';
    for await (const chunk of stream) {
      const parts = (rest + decoder.decode(chunk, { stream: true })).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) this.push(line);
    }
    if (rest) this.push(rest);
  }

  private waiters: Array<{ pattern: RegExp; resolve: (at: number) => void }> = [];

  /** Resolves with the time (performance.now()) the first line matching `pattern` from now on is read. */
  nextLine(pattern: RegExp): Promise<number> {
    return new Promise((resolve) => this.waiters.push({ pattern, resolve }));
  }

  private push(line: string) {
    const at = performance.now();
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.pattern.test(line)) return true;
      waiter.resolve(at);
      return false;
    });
    const request = REQUEST_LINE.exec(line);
    if (request) {
      this.requestLines++;
      if (request[1] === '500') this.serverErrors.push(line);
      return;
    }
    if (this.lines.length < MAX_LOG_LINES) this.lines.push(line);
  }

  /** Log lines (request lines aside) matching `pattern`. */
  grep(pattern: RegExp): string[] {
    return this.lines.filter((line) => pattern.test(line));
  }

  /**
   * Lines that mean a bug, not a handled fault: unhandled rejections, uncaught programming errors,
   * 500s. A failed query printed inside Waku's "Error during rendering" report is handled (the
   * page answers the 503 view) and is counted apart.
   */
  problems(): string[] {
    return [
      ...this.serverErrors,
      ...this.lines.filter(
        (line) =>
          (/unhandled|uncaught|Internal server error|"level":"error".*"path"/i.test(line) ||
            /^\s*(TypeError|ReferenceError|SyntaxError|RangeError|panic)\b/.test(line)) &&
          !/scheduled_publishing_failed/.test(line) &&
          !KNOWN_DRIVER_DEFECT.test(line),
      ),
    ];
  }

  /** The lines around the first line matching `pattern` (for a failure's report). */
  around(pattern: RegExp, before = 24, after = 12): string[] {
    const index = this.lines.findIndex((line) => pattern.test(line));
    return index < 0 ? [] : this.lines.slice(Math.max(0, index - before), index + after + 1);
  }

  /** postgres.js 3.4.9's uncaught TypeError from a write on a closed socket (see docs/reliability.md). */
  driverDefects(): number {
    return this.grep(KNOWN_DRIVER_DEFECT).length;
  }

  get running() {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Resident memory in MB, from /proc (0 once the process is gone). */
  rssMb(): number {
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kb = Number(status.match(/VmRSS:\s+(\d+)\s+kB/)?.[1] ?? 0);
      return Math.round(kb / 102.4) / 10;
    } catch {
      return 0;
    }
  }

  /** Waits for GET /api/health to answer 200; throws with the server's last log lines otherwise. */
  async waitHealthy(timeoutMs = 60_000): Promise<number> {
    const started = performance.now();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) break;
      try {
        const response = await fetch(this.url('/api/health'), { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - started;
      } catch {}
      await sleep(50);
    }
    throw new Error(`${this.name} not healthy (exit ${this.proc.exitCode}):\n${this.lines.slice(-30).join('\n')}`);
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  async stop({ graceMs = 15_000 }: { graceMs?: number } = {}): Promise<StopResult> {
    const started = performance.now();
    let killed = false;
    if (this.running) {
      this.proc.kill('SIGTERM');
      const timer = setTimeout(() => {
        killed = true;
        this.proc.kill('SIGKILL');
      }, graceMs);
      await this.proc.exited;
      clearTimeout(timer);
    }
    await Promise.all(this.readers);
    liveServers.delete(this);
    return { exitCode: this.proc.exitCode, signalCode: this.proc.signalCode, ms: performance.now() - started, killed };
  }

  /** kill -9: no cleanup of any kind in the server. */
  async kill9(): Promise<void> {
    this.proc.kill('SIGKILL');
    await this.proc.exited;
    await Promise.all(this.readers);
    liveServers.delete(this);
  }
}

/** Starts `bun scripts/start.ts` on the fault build; does not wait for it (see waitHealthy). */
export async function startServer(options: ServerOptions): Promise<AppServer> {
  installExitHandlers();
  const distDir = await ensureBuild();
  const port = options.port ?? (await freePort());
  // A clean environment: nothing from the developer's shell or a .env decides what is tested.
  const proc = Bun.spawn(['bun', '--no-env-file', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      DIST_DIR: distDir,
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      ADMIN_EMAIL: OWNER_EMAIL,
      ADMIN_PASSWORD: OWNER_PASSWORD,
      SITE_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const server = new AppServer(options.name, port, proc);
  liveServers.add(server);
  return server;
}

// ---- HTTP helpers

/** Signs in through the real login form's API; answers the Cookie header value. */
export async function login(server: AppServer, email = OWNER_EMAIL, password = OWNER_PASSWORD): Promise<string> {
  const response = await fetch(server.url('/api/auth/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.origin },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login on ${server.name}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
  if (!cookie) throw new Error('login answered no session cookie');
  return cookie.split(';')[0]!;
}

/** A same-origin JSON request as the admin screens send it. */
export function api(
  server: AppServer,
  method: string,
  pathname: string,
  { cookie, body, timeoutMs = 15_000 }: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Origin: server.origin };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(server.url(pathname), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/**
 * The screens' own typed clients (src/lib/api-client.ts) on `server`, sending what `api` sends
 * (same-origin, with `cookie`, given up after `timeoutMs`), so a test reads each answer as its
 * route declares it, never cast:
 *   const created = await typedApi(server, { cookie }).adminApi.newsletters.$post({ json: input });
 *   expect(created.status).toBe(201);
 *   const { id } = await created.json();
 * Requests that send what no route takes (bad input, raw bytes) stay with `api` or fetch.
 */
export function typedApi(server: AppServer, { cookie, timeoutMs = 15_000 }: { cookie?: string; timeoutMs?: number } = {}) {
  const headers: Record<string, string> = { Origin: server.origin };
  if (cookie) headers.Cookie = cookie;
  return apiClients({
    origin: server.origin,
    headers,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) })) as typeof fetch,
  });
}

// ---- Load generator (loopback only, bounded in count and time)

export interface LoadRequest {
  url: string;
  init?: RequestInit;
  /** A label for the figures ("page", "api", "contact"). */
  kind?: string;
}

export interface Sample {
  request: LoadRequest;
  kind: string;
  status: number;
  ms: number;
  contentType: string;
  body: string;
  at: number;
  error?: string;
}

export interface LoadOptions {
  concurrency: number;
  durationMs: number;
  /** Hard stop on the number of requests, whatever the duration. */
  maxRequests?: number;
  /** Per request; a request still unanswered by then counts as an error ("timeout"). */
  timeoutMs?: number;
  next: (loop: number, n: number) => LoadRequest;
  /** Called with every answer (or socket error); return a reason to count it as a failure. */
  check?: (sample: Sample) => string | undefined;
  /** Keep at most this many bytes of each body (for checks). */
  keepBody?: number;
  signal?: AbortSignal;
}

export interface LoadStats {
  sent: number;
  statuses: Record<string, number>;
  byKind: Record<string, Record<string, number>>;
  errors: Record<string, number>;
  failures: number;
  failureExamples: string[];
  p50: number;
  p95: number;
  max: number;
}

const LOOPBACK = /^http:\/\/127\.0\.0\.1:\d+\//;

export async function runLoad(options: LoadOptions): Promise<LoadStats> {
  const stats: LoadStats = { sent: 0, statuses: {}, byKind: {}, errors: {}, failures: 0, failureExamples: [], p50: 0, p95: 0, max: 0 };
  const latencies: number[] = [];
  const maxRequests = options.maxRequests ?? 1_000_000;
  const end = Date.now() + options.durationMs;
  const loop = async (index: number) => {
    for (let n = 0; Date.now() < end && stats.sent < maxRequests && !options.signal?.aborted; n++) {
      const request = options.next(index, n);
      if (!LOOPBACK.test(request.url)) throw new Error(`load generator: loopback only, not ${request.url}`);
      const kind = request.kind ?? 'request';
      stats.sent++;
      const started = performance.now();
      let sample: Sample;
      try {
        const response = await fetch(request.url, { ...request.init, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
        const body = await response.text();
        sample = {
          request,
          kind,
          status: response.status,
          ms: performance.now() - started,
          contentType: response.headers.get('content-type') ?? '',
          body: body.slice(0, options.keepBody ?? 200),
          at: Date.now(),
        };
      } catch (error) {
        const name = (error as { code?: string; name?: string }).code ?? (error as Error).name ?? 'error';
        sample = { request, kind, status: 0, ms: performance.now() - started, contentType: '', body: '', at: Date.now(), error: name };
        stats.errors[name] = (stats.errors[name] ?? 0) + 1;
      }
      latencies.push(sample.ms);
      const key = sample.error ? 'error' : String(sample.status);
      stats.statuses[key] = (stats.statuses[key] ?? 0) + 1;
      (stats.byKind[kind] ??= {})[key] = (stats.byKind[kind]![key] ?? 0) + 1;
      const failure = options.check?.(sample);
      if (failure) {
        stats.failures++;
        if (stats.failureExamples.length < 10) stats.failureExamples.push(`${kind} ${sample.status}: ${failure}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => loop(index)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  stats.p50 = at(0.5);
  stats.p95 = at(0.95);
  stats.max = Math.round(latencies.at(-1) ?? 0);
  return stats;
}

/**
 * docs/reliability.md, test 1's rule for each answer: 2xx, or a JSON 503 `{message}`, within 5 s.
 * Pages (HTML) may answer the 503 view instead of JSON.
 */
export function twoXxOrJson503(sample: Sample): string | undefined {
  if (sample.error) return `socket error ${sample.error} after ${Math.round(sample.ms)} ms`;
  if (sample.ms > 5_000) return `answered after ${Math.round(sample.ms)} ms`;
  if (sample.status >= 200 && sample.status < 300) return undefined;
  if (sample.status === 503) {
    if (sample.contentType.startsWith('application/json') && sample.body.includes('"message"')) return undefined;
    if (sample.kind === 'page' && sample.contentType.startsWith('text/html')) return undefined;
    return `503 without the JSON body (${sample.contentType}): ${sample.body.slice(0, 80)}`;
  }
  return `status ${sample.status}: ${sample.body.slice(0, 120)}`;
}

/** Polls GET /api/health every `everyMs` until stopped; answers the timeline of statuses. */
export function healthProbe(server: AppServer, everyMs = 100) {
  const timeline: Array<{ at: number; status: number; ms: number }> = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      let status = 0;
      try {
        const response = await fetch(server.url('/api/health'), { signal: AbortSignal.timeout(8_000) });
        await response.arrayBuffer();
        status = response.status;
      } catch {}
      timeline.push({ at: Date.now(), status, ms: performance.now() - started });
      await sleep(everyMs);
    }
  })();
  return {
    timeline,
    async stop() {
      stopped = true;
      await done;
      return timeline;
    },
  };
}

/**
 * docs/reliability.md, tests 1 and 2's readers: /blog (usually a page-cache hit), /api/blog-posts and,
 * one request in ten, a /blog URL the cache has never seen (so a page renders against the
 * database); every answer checked by twoXxOrJson503.
 */
export function blogReaders(
  server: AppServer,
  { concurrency, durationMs, tag, onAnswer }: { concurrency: number; durationMs: number; tag: string; onAnswer?: (sample: Sample) => void },
) {
  let uncached = 0;
  return runLoad({
    concurrency,
    durationMs,
    maxRequests: 2_000_000,
    timeoutMs: 10_000,
    next: (loop, n): LoadRequest => {
      if (n % 10 === 9) return { url: server.url(`/blog?uncached=${tag}-${loop}-${uncached++}`), kind: 'page' };
      return n % 2 === 0 ? { url: server.url('/blog'), kind: 'page' } : { url: server.url('/api/blog-posts?limit=9'), kind: 'api' };
    },
    check: (sample) => {
      onAnswer?.(sample);
      return twoXxOrJson503(sample);
    },
  });
}

/**
 * docs/reliability.md, tests 1 and 2's writers: contact messages `${prefix}${loop}-${n}`, each unique;
 * the message of every 201 goes into `acknowledged` (the server needs a high CONTACT_LIMIT_PER_10_MIN).
 */
export function contactWriters(
  server: AppServer,
  {
    concurrency,
    durationMs,
    prefix,
    acknowledged,
    onAnswer,
  }: { concurrency: number; durationMs: number; prefix: string; acknowledged: Set<string>; onAnswer?: (sample: Sample) => void },
) {
  return runLoad({
    concurrency,
    durationMs,
    maxRequests: 500_000,
    timeoutMs: 10_000,
    next: (loop, n) => ({
      kind: 'contact',
      url: server.url('/api/contact'),
      init: {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.origin },
        body: JSON.stringify({ name: 'Fault Writer', email: 'writer@example.com', message: `${prefix}${loop}-${n}` }),
      },
    }),
    check: (sample) => {
      if (sample.status === 201) acknowledged.add(JSON.parse(String(sample.request.init!.body)).message);
      onAnswer?.(sample);
      return twoXxOrJson503(sample);
    },
  });
}

/** The contact messages stored under `prefix`, against the acknowledged ones: each 201 stored exactly once? */
export async function storedMarkers(sql: postgres.Sql, prefix: string, acknowledged: Set<string>) {
  const rows = await sql<{ message: string; n: number }[]>`
    select message, count(*)::int as n from contact_messages where starts_with(message, ${prefix}) group by message`;
  const stored = new Set(rows.map((row) => row.message));
  return {
    stored: rows.length,
    lost: [...acknowledged].filter((message) => !stored.has(message)).length,
    duplicates: rows.filter((row) => row.n > 1).length,
    unacknowledged: rows.filter((row) => !acknowledged.has(row.message)).length,
  };
}

/** Tries a new TCP connection to a loopback port: true when something accepted it within 1 s. */
export function acceptsConnection(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// ---- Figures

export type Figures = Record<string, string | number | boolean>;

/** One clear block per test, also kept as JSON in test-results/fault/ for docs/reliability.md. */
export function figures(test: string, values: Figures): void {
  const width = Math.max(...Object.keys(values).map((key) => key.length)) + 2;
  const lines = [
    '',
    `┌─ ${test} (${VARIANT}) ${'─'.repeat(Math.max(4, 68 - test.length - VARIANT.length))}`,
    ...Object.entries(values).map(([key, value]) => `│ ${key.padEnd(width, '.')} ${value}`),
    `└${'─'.repeat(74)}`,
  ];
  console.log(lines.join('\n'));
  try {
    const dir = path.join(ROOT, 'test-results/fault');
    mkdirSync(dir, { recursive: true });
    const file = `${test.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${VARIANT}.json`;
    writeFileSync(
      path.join(dir, file),
      JSON.stringify({ test, variant: VARIANT, date: new Date().toISOString(), machine: machine(), figures: values }, null, 2),
    );
  } catch {}
}

export function machine(): string {
  const gib = Math.round(os.totalmem() / 1024 ** 3);
  return `${os.cpus().length} cores, ${gib} GiB, ${os.type()} ${os.release()}, bun ${Bun.version}`;
}

export const statusSummary = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ') || 'none';

/** A disposable cluster, a client on it, and one production server on it, answering healthy. */
export async function startClusterAndServer(env: Record<string, string> = {}) {
  const cluster = await startCluster();
  const sql = sqlClient(cluster.url);
  const server = await startServer({ name: 'app', databaseUrl: cluster.url, env });
  await server.waitHealthy();
  return { cluster, sql, server };
}
