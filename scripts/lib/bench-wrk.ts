// wrk runs, for scripts/bench.ts: a route loaded for BENCH_SECONDS (default 10) over 50 connections and
// read into a LoadResult; Lua scripts that give each request a fresh query parameter or walk a list of
// paths, counting the page cache's answers; two instances loaded at once; the machine's ceiling.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from './bench-server.ts';

export const CONNECTIONS = 50;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: string;
  p99: string;
  non2xx: number;
  socketErrors: number;
  /** Answers the page cache served, and those it rendered (the X-Page-Cache header), when counted. */
  cache?: { hit: number; miss: number };
}

// Each wrk thread has its own Lua state: `setup` numbers the threads so their URLs never repeat
// one another's, `response` counts the page cache's answers, `done` sums them over the threads.
const COUNTING_LUA = `
local threads = {}
function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end
function init(args)
  n = 0
  hits = 0
  misses = 0
end
function response(status, headers, body)
  local cache = headers["X-Page-Cache"] or headers["x-page-cache"]
  if cache == "hit" then hits = hits + 1 elseif cache == "miss" then misses = misses + 1 end
end
function done(summary, latency, requests)
  local h, m = 0, 0
  for _, thread in ipairs(threads) do
    h = h + thread:get("hits")
    m = m + thread:get("misses")
  end
  io.write(string.format("page cache: hit %d miss %d\\n", h, m))
end
`;

/** A wrk script in `scratch`: every request gets `path` with a query parameter no request has used before. */
export function freshParameterScript(scratch: string, route: string, parameter = 'r'): string {
  const separator = route.includes('?') ? '&' : '?';
  const file = path.join(scratch, `fresh-${Bun.hash(route + parameter)}.lua`);
  writeFileSync(
    file,
    `${COUNTING_LUA}
function request()
  n = n + 1
  return wrk.format(nil, ${JSON.stringify(`${route}${separator}${parameter}=`)} .. id .. "-" .. n .. "-" .. math.random(1e9))
end
`,
  );
  return file;
}

/** A wrk script in `scratch`: the given paths in turn, the threads starting at opposite ends of the list (a crawler). */
export function everyPathScript(scratch: string, paths: string[]): string {
  const file = path.join(scratch, 'every-path.lua');
  writeFileSync(
    file,
    `${COUNTING_LUA}
local paths = {${paths.map((p) => JSON.stringify(p)).join(',\n')}}
function request()
  n = n + 1
  local i = ((id - 1) * math.floor(#paths / 2) + n - 1) % #paths + 1
  return wrk.format(nil, paths[i])
end
`,
  );
  return file;
}

/** wrk's summary, with latency percentiles (`--latency`), optionally driven by a Lua script. */
export async function load(
  base: string,
  label: string,
  route: string,
  script?: string,
  { threads = 2, connections = CONNECTIONS, cookie }: { threads?: number; connections?: number; cookie?: string } = {},
): Promise<LoadResult> {
  const out = await run([
    'wrk',
    `-t${threads}`,
    `-c${connections}`,
    `-d${SECONDS}s`,
    '--latency',
    '--timeout',
    '10s',
    ...(cookie ? ['-H', `Cookie: ${cookie}`] : []),
    ...(script ? ['-s', script] : []),
    `${base}${route}`,
  ]);
  const percentile = (p: string) => out.match(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm'))?.[1] ?? '?';
  const errors = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const cache = out.match(/page cache: hit (\d+) miss (\d+)/);
  const result: LoadResult = {
    label,
    requestsPerSecond: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: percentile('50'),
    p99: percentile('99'),
    non2xx: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
  if (cache) result.cache = { hit: Number(cache[1]), miss: Number(cache[2]) };
  console.error(`  ${label}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99}`);
  return result;
}

/** The same route on two instances at once, half the connections each: the rates summed, the worse p99. */
export async function loadBoth(bases: [string, string], label: string, route: string): Promise<LoadResult> {
  const half = { threads: 1, connections: CONNECTIONS / 2 };
  const [a, b] = await Promise.all(bases.map((base) => load(base, label, route, undefined, half)));
  const ms = (value: string) => Number.parseFloat(value) * (value.endsWith('us') ? 0.001 : value.endsWith('ms') ? 1 : 1000);
  return {
    label,
    requestsPerSecond: a!.requestsPerSecond + b!.requestsPerSecond,
    p50: ms(a!.p50) > ms(b!.p50) ? a!.p50 : b!.p50,
    p99: ms(a!.p99) > ms(b!.p99) ? a!.p99 : b!.p99,
    non2xx: a!.non2xx + b!.non2xx,
    socketErrors: a!.socketErrors + b!.socketErrors,
  };
}

/** A bare Bun.serve answering a string of `size` bytes: what this machine manages with nothing to do. */
export async function measureCeiling(size: number, label: string): Promise<LoadResult> {
  const body = 'x'.repeat(size);
  const ceiling = Bun.serve({ port: 0, fetch: () => new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }) });
  try {
    return await load(`http://127.0.0.1:${ceiling.port}`, label, '/');
  } finally {
    ceiling.stop(true);
  }
}
