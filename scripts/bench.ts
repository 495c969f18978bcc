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
//      with the blog's full-text search, the admin's post list and its clients (10,000; signed in) among them; then the
//      post page, /blog and the API's misses again from two worker processes (WEB_CONCURRENCY=2)
//   4. a bare Bun.serve answering a static string the size of the home page, before and after the
//      routes: the machine's ceiling in the same run; every figure is given as a share of it
//   5. unless --quick: JavaScript shipped per public page (gzip), and Lighthouse (mobile) for /, /blog, a post
//      and a post with two uploaded images (srcset, sizes, width and height; the second below the fold)
// Nothing here asserts: the figures are printed and go to docs/benchmarks.md by hand. The machine
// is shared by wrk and the server (and whatever else runs), so compare shares of the ceiling, not raw rates.
// The steps are here; the server and commands, the wrk runs, the browser's figures and the report are
// scripts/lib/bench-server.ts, bench-wrk.ts, bench-browser.ts and bench-report.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgresClient from 'postgres';
import { javascriptBytes, lighthouse } from './lib/bench-browser.ts';
import { benchReport, browserTables } from './lib/bench-report.ts';
import { postWithImages, requireTool, run, signIn, startServer } from './lib/bench-server.ts';
import { everyPathScript, freshParameterScript, type LoadResult, load, loadBoth, measureCeiling } from './lib/bench-wrk.ts';
import { startPostgres } from './lib/disposable-postgres.ts';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const POSTS = Number(args.posts);
const CLIENTS = 10_000;
if (!Number.isInteger(POSTS) || POSTS < 0) {
  console.error('--posts must be a whole number of posts, e.g. --posts 10000');
  process.exit(1);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-'));

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
  // The practice at scale (issue 35 §2): Admin → Clients over 10,000 clients.
  await sql`
    insert into clients (email, name, organisation, status, tags, source)
    select 'client' || n || '@example.com', 'Client ' || n, 'Company ' || (n % 500),
           (array['prospect', 'active', 'past'])[1 + n % 3], array['tag' || (n % 40)], 'manual'
    from generate_series(1, ${CLIENTS}) as n`;
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
        freshParameterScript(scratch, route, parameter),
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
    everyPathScript(
      scratch,
      slugs.map((slug) => `/blog/${slug}`),
    ),
  );
  await server.stop();
  server = undefined;

  console.error('Misses (page cache off)...');
  server = await startServer({ ...env, PAGE_CACHE_MB: '0' });
  const missRoutes = [postRoute, '/blog', '/blog?page=50', '/api/blog-posts?limit=9', '/blog?q=delegation', ...feedRoutes];
  const misses: LoadResult[] = [];
  for (const route of missRoutes) await fetch(`${server.base}${route}`); // warm the code paths
  for (const route of missRoutes)
    misses.push(await load(server.base, `\`${route}\` + fresh \`r\``, route, freshParameterScript(scratch, route)));
  const cookie = await signIn(server.base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  for (const route of [
    '/api/admin/blog-posts',
    '/api/admin/blog-posts?search=lead&status=published',
    '/admin/posts',
    '/api/admin/clients',
    '/api/admin/clients?search=company%2042&status=active',
    `/api/admin/clients?page=${CLIENTS / 25}`,
    '/admin/clients',
  ]) {
    misses.push(await load(server.base, `\`${route}\` (signed in)`, route, undefined, { cookie }));
  }

  // The same misses from two worker processes (WEB_CONCURRENCY=2): one process renders on one core.
  await server.stop();
  server = await startServer({ ...env, PAGE_CACHE_MB: '0', WEB_CONCURRENCY: '2' });
  await Bun.sleep(3_000); // the second worker: health answers once the first serves
  const workerMisses: LoadResult[] = [];
  for (const route of missRoutes.slice(0, 4)) await fetch(`${server.base}${route}`);
  for (const route of [postRoute, '/blog', '/api/blog-posts?limit=9']) {
    workerMisses.push(await load(server.base, `\`${route}\` + fresh \`r\``, route, freshParameterScript(scratch, route)));
  }

  const ceilingAfter = await measureCeiling(homeSize, 'ceiling, after the routes');

  let browserReport = '';
  if (!args.quick) {
    await server.stop();
    server = await startServer(env);
    const imagesRoute = await postWithImages(server.base, await signIn(server.base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD));
    const pages = ['/', '/about', '/services', '/contact', '/blog', postRoute, imagesRoute, '/privacy'];
    const scripts = await javascriptBytes(server.base, pages);
    const scores: [string, Record<string, number>][] = [];
    for (const route of ['/', '/blog', postRoute, imagesRoute]) scores.push([route, await lighthouse(`${server.base}${route}`)]);
    browserReport = browserTables(pages, scripts, scores);
  }

  console.log(
    benchReport({
      posts: POSTS,
      postgresVersion: postgres.version,
      homeSize,
      ceilingBefore,
      ceilingAfter,
      hits,
      twoInstances,
      junk,
      crawler,
      misses,
      workerMisses,
      browser: browserReport,
    }),
  );
} finally {
  await server?.stop();
  await postgres.stop();
  rmSync(scratch, { recursive: true, force: true });
}
