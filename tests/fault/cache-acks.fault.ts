// Issue 18, point 3: a cache hit never waits for the database; the writer pays for freshness. A
// change is acknowledged to its client only once every other listening instance has cleared its
// cache (or has stopped serving it: its lease ran out). Here B is paused (SIGSTOP) while A
// publishes: A's save waits past B's lease, then B, resumed, must not serve its old /blog. And
// with both running, a change to one post leaves B's cache of another post's page a hit, and a
// saved page (Admin → Pages) clears that page alone on B.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { api, login, typedApi } from './harness/http.ts';
import { startTwoInstances } from './harness/servers.ts';

const facts: Figures = {};
let a: AppServer;
let b: AppServer;
let cookie: string;

beforeAll(async () => {
  ({ a, b } = await startTwoInstances());
  cookie = await login(a);
}, 300_000);

afterAll(async () => {
  await finish('Cache acknowledgements on two instances', facts, [a, b]);
}, 60_000);

async function page(server: AppServer, path: string) {
  const response = await fetch(server.url(path));
  return { status: response.status, cache: response.headers.get('x-page-cache'), text: await response.text() };
}

/** Requests `path` on `server` until it answers from its cache. */
async function cachedOn(server: AppServer, path: string) {
  for (let i = 0; i < 20; i++) {
    if ((await page(server, path)).cache === 'hit') return;
    await Bun.sleep(50);
  }
  throw new Error(`${server.name} never cached ${path}`);
}

/** A's warnings of a change some instance did not acknowledge. */
const unacknowledged = () => a.grep(/content_change_unacknowledged/);

async function createPost(title: string) {
  const response = await typedApi(a, { cookie }).adminApi['blog-posts'].$post({ json: { title, content: 'Body.', published: false } });
  expect(response.status).toBe(201);
  return response.json();
}

async function publish(id: number) {
  const started = performance.now();
  const response = await api(a, 'PATCH', `/api/admin/blog-posts/${id}/publish`, { cookie, body: { published: true }, timeoutMs: 30_000 });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return performance.now() - started;
}

test("with both running, a write is acknowledged at once; another post's page stays cached on B, the lists do not", async () => {
  const kept = await createPost(`Kept ${crypto.randomUUID().slice(0, 6)}`);
  await publish(kept.id);
  const changed = await createPost(`Changed ${crypto.randomUUID().slice(0, 6)}`);
  await cachedOn(b, `/blog/${kept.slug}`);
  await cachedOn(b, '/blog');

  const ms = await publish(changed.id);
  facts['publish acknowledged by B (ms)'] = Math.round(ms);
  expect(unacknowledged()).toEqual([]);
  expect((await page(b, `/blog/${kept.slug}`)).cache).toBe('hit');
  const list = await page(b, '/blog');
  expect(list.cache).toBe('miss');
  expect(list.text).toContain(`/blog/${changed.slug}`);
});

test('a page saved on A: B serves its new words at once, and keeps every other page cached', async () => {
  const typed = typedApi(a, { cookie });
  const stored = await (await typed.adminApi.pages[':key'].$get({ param: { key: 'about' } })).json();
  for (const path of ['/about', '/services', '/blog', '/']) await cachedOn(b, path);

  const content = structuredClone(stored.content);
  const story = content.sections.find((section) => section.type === 'story');
  if (story?.type !== 'story') throw new Error('the About page has no story section');
  const title = `Why I Coach ${crypto.randomUUID().slice(0, 6)}`;
  story.title = title;
  const started = performance.now();
  const saved = await typed.adminApi.pages[':key'].$put({ param: { key: 'about' }, json: { content, version: stored.version } });
  expect(saved.status).toBe(200);
  facts['page save acknowledged by B (ms)'] = Math.round(performance.now() - started);
  expect(unacknowledged()).toEqual([]);

  const about = await page(b, '/about');
  expect(about.cache).toBe('miss');
  expect(about.text).toContain(title);
  for (const path of ['/services', '/blog', '/']) expect((await page(b, path)).cache).toBe('hit');
});

test("booking and the newsletter switched on at A: B's pages say so at once; switched off, Coming Soon is back", async () => {
  const paths = ['/', '/about', '/services', '/contact'];
  const switchTo = async (changes: { bookingEnabled?: boolean; newsletterEnabled?: boolean }) => {
    const response = await api(a, 'PATCH', '/api/admin/settings', { cookie, body: changes });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  };
  const onB = async (path: string) => (await page(b, path)).text;
  for (const path of paths) await cachedOn(b, path);

  await switchTo({ bookingEnabled: true });
  for (const path of paths) expect(await onB(path)).toContain('href="/book"');
  expect(await onB('/services')).not.toContain('Services Coming Soon');
  await switchTo({ bookingEnabled: false });
  for (const path of paths) expect(await onB(path)).not.toContain('href="/book"');
  expect(await onB('/services')).toContain('Services Coming Soon');

  // The newsletter's offering leads to its signup, and the footer offers it, while it is on.
  await cachedOn(b, '/');
  await switchTo({ newsletterEnabled: true });
  // The home page's tile: its title links to the signup (the footer's own link sits in a list).
  const signupTile = /href="\/services#newsletter">Weekly Newsletter<\/a><\/h3>/;
  expect(await onB('/')).toMatch(signupTile);
  expect(await onB('/')).toContain('footer-newsletter-heading');
  await switchTo({ newsletterEnabled: false });
  expect(await onB('/')).not.toMatch(signupTile);
  expect(await onB('/')).not.toContain('footer-newsletter-heading');
});

test("B paused while A publishes: A waits out B's lease, and B, resumed, serves the new list at once", async () => {
  const post = await createPost(`Paused ${crypto.randomUUID().slice(0, 6)}`);
  await cachedOn(b, '/blog');
  expect((await page(b, '/blog')).text).not.toContain(`/blog/${post.slug}`);

  process.kill(b.pid!, 'SIGSTOP');
  let ms: number;
  try {
    ms = await publish(post.id);
  } finally {
    process.kill(b.pid!, 'SIGCONT');
  }
  facts['publish with B paused (ms)'] = Math.round(ms);
  // Not acknowledged by B: A went on only once B's lease had run out, and said so.
  expect(unacknowledged()).toHaveLength(1);
  const after = await page(b, '/blog');
  expect(after.text).toContain(`/blog/${post.slug}`);
  facts['B resumed: first /blog answer'] = `${after.cache}, with the new post`;
}, 60_000);
