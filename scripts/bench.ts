// `bun run bench [-- --posts N] [-- --quick]`: measures the production server on this machine and prints tables.
//   1. a disposable Postgres with the sample site plus N generated posts (--posts, default 1,000)
//   2. the production build, started on a free port, measured with wrk (50 connections, 10 s per route):
//      - cache hits: the public pages, the API's list, the feed and the sitemap
//      - a fresh junk query parameter per request on routes that read none (must be a hit: the
//        cache key holds only the parameters a page reads)
//      - a crawler: every published post once, each a different page (misses unless already cached)
//      - two instances on the same database, each loaded by its own wrk (half the connections
//        each), their rates summed: cache hits must not wait for the database
//   3. the same build started again with the page cache off (PAGE_CACHE_MB=0): every request
//      renders from the database, with a fresh query parameter per request as well — the misses;
//      with the blog's full-text search and the admin's post list (signed in) among them; then the
//      post page, /blog and the API's misses again from two worker processes (WEB_CONCURRENCY=2)
//   4. a bare Bun.serve answering a static string the size of the home page, before and after the
//      routes: the machine's ceiling in the same run; every figure is given as a share of it
//   5. unless --quick: JavaScript shipped per public page (gzip), and Lighthouse (mobile) for /, /blog, a post
//      and a post with two uploaded images (srcset, sizes, width and height; the second below the fold)
// Nothing here asserts: the figures are printed and go to docs/benchmarks.md by hand. The machine
// is shared by wrk and the server (and whatever else runs), so compare shares of the ceiling, not raw rates.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import postgresClient from 'postgres';
import { freePort, startPostgres } from './lib/disposable-postgres.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const POSTS = Number(args.posts);
if (!Number.isInteger(POSTS) || POSTS < 0) {
  console.error('--posts must be a whole number of posts, e.g. --posts 10000');
  process.exit(1);
}

interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: string;
  p99: string;
  non2xx: number;
  socketErrors: number;
  /** Answers the page cache served, and those it rendered (the X-Page-Cache header), when counted. */
  cache?: { hit: number; miss: number };
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

const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-'));

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

/** A wrk script: every request gets `path` with a query parameter no request has used before. */
function freshParameterScript(route: string, parameter = 'r'): string {
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

/** A wrk script: the given paths in turn, the threads starting at opposite ends of the list (a crawler). */
function everyPathScript(paths: string[]): string {
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
async function load(
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
async function loadBoth(bases: [string, string], label: string, route: string): Promise<LoadResult> {
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

/** Signs in as the owner; answers the Cookie header value. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
  if (!response.ok || !cookie) throw new Error(`signing in: ${response.status}`);
  return cookie.split(';')[0]!;
}

/** A published post showing two images uploaded through the editor's API; answers its path. */
async function postWithImages(base: string, cookie: string): Promise<string> {
  const sharp = (await import('sharp')).default;
  const upload = async (hue: number, alt: string) => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: hue, g: 90, b: 140 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
    form.set('alt', alt);
    const response = await fetch(`${base}/api/admin/media`, { method: 'POST', headers: { Cookie: cookie, Origin: base }, body: form });
    if (response.status !== 201) throw new Error(`image upload: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { url: string }).url;
  };
  const [first, second] = [await upload(40, 'A coach and a client at a whiteboard'), await upload(160, 'Notes from a leadership offsite')];
  const paragraphs = Array.from({ length: 12 }, () => 'Leaders who listen well build teams that speak up early. '.repeat(4)).join('\n\n');
  const response = await fetch(`${base}/api/admin/blog-posts`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: 'A post with images',
      content: `![A coach and a client at a whiteboard](${first})\n\n${paragraphs}\n\n![Notes from a leadership offsite](${second})`,
      published: true,
    }),
  });
  if (response.status !== 201) throw new Error(`post with images: ${response.status} ${await response.text()}`);
  return `/blog/${((await response.json()) as { slug: string }).slug}`;
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

/** The production server on a free port; resolves once it answers. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = Bun.spawn(['bun', 'scripts/start.ts'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return {
    base,
    async stop() {
      server.kill('SIGTERM');
      await server.exited;
    },
  };
}

/** A bare Bun.serve answering a string of `size` bytes: what this machine manages with nothing to do. */
async function measureCeiling(size: number, label: string): Promise<LoadResult> {
  const body = 'x'.repeat(size);
  const ceiling = Bun.serve({ port: 0, fetch: () => new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }) });
  try {
    return await load(`http://127.0.0.1:${ceiling.port}`, label, '/');
  } finally {
    ceiling.stop(true);
  }
}

requireTool('wrk', 'apt-get install -y wrk');
const postgres = await startPostgres();
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const env = {
    DATABASE_URL: postgres.url,
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'Bench-Owner-Passw0rd!',
  };
  if (!args['no-build']) {
    console.error('Building...');
    await run(['bun', '--bun', 'waku', 'build']);
  }
  console.error(`Seeding (${POSTS.toLocaleString('en')} extra posts)...`);
  await run(['bun', 'scripts/seed.ts', '--posts', String(POSTS)], env);
  const sql = postgresClient(postgres.url, { max: 1, onnotice: () => {} });
  const slugs = (await sql<{ slug: string }[]>`select slug from posts where published order by published_at desc, id desc`).map(
    (r) => r.slug,
  );
  await sql.end();

  server = await startServer(env);
  const postRoute = `/blog/${slugs[0]}`;
  const sitemap = await (await fetch(`${server.base}/sitemap.xml`)).text();
  const sitemapParts = [...sitemap.matchAll(/<sitemap><loc>[^<]*?(\/sitemap-[^<]+\.xml)<\/loc>/g)].map((m) => m[1]!);
  const feedRoutes = ['/rss.xml', '/sitemap.xml', ...sitemapParts.slice(0, 1)];
  const hitRoutes = ['/', '/blog', '/blog?page=50', postRoute, '/api/blog-posts?limit=9', ...feedRoutes];
  const homeSize = (await (await fetch(`${server.base}/`)).arrayBuffer()).byteLength;

  console.error('Ceiling (first)...');
  const ceilingBefore = await measureCeiling(homeSize, 'ceiling, before the routes');

  console.error('Cache hits...');
  const hits: LoadResult[] = [];
  for (const route of hitRoutes) await fetch(`${server.base}${route}`); // first render, off the clock
  for (const route of hitRoutes) hits.push(await load(server.base, `\`${route}\``, route));

  console.error('Fresh junk parameter per request (must be hits)...');
  const junk: LoadResult[] = [];
  for (const [route, parameter] of [
    [postRoute, 'r'],
    ['/blog', 'utm_source'],
    ['/', 'fbclid'],
  ] as const) {
    junk.push(
      await load(
        server.base,
        `\`${route}${route.includes('?') ? '&' : '?'}${parameter}=<fresh>\``,
        route,
        freshParameterScript(route, parameter),
      ),
    );
  }

  console.error('Two instances on one database...');
  const second = await startServer(env);
  const twoInstanceRoutes = ['/', '/blog', postRoute];
  const twoInstances: LoadResult[] = [];
  try {
    for (const route of twoInstanceRoutes) await Promise.all([fetch(`${server.base}${route}`), fetch(`${second.base}${route}`)]);
    for (const route of twoInstanceRoutes) twoInstances.push(await loadBoth([server.base, second.base], `\`${route}\` on A and B`, route));
  } finally {
    await second.stop();
  }

  console.error('A crawler: every post once...');
  const crawler = await load(
    server.base,
    `every post once (${slugs.length.toLocaleString('en')} pages, threads from both ends)`,
    postRoute,
    everyPathScript(slugs.map((slug) => `/blog/${slug}`)),
  );
  await server.stop();
  server = undefined;

  console.error('Misses (page cache off)...');
  server = await startServer({ ...env, PAGE_CACHE_MB: '0' });
  const missRoutes = [postRoute, '/blog', '/blog?page=50', '/api/blog-posts?limit=9', '/blog?q=delegation', ...feedRoutes];
  const misses: LoadResult[] = [];
  for (const route of missRoutes) await fetch(`${server.base}${route}`); // warm the code paths
  for (const route of missRoutes) misses.push(await load(server.base, `\`${route}\` + fresh \`r\``, route, freshParameterScript(route)));
  const cookie = await signIn(server.base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  for (const route of ['/api/admin/blog-posts', '/api/admin/blog-posts?search=lead&status=published', '/admin/posts']) {
    misses.push(await load(server.base, `\`${route}\` (signed in)`, route, undefined, { cookie }));
  }

  // The same misses from two worker processes (WEB_CONCURRENCY=2): one process renders on one core.
  await server.stop();
  server = await startServer({ ...env, PAGE_CACHE_MB: '0', WEB_CONCURRENCY: '2' });
  await Bun.sleep(3_000); // the second worker: health answers once the first serves
  const workerMisses: LoadResult[] = [];
  for (const route of missRoutes.slice(0, 4)) await fetch(`${server.base}${route}`);
  for (const route of [postRoute, '/blog', '/api/blog-posts?limit=9']) {
    workerMisses.push(await load(server.base, `\`${route}\` + fresh \`r\``, route, freshParameterScript(route)));
  }

  const ceilingAfter = await measureCeiling(homeSize, 'ceiling, after the routes');
  const ceiling = (ceilingBefore.requestsPerSecond + ceilingAfter.requestsPerSecond) / 2;

  let browserReport = '';
  if (!args.quick) {
    await server.stop();
    server = await startServer(env);
    const imagesRoute = await postWithImages(server.base, await signIn(server.base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD));
    const pages = ['/', '/about', '/services', '/contact', '/blog', postRoute, imagesRoute, '/privacy'];
    const scripts = await javascriptBytes(server.base, pages);
    const scores: [string, Record<string, number>][] = [];
    for (const route of ['/', '/blog', postRoute, imagesRoute]) scores.push([route, await lighthouse(`${server.base}${route}`)]);
    browserReport = `
| page | JavaScript loaded (gzip) |
|---|---|
${pages.map((page) => `| \`${page}\` | ${((scripts.get(page) ?? 0) / 1024).toFixed(1)} KB |`).join('\n')}

| Lighthouse (mobile) | performance | accessibility | best practices | SEO |
|---|---|---|---|---|
${scores.map(([route, s]) => `| \`${route}\` | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} |`).join('\n')}
`;
  }

  const date = new Date().toISOString().slice(0, 10);
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, bun ${Bun.version}, ${postgres.version}`;
  const share = (r: LoadResult) => `${((r.requestsPerSecond / ceiling) * 100).toFixed(r.requestsPerSecond / ceiling < 0.1 ? 2 : 1)}%`;
  const cacheColumn = (r: LoadResult) => (r.cache ? `${r.cache.hit} / ${r.cache.miss}` : '');
  const row = (r: LoadResult) =>
    `| ${r.label} | ${r.requestsPerSecond.toFixed(0)} | ${share(r)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.socketErrors} | ${cacheColumn(r)} |`;
  const table = (title: string, rows: LoadResult[]) => `
| ${title} | requests/s | of ceiling | p50 | p99 | non-2xx | socket errors | cache hit / miss |
|---|---|---|---|---|---|---|---|
${rows.map(row).join('\n')}
`;
  console.log(`
## Run of ${date} (${POSTS.toLocaleString('en')} generated posts)

Machine: ${machine}. wrk -t2 -c${CONNECTIONS} -d${SECONDS}s on loopback, sharing the cores with the server.
Ceiling: bare Bun.serve answering a ${homeSize} B string, ${ceilingBefore.requestsPerSecond.toFixed(0)} requests/s before the routes
and ${ceilingAfter.requestsPerSecond.toFixed(0)} after (p99 ${ceilingBefore.p99} / ${ceilingAfter.p99}); shares are of their mean, ${ceiling.toFixed(0)}.
${table('cache hits', hits)}${table('cache hits, two instances on one database (wrk per instance, rates summed)', twoInstances)}${table('fresh junk parameter per request', [...junk, crawler])}${table('misses (page cache off)', misses)}${table('misses, WEB_CONCURRENCY=2 (two worker processes)', workerMisses)}${browserReport}`);
} finally {
  await server?.stop();
  await postgres.stop();
  rmSync(scratch, { recursive: true, force: true });
}
