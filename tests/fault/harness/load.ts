// The load generator (loopback only, bounded in count and time), the rule each answer is held to,
// a health probe, and the readers and writers of docs/reliability.md's tests 1 and 2.
import type postgres from 'postgres';
import type { AppServer } from './app-server.ts';
import { sleep } from './wait.ts';

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
