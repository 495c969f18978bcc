// A post's body is rendered from Markdown when it is saved and stored (issue 18, point 4), so a view
// reads HTML instead of running the pipeline; posts without current HTML (saved before the column,
// or by an older renderer) are rendered on their next view and by the start-up backfill.
import { describe, expect, spyOn, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { posts } from '#db/schema.ts';
import { startPostHtmlBackfill } from '#server/jobs/post-html-backfill.ts';
import * as markdown from '#server/markdown/render.ts';
import { RENDER_VERSION, renderPostBody } from '#server/markdown/render.ts';
import { seedGeneratedPosts } from '#server/seed.ts';
import { currentHtml, storedHtmlOf } from '#server/services/posts/html.ts';
import { getPublishedPostBySlug } from '#server/services/posts/published.ts';
import { typedApi } from '../helpers/api.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createPost, unique } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { adminApi } = typedApi(admin.headers);
const { publicApi } = typedApi();

const BODY = '# Title again\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nA claim.[^1]\n\n[^1]: The source.\n\n<script>alert(1)</script>';

const storedOf = async (id: number) => (await db().select({ html: posts.contentHtml }).from(posts).where(eq(posts.id, id)))[0]!.html;

/** The stored HTML once a write made after a view has landed (the view does not wait for it). */
async function eventuallyStored(id: number): Promise<string | null> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const html = await storedOf(id);
    if (currentHtml(html) !== null) return html;
    await Bun.sleep(20);
  }
  return storedOf(id);
}

/** What `read` returns, and how many times it ran the Markdown pipeline meanwhile. */
async function countingRenders<T>(read: () => Promise<T>): Promise<{ result: T; renders: number }> {
  const render = spyOn(markdown, 'renderPostBody');
  try {
    const result = await read();
    return { result, renders: render.mock.calls.length };
  } finally {
    render.mockRestore();
  }
}

describe('rendered at save time', () => {
  test('creating and updating a post through the admin API stores its rendered body', async () => {
    const created = await adminApi['blog-posts'].$post({ json: { title: unique('Stored'), content: BODY, published: true } });
    expect(created.status).toBe(201);
    const { id, version } = await created.json();
    const html = currentHtml(await storedOf(id));
    expect(html).toBe(await renderPostBody(BODY));
    expect(html).toContain('<table>');
    expect(html).toContain('user-content-fn-1');
    expect(html).not.toContain('<script>');

    const updated = await adminApi['blog-posts'][':id'].$put({
      param: { id: String(id) },
      json: { title: unique('Stored'), content: '## Changed\n\nNew *words*.', published: true, version },
    });
    expect(updated.status).toBe(200);
    expect(currentHtml(await storedOf(id))).toBe('<h2>Changed</h2>\n<p>New <em>words</em>.</p>');
  });

  test('the benchmark seed stores the HTML of every generated post', async () => {
    await seedGeneratedPosts(db(), 3);
    const rows = await db().select({ content: posts.content, html: posts.contentHtml }).from(posts);
    const generated = rows.filter((row) => row.content.includes('for load tests'));
    expect(generated.length).toBe(3);
    for (const row of generated) expect(currentHtml(row.html)).toBe(await renderPostBody(row.content));
  });
});

describe('read from storage', () => {
  test('a view serves the stored HTML without rendering the body again', async () => {
    const post = await createPost(db(), { content: '## Source', contentHtml: await storedHtmlOf('## Source') });
    // What is stored is what is served: a marker only the stored copy holds.
    await db()
      .update(posts)
      .set({ contentHtml: (await storedHtmlOf('## Source')).replace('Source', 'Stored copy') })
      .where(eq(posts.id, post.id));
    const { result: read, renders } = await countingRenders(() => getPublishedPostBySlug(post.slug));
    expect(read?.html).toBe('<h2>Stored copy</h2>');
    expect(renders).toBe(0);
  });

  test('a post without stored HTML is rendered on its first view and stored for the next', async () => {
    const post = await createPost(db(), { content: 'Some **bold** words.' });
    expect(await storedOf(post.id)).toBeNull();
    const first = await countingRenders(() => getPublishedPostBySlug(post.slug));
    expect(first.result?.html).toBe('<p>Some <strong>bold</strong> words.</p>');
    expect(first.renders).toBe(1);
    expect(currentHtml(await eventuallyStored(post.id))).toBe('<p>Some <strong>bold</strong> words.</p>');
    const second = await countingRenders(() => getPublishedPostBySlug(post.slug));
    expect(second.result?.html).toBe('<p>Some <strong>bold</strong> words.</p>');
    expect(second.renders).toBe(0);
  });

  test("HTML from an older renderer's version is never served: it is rendered again", async () => {
    const post = await createPost(db(), {
      content: 'Fresh text.',
      contentHtml: `<!--rendered v${RENDER_VERSION - 1}--><p>Old renderer's output</p>`,
    });
    const view = await countingRenders(() => getPublishedPostBySlug(post.slug));
    expect(view.result?.html).toBe('<p>Fresh text.</p>');
    expect(view.renders).toBe(1);
    expect(currentHtml(await eventuallyStored(post.id))).toBe('<p>Fresh text.</p>');
  });

  test("the public API's list and post answer from one query each, with their tags", async () => {
    const post = await createPost(db(), { tagNames: ['zeta', 'alpha'], publishedAt: new Date(Date.UTC(2040, 0, 1)) });
    const list = await (await publicApi['blog-posts'].$get({ query: { limit: '1' } })).json();
    expect(list.posts[0]?.slug).toBe(post.slug);
    expect(list.posts[0]?.tags.map((tag) => tag.name)).toEqual(['alpha', 'zeta']);
    const one = await (await publicApi['blog-posts'][':slug{.+}'].$get({ param: { slug: post.slug } })).json();
    expect(one.tags.map((tag) => tag.name)).toEqual(['alpha', 'zeta']);
    expect(typeof one.tags[0]?.id).toBe('number');
  });
});

describe('the start-up backfill', () => {
  test('renders every post whose HTML is missing or stale, drafts too', async () => {
    const missing = await createPost(db(), { content: 'Missing *html*.' });
    const stale = await createPost(db(), { content: 'Stale html.', contentHtml: '<!--rendered v0--><p>old</p>' });
    const draft = await createPost(db(), { content: 'A draft.', published: false });
    const stop = startPostHtmlBackfill();
    try {
      for (const post of [missing, stale, draft]) {
        expect(currentHtml(await eventuallyStored(post.id))).toBe(await renderPostBody(post.content));
      }
    } finally {
      await stop();
    }
  });
});
