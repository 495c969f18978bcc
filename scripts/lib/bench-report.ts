// The report scripts/bench.ts prints: a Markdown section for docs/benchmarks.md with the machine,
// the ceiling and a table a group of wrk runs (each rate also as a share of the ceiling's mean), then
// the browser's figures unless --quick.
import os from 'node:os';
import { CONNECTIONS, type LoadResult, SECONDS } from './bench-wrk.ts';

export interface BenchRun {
  /** The generated posts seeded on top of the sample site. */
  posts: number;
  postgresVersion: string;
  /** Bytes of the home page: the size of the ceiling's answer. */
  homeSize: number;
  ceilingBefore: LoadResult;
  ceilingAfter: LoadResult;
  hits: LoadResult[];
  twoInstances: LoadResult[];
  junk: LoadResult[];
  crawler: LoadResult;
  misses: LoadResult[];
  workerMisses: LoadResult[];
  /** browserTables(), or '' with --quick. */
  browser: string;
}

/** JavaScript per page and the Lighthouse scores, as two Markdown tables. */
export function browserTables(pages: string[], scripts: Map<string, number>, scores: [string, Record<string, number>][]): string {
  return `
| page | JavaScript loaded (gzip) |
|---|---|
${pages.map((page) => `| \`${page}\` | ${((scripts.get(page) ?? 0) / 1024).toFixed(1)} KB |`).join('\n')}

| Lighthouse (mobile) | performance | accessibility | best practices | SEO |
|---|---|---|---|---|
${scores.map(([route, s]) => `| \`${route}\` | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} |`).join('\n')}
`;
}

/** The Markdown section for one run: the machine, the ceiling, and a table a group of wrk runs. */
export function benchReport(run: BenchRun): string {
  const { ceilingBefore, ceilingAfter } = run;
  const ceiling = (ceilingBefore.requestsPerSecond + ceilingAfter.requestsPerSecond) / 2;
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, bun ${Bun.version}, ${run.postgresVersion}`;
  const share = (r: LoadResult) => `${((r.requestsPerSecond / ceiling) * 100).toFixed(r.requestsPerSecond / ceiling < 0.1 ? 2 : 1)}%`;
  const cacheColumn = (r: LoadResult) => (r.cache ? `${r.cache.hit} / ${r.cache.miss}` : '');
  const row = (r: LoadResult) =>
    `| ${r.label} | ${r.requestsPerSecond.toFixed(0)} | ${share(r)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.socketErrors} | ${cacheColumn(r)} |`;
  const table = (title: string, rows: LoadResult[]) => `
| ${title} | requests/s | of ceiling | p50 | p99 | non-2xx | socket errors | cache hit / miss |
|---|---|---|---|---|---|---|---|
${rows.map(row).join('\n')}
`;
  return `
## Run of ${date} (${run.posts.toLocaleString('en')} generated posts)

Machine: ${machine}. wrk -t2 -c${CONNECTIONS} -d${SECONDS}s on loopback, sharing the cores with the server.
Ceiling: bare Bun.serve answering a ${run.homeSize} B string, ${ceilingBefore.requestsPerSecond.toFixed(0)} requests/s before the routes
and ${ceilingAfter.requestsPerSecond.toFixed(0)} after (p99 ${ceilingBefore.p99} / ${ceilingAfter.p99}); shares are of their mean, ${ceiling.toFixed(0)}.
${table('cache hits', run.hits)}${table('cache hits, two instances on one database (wrk per instance, rates summed)', run.twoInstances)}${table('fresh junk parameter per request', [...run.junk, run.crawler])}${table('misses (page cache off)', run.misses)}${table('misses, WEB_CONCURRENCY=2 (two worker processes)', run.workerMisses)}${run.browser}`;
}
