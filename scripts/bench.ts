// `bun run bench`: measures the production server on this machine and prints one table.
//   1. a disposable Postgres with the sample site plus 1,000 generated posts
//   2. the production build, started on a free port
//   3. wrk at 50 connections for 10 s per route, then a bare Bun.serve answering a static string
//      the size of the home page (the machine's ceiling), in the same run
//   4. JavaScript shipped per public page (gzip), and Lighthouse (mobile) for /, /blog and a post
// Nothing here asserts: the figures are printed and go to docs/benchmarks.md by hand.
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, startPostgres } from './lib/disposable-postgres.ts';

const CONNECTIONS = 50;
const SECONDS = 10;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface LoadResult {
  route: string;
  requestsPerSecond: number;
  p50: string;
  p99: string;
  non2xx: number;
  socketErrors: number;
}

function requireTool(command: string, hint: string) {
  if (Bun.spawnSync(['which', command]).exitCode !== 0) {
    console.error(`${command} is missing: ${hint}`);
    process.exit(1);
  }
}

async function run(command: string[], env: Record<string, string | undefined> = {}) {
  const child = Bun.spawn(command, { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`${command.join(' ')} failed:\n${stderr || stdout}`);
  return stdout;
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await Bun.sleep(250);
  }
  throw new Error(`${url} did not come up`);
}

/** wrk's summary, with latency percentiles (`--latency`). */
async function load(base: string, route: string): Promise<LoadResult> {
  const out = await run(['wrk', '-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', `${base}${route}`]);
  const percentile = (p: string) => out.match(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm'))?.[1] ?? '?';
  const errors = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    route,
    requestsPerSecond: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: percentile('50'),
    p99: percentile('99'),
    non2xx: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/** Bytes of JavaScript a page loads, gzip-compressed as a server would send them. */
async function javascriptBytes(base: string, routes: string[]): Promise<Map<string, number>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const sizes = new Map<string, number>();
  for (const route of routes) {
    const page = await browser.newPage();
    const bodies: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        bodies.push(
          response
            .body()
            .then((body) => Bun.gzipSync(new Uint8Array(body)).byteLength)
            .catch(() => 0),
        );
      }
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    sizes.set(
      route,
      (await Promise.all(bodies)).reduce((sum, n) => sum + n, 0),
    );
    await page.close();
  }
  await browser.close();
  return sizes;
}

async function lighthouse(url: string): Promise<Record<string, number>> {
  const cli = path.resolve('node_modules/lighthouse/cli/index.js');
  const out = await run(
    [
      'node',
      cli,
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    { CHROME_PATH: CHROMIUM },
  );
  const report = JSON.parse(out) as { categories: Record<string, { score: number | null }> };
  return Object.fromEntries(Object.entries(report.categories).map(([key, value]) => [key, Math.round((value.score ?? 0) * 100)]));
}

requireTool('wrk', 'apt-get install -y wrk');
const postgres = await startPostgres();
let server: ReturnType<typeof Bun.spawn> | undefined;
let ceiling: ReturnType<typeof Bun.serve> | undefined;
try {
  const env = {
    DATABASE_URL: postgres.url,
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'Bench-Owner-Passw0rd!',
  };
  console.log('Building and seeding (1,000 extra posts)...');
  await run(['bun', '--bun', 'waku', 'build']);
  await run(['bun', 'scripts/seed.ts', '--posts', '1000'], env);

  const port = await freePort();
  server = Bun.spawn(['bun', 'scripts/start.ts'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  const { posts } = (await (await fetch(`${base}/api/blog-posts?limit=1`)).json()) as { posts: { slug: string }[] };
  const postRoute = `/blog/${posts[0]!.slug}`;
  const routes = ['/', '/blog', '/blog?page=50', postRoute, '/api/blog-posts?limit=9'];
  for (const route of routes) await fetch(`${base}${route}`); // first render, off the clock

  const results: LoadResult[] = [];
  for (const route of routes) results.push(await load(base, route));

  const homeSize = (await (await fetch(`${base}/`)).arrayBuffer()).byteLength;
  const body = 'x'.repeat(homeSize);
  ceiling = Bun.serve({ port: 0, fetch: () => new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }) });
  const ceilingResult = await load(`http://127.0.0.1:${ceiling.port}`, '/');
  ceiling.stop(true);

  const pages = ['/', '/about', '/services', '/contact', '/blog', postRoute, '/privacy'];
  const scripts = await javascriptBytes(base, pages);
  const scores: [string, Record<string, number>][] = [];
  for (const route of ['/', '/blog', postRoute]) scores.push([route, await lighthouse(`${base}${route}`)]);

  const date = new Date().toISOString().slice(0, 10);
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, bun ${Bun.version}, ${postgres.version}`;
  const row = (r: LoadResult) =>
    `| \`${r.route}\` | ${r.requestsPerSecond.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.socketErrors} | ${((r.requestsPerSecond / ceilingResult.requestsPerSecond) * 100).toFixed(1)}% |`;
  console.log(`
## Run of ${date}

Machine: ${machine}. wrk -t2 -c${CONNECTIONS} -d${SECONDS}s on loopback, sharing the cores with the server.

| route | requests/s | p50 | p99 | non-2xx | socket errors | of ceiling |
|---|---|---|---|---|---|---|
${results.map(row).join('\n')}
| ceiling: bare Bun.serve, ${homeSize} B string | ${ceilingResult.requestsPerSecond.toFixed(0)} | ${ceilingResult.p50} | ${ceilingResult.p99} | ${ceilingResult.non2xx} | ${ceilingResult.socketErrors} | 100% |

| page | JavaScript loaded (gzip) |
|---|---|
${pages.map((page) => `| \`${page}\` | ${((scripts.get(page) ?? 0) / 1024).toFixed(1)} KB |`).join('\n')}

| Lighthouse (mobile) | performance | accessibility | best practices | SEO |
|---|---|---|---|---|
${scores.map(([route, s]) => `| \`${route}\` | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} |`).join('\n')}
`);
} finally {
  ceiling?.stop(true);
  server?.kill('SIGTERM');
  await server?.exited;
  await postgres.stop();
}
