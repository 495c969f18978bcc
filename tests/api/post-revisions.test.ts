// Issue 19, points 1–3: autosave (never changes the post), revisions (every save and restore, old
// autosaves thinned) and saves refused with 409 when based on an outdated version.
import { describe, expect, test } from 'bun:test';
import { asc, eq, sql } from 'drizzle-orm';
import { postRevisions, posts } from '#db/schema.ts';
import { pendingAutosave, thinAutosaves } from '#server/services/posts/revisions.ts';
import type { PostInput } from '#src/schemas/post.ts';
import type { AutosaveInput } from '#src/schemas/post-revision.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { unique } from '../helpers/factories.ts';
import { postInput } from '../helpers/post-input.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const POSTS = '/api/admin/blog-posts';
const STALE = { message: 'Someone else saved this post since you opened it' };

type Json = Record<string, unknown>;

const headers = () => admin.headers();
const update = (id: number, body: Json) => sendJson('PUT', `${POSTS}/${id}`, body, { headers: headers() });
const autosave = (id: number | string, body: Json) => sendJson('PUT', `${POSTS}/${id}/autosave`, body, { headers: headers() });
const restore = (id: number, revisionId: number | string, body: Json = {}) =>
  sendJson('POST', `${POSTS}/${id}/revisions/${revisionId}/restore`, body, { headers: headers() });

// The same calls through the typed client (tests/helpers/api.ts), whose answers are typed by their
// routes; the raw helpers above also send what the API must refuse, which the typed client would not compile.
const { adminApi } = typedApi(headers);
const { publicApi } = typedApi();
const byId = (id: number) => ({ param: { id: String(id) } });
const typed = {
  create: (json: PostInput) => adminApi['blog-posts'].$post({ json }),
  update: (id: number, json: PostInput) => adminApi['blog-posts'][':id'].$put({ ...byId(id), json }),
  publish: (id: number, published: boolean) => adminApi['blog-posts'][':id'].publish.$patch({ ...byId(id), json: { published } }),
  autosave: (id: number, json: AutosaveInput) => adminApi['blog-posts'][':id'].autosave.$put({ ...byId(id), json }),
  restore: (id: number, revisionId: number, version?: number) =>
    adminApi['blog-posts'][':id'].revisions[':revisionId'].restore.$post({
      param: { id: String(id), revisionId: String(revisionId) },
      json: { version },
    }),
};
const revisionsOf = async (id: number) => {
  const response = await adminApi['blog-posts'][':id'].revisions.$get(byId(id));
  expect(response.status).toBe(200);
  return (await response.json()).revisions;
};
const storedRevisions = (id: number) =>
  db().select().from(postRevisions).where(eq(postRevisions.postId, id)).orderBy(asc(postRevisions.id));
const storedPost = async (id: number) =>
  (
    await db()
      .select({ title: posts.title, excerpt: posts.excerpt, content: posts.content, version: posts.version, updatedAt: posts.updatedAt })
      .from(posts)
      .where(eq(posts.id, id))
  )[0]!;

const fields = <T extends Json>(post: { title: string; slug: string }, overrides?: T) => ({
  ...postInput({ title: post.title, slug: post.slug, excerpt: 'An excerpt.', content: 'The first body.' }),
  ...overrides,
});

async function createdPost(overrides: Partial<PostInput> = {}) {
  const response = await typed.create({
    title: unique('Revised'),
    excerpt: 'An excerpt.',
    content: 'The first body.',
    published: true,
    ...overrides,
  });
  expect(response.status).toBe(201);
  return response.json();
}

const authorName = () => `${admin.user.firstName ?? ''} ${admin.user.lastName ?? ''}`.trim() || admin.user.email;

describe('saves keep revisions and refuse an outdated version', () => {
  test('a new post is version 1 with one "save" revision by the signed-in admin; each save adds one, newest listed first', async () => {
    const post = await createdPost();
    expect(post.version).toBe(1);
    const saved = await typed.update(post.id, fields(post, { title: `${post.title} again`, content: 'The second body.', version: 1 }));
    expect(saved.status).toBe(200);
    expect((await saved.json()).version).toBe(2);

    const listed = await revisionsOf(post.id);
    expect(listed.map(({ kind, title, authorName: name }) => ({ kind, title, name }))).toEqual([
      { kind: 'save', title: `${post.title} again`, name: authorName() },
      { kind: 'save', title: post.title, name: authorName() },
    ]);
    // The list leaves the bodies out; one revision is read whole.
    expect(listed[0]).not.toHaveProperty('content');
    const one = await request(`${POSTS}/${post.id}/revisions/${listed[1]!.id}`, { headers: headers() });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({
      kind: 'save',
      title: post.title,
      excerpt: 'An excerpt.',
      content: 'The first body.',
      baseVersion: 1,
    });
  });

  test('a save based on an older version is a 409 that changes nothing; the current version saves; no version saves as the spec says', async () => {
    const post = await createdPost();
    expect((await update(post.id, fields(post, { content: 'Tab one wins.', version: 1 }))).status).toBe(200);
    const before = await storedPost(post.id);

    const stale = await update(post.id, fields(post, { content: 'Tab two, unaware.', version: 1 }));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual(STALE);
    expect(await storedPost(post.id)).toEqual(before);
    expect(await storedRevisions(post.id)).toHaveLength(2);

    const current = await update(post.id, fields(post, { content: 'Tab two, after seeing it.', version: 2 }));
    expect(current.status).toBe(200);
    expect(await storedPost(post.id)).toMatchObject({ content: 'Tab two, after seeing it.', version: 3 });
    const unversioned = await update(post.id, fields(post, { content: 'A client without versions.' }));
    expect(unversioned.status).toBe(200);
    expect((await storedPost(post.id)).version).toBe(4);
  });

  test('publishing, unpublishing and rescheduling are changes too: an editor still on the old version gets the 409', async () => {
    const post = await createdPost();
    const toggled = await typed.publish(post.id, false);
    expect((await toggled.json()).version).toBe(2);
    const stale = await update(post.id, fields(post, { version: 1 }));
    expect(stale.status).toBe(409);
    const scheduled = await sendJson(
      'PATCH',
      `/api/admin/schedule/${post.id}`,
      { scheduledFor: '2031-01-01T09:00:00Z' },
      { headers: headers() },
    );
    expect(scheduled.status).toBe(200);
    expect((await storedPost(post.id)).version).toBe(3);
  });

  test('a bad version is a 400 naming it', async () => {
    const post = await createdPost();
    for (const version of [0, -1, 1.5, '2', null]) {
      const response = await update(post.id, fields(post, { version }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Version must be a whole number from 1', field: 'version' });
    }
  });
});

describe('autosave', () => {
  test('keeps the work in progress as a revision and leaves the post, and its live page, as they were', async () => {
    const post = await createdPost();
    const before = await storedPost(post.id);
    const response = await typed.autosave(post.id, {
      title: post.title,
      excerpt: 'Half an excerpt',
      content: 'The first body, and more',
      version: 1,
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.postVersion).toBe(1);
    expect(Number.isNaN(Date.parse(answer.savedAt))).toBe(false);
    expect(await storedPost(post.id)).toEqual(before);
    const live = await publicApi['blog-posts'][':slug{.+}'].$get({ param: { slug: post.slug } });
    expect((await live.json()).content).toBe('The first body.');

    const pending = await pendingAutosave(post.id);
    expect(pending).toMatchObject({
      id: answer.revisionId,
      kind: 'autosave',
      excerpt: 'Half an excerpt',
      content: 'The first body, and more',
    });
  });

  test('autosaves of one writing session are one row; a save ends the session and leaves nothing pending', async () => {
    const post = await createdPost();
    const first = await (await typed.autosave(post.id, { title: post.title, excerpt: '', content: 'Draft one', version: 1 })).json();
    const second = await (await typed.autosave(post.id, { title: post.title, excerpt: '', content: 'Draft two', version: 1 })).json();
    expect(second.revisionId).toBe(first.revisionId);
    expect((await storedRevisions(post.id)).map((row) => [row.kind, row.content])).toEqual([
      ['save', 'The first body.'],
      ['autosave', 'Draft two'],
    ]);
    expect(await update(post.id, fields(post, { content: 'Draft two', version: 1 }))).toHaveProperty('status', 200);
    expect(await pendingAutosave(post.id)).toBeNull();
  });

  test('half-written text is kept (even an empty title); an autosave from an outdated version is kept too and says the post moved on', async () => {
    const post = await createdPost();
    expect((await update(post.id, fields(post, { content: 'Someone else saved.', version: 1 }))).status).toBe(200);
    const response = await typed.autosave(post.id, { title: '', excerpt: '', content: 'My words, still', version: 1 });
    expect(response.status).toBe(200);
    expect((await response.json()).postVersion).toBe(2);
    expect((await storedRevisions(post.id)).at(-1)).toMatchObject({
      kind: 'autosave',
      title: '',
      content: 'My words, still',
      baseVersion: 1,
    });
    // Based on an older version, it is not offered as the post's pending text.
    expect(await pendingAutosave(post.id)).toBeNull();
  });

  test('bad input is a 400 naming the field, an unknown post a 404, and nothing is stored', async () => {
    const post = await createdPost();
    const cases: Array<[Json, Json]> = [
      [
        { title: 'x', excerpt: '', content: 'y' },
        { message: 'Version must be a whole number from 1', field: 'version' },
      ],
      [
        { title: 'x'.repeat(201), excerpt: '', content: 'y', version: 1 },
        { message: 'Title must be at most 200 characters', field: 'title' },
      ],
      [
        { title: 'x', excerpt: '', content: 5, version: 1 },
        { message: 'Content must be text', field: 'content' },
      ],
    ];
    for (const [body, message] of cases) {
      const response = await autosave(post.id, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(message);
    }
    const unknown = await autosave(2_147_483_647, { title: 'x', excerpt: '', content: 'y', version: 1 });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Post not found' });
    expect(await storedRevisions(post.id)).toHaveLength(1);
  });
});

describe('restore', () => {
  test('brings back a revision as a new "restore" revision; slug, tags and status stay', async () => {
    const post = await createdPost({ tags: ['Kept'] });
    expect(
      (await update(post.id, fields(post, { title: 'A later title', excerpt: 'Later.', content: 'Later body.', version: 1 }))).status,
    ).toBe(200);
    const [first] = await storedRevisions(post.id);
    const response = await typed.restore(post.id, first!.id, 2);
    expect(response.status).toBe(200);
    const restored = await response.json();
    expect(restored).toMatchObject({
      title: post.title,
      excerpt: 'An excerpt.',
      content: 'The first body.',
      slug: post.slug,
      published: true,
      version: 3,
    });
    expect(restored.tags.map((tag) => tag.name)).toEqual(['Kept']);
    expect((await storedRevisions(post.id)).map((row) => row.kind)).toEqual(['save', 'save', 'restore']);
  });

  test('an outdated version is a 409; a revision of another post or an unknown one a 404; a half-written autosave a 400 — nothing changes', async () => {
    const post = await createdPost();
    const other = await createdPost();
    expect((await update(post.id, fields(post, { version: 1 }))).status).toBe(200);
    const [first] = await storedRevisions(post.id);
    const [otherFirst] = await storedRevisions(other.id);
    const empty = await (await typed.autosave(post.id, { title: '', excerpt: '', content: '', version: 2 })).json();
    const before = await storedPost(post.id);

    expect(await (await restore(post.id, first!.id, { version: 1 })).json()).toEqual(STALE);
    for (const revisionId of [otherFirst!.id, 2_147_483_647]) {
      const response = await restore(post.id, revisionId);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Revision not found' });
    }
    const malformed = await restore(post.id, 'abc');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'revisionId must be a positive whole number', field: 'revisionId' });
    const half = await restore(post.id, empty.revisionId);
    expect(half.status).toBe(400);
    expect(await half.json()).toEqual({ message: 'Title and content are required.', field: 'revision' });
    expect(await storedPost(post.id)).toEqual(before);
  });
});

test('thinning keeps every autosave of the last day, then the last one per day, and never a save or restore', async () => {
  const post = await createdPost();
  const at = (daysAgo: number, hour: number) =>
    sql`date_trunc('day', now()) - make_interval(days => ${daysAgo}) + make_interval(hours => ${hour})`;
  const row = (kind: 'autosave' | 'save' | 'restore', daysAgo: number, hour: number, content: string) =>
    db()
      .insert(postRevisions)
      .values({
        postId: post.id,
        kind,
        authorName: 'Test',
        baseVersion: 1,
        title: 't',
        excerpt: '',
        content,
        createdAt: at(daysAgo, hour),
      });
  await row('autosave', 3, 9, 'day 3 morning');
  await row('autosave', 3, 15, 'day 3 afternoon');
  await row('save', 3, 10, 'day 3 save');
  await row('autosave', 2, 9, 'day 2 only');
  await row('restore', 2, 8, 'day 2 restore');
  await autosave(post.id, { title: 't', excerpt: '', content: 'now one', version: 1 });

  expect(await thinAutosaves()).toBe(1);
  expect((await storedRevisions(post.id)).map((r) => r.content).sort()).toEqual(
    ['The first body.', 'day 2 only', 'day 2 restore', 'day 3 afternoon', 'day 3 save', 'now one'].sort(),
  );
  expect(await thinAutosaves()).toBe(0);
});
