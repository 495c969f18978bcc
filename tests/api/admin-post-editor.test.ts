// Admin posts: what the post editor asks of the API besides saving (docs/product.md §2 post editor):
// the preview, rendered as the public page renders it and storing nothing, and the tag suggestions.
import { describe, expect, test } from 'bun:test';
import { tags } from '#db/schema.ts';
import { renderPostBody } from '#server/markdown/render.ts';
import { listTagNames, TAG_SUGGESTIONS_MAX } from '#server/services/posts/tags.ts';
import { adminPostsApi, MESSAGES, POSTS } from '../helpers/admin-posts.ts';
import { sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createPost as createPostRow } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { preview, typed, snapshot, expectRefused } = adminPostsApi(db, admin);

describe('POST /api/admin/blog-posts/preview', () => {
  test('renders exactly what the public page renders: the first H1 line dropped, hostile HTML inert, nothing stored', async () => {
    const title = 'Leading With Care';
    const content = '# Leading With Care\n\nHello <img src=x onerror=alert(1)> <script>alert(2)</script>\n\n[x](javascript:alert(3))';
    const before = await snapshot();
    const response = await typed.preview({ title, content });
    expect(response.status).toBe(200);
    const { html } = await response.json();
    expect(html).toBe(await renderPostBody(content));
    expect(html).not.toContain('<h1');
    expect(html).not.toContain('Leading With Care');
    expect(html).toContain('<img src="x">');
    expect(html).not.toMatch(/onerror|<script|javascript:/i);
    expect(await snapshot()).toEqual(before);
  });

  test('"sanitised Markdown with the first H1 line removed": whatever its text; an empty body renders empty', async () => {
    const response = await typed.preview({ title: 'Other', content: '# Leading With Care\n\nBody.\n\n# A later H1' });
    expect((await response.json()).html).toBe('<p>Body.</p>\n<h1>A later H1</h1>');
    const empty = await (await typed.preview({ content: '' })).json();
    expect(empty.html).toBe('');
  });

  test('wrong types and unknown fields are 400', async () => {
    await expectRefused(() => preview({ title: 'T', content: 5 }), 400, { message: 'Content must be text', field: 'content' });
    await expectRefused(() => preview({ title: 'T' }), 400, { message: 'Content must be text', field: 'content' });
    await expectRefused(() => preview({ title: ['T'], content: 'x' }), 400, { message: 'Title must be text', field: 'title' });
    await expectRefused(() => preview({ title: 'T', content: 'x', id: 1 }), 400, { message: 'Unknown field: id', field: 'id' });
    await expectRefused(() => preview({ title: 'T', content: 'x'.repeat(200_001) }), 400, {
      message: 'Content must be at most 200000 characters',
      field: 'content',
    });
  });

  test('signed in as a user: 403', async () => {
    const user = await signedIn(db(), 'user');
    const response = await sendJson('POST', `${POSTS}/preview`, { title: 'T', content: 'x' }, { headers: { Cookie: user.cookie } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: MESSAGES.notAdmin });
  });
});

describe("the editor's tag suggestions", () => {
  test('offer the most-used tags, alphabetically, never every tag: a tag on no post comes last', async () => {
    // This test counts the whole tags table, so it starts without tags.
    await db().delete(tags);
    const names = Array.from({ length: 25 }, (_, i) => `suggest-${String(i).padStart(2, '0')}`);
    await db()
      .insert(tags)
      .values(names.map((name) => ({ name })));
    // suggest-24 is on three posts, suggest-23 on two, suggest-22 on one; the rest on none.
    for (const [index, uses] of [
      [24, 3],
      [23, 2],
      [22, 1],
    ] as const) {
      for (let i = 0; i < uses; i++) await createPostRow(db(), { tagNames: [names[index]!] });
    }
    expect(await listTagNames()).toEqual(names);
    expect(await listTagNames(3)).toEqual(['suggest-22', 'suggest-23', 'suggest-24']);
    expect(await listTagNames(4)).toEqual(['suggest-00', 'suggest-22', 'suggest-23', 'suggest-24']);
    expect(TAG_SUGGESTIONS_MAX).toBeLessThan(1000);
  });
});
