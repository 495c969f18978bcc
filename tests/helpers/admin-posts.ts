// The admin posts API as its tests call it (tests/api/admin-posts.test.ts, admin-post-writes.test.ts,
// admin-post-editor.test.ts): its path, the keys and messages of its answers, its calls as the
// file's signed-in admin (raw and typed), a valid post, and the refusal check over the tables it writes.
import { expect } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { posts, postTags } from '#db/schema.ts';
import type { PostInput } from '#src/schemas/post.ts';
import { typedApi } from './api.ts';
import { request, sendJson } from './app.ts';
import { unique } from './factories.ts';
import { refusalChecker } from './refusals.ts';

export const POSTS = '/api/admin/blog-posts';
export const ADMIN_POST_KEYS = [
  'autoPublish',
  'categoryId',
  'categoryName',
  'content',
  'createdAt',
  'customImage',
  'displayStatus',
  'excerpt',
  'featured',
  'id',
  'imageUrl',
  'published',
  'publishedAt',
  'scheduledFor',
  'slug',
  'tags',
  'title',
  'updatedAt',
  'version',
];

export const MESSAGES = {
  required: 'Title and content are required.',
  slug: 'Slug may contain only lowercase letters, digits and hyphens',
  categoryId: 'Category must be a category id',
  categoryNotFound: 'Category not found',
  schedule: 'Schedule must be a date and time',
  customImage: 'Custom image must be an http(s) URL or a path on this site',
  duplicateSlug: 'A post with this slug already exists',
  notFound: 'Post not found',
  badId: 'id must be a positive whole number',
  tooLarge: 'Request body too large',
  signedOut: 'Authentication required',
  notAdmin: 'Admin privileges required',
};

export const MALFORMED_IDS = ['abc', '-1', '0', '1.5', '99999999999'];
export const UNKNOWN_ID = 2_147_483_647;

export type Json = Record<string, unknown>;

/** The least a create needs, with a title no other test uses. */
export const validPost = <T extends Json>(overrides?: T) => ({
  title: unique('Leading Well'),
  content: '## Start\n\nBody text.',
  ...overrides,
});

export const isoNear = (value: string | null, at = Date.now()) => {
  expect(typeof value).toBe('string');
  expect(Math.abs(Date.parse(value ?? '') - at)).toBeLessThan(60_000);
};

/** The calls of the admin posts API as `admin` (an adminSession()), and reads of what they stored in `db`. */
export function adminPostsApi(db: () => Database, admin: { headers(): { Cookie: string } }) {
  const get = (path: string) => request(path, { headers: admin.headers() });
  const create = (body: unknown) => sendJson('POST', POSTS, body, { headers: admin.headers() });
  const update = (id: number | string, body: unknown) => sendJson('PUT', `${POSTS}/${id}`, body, { headers: admin.headers() });
  const publish = (id: number | string, body: unknown) => sendJson('PATCH', `${POSTS}/${id}/publish`, body, { headers: admin.headers() });
  const remove = (id: number | string) => sendJson('DELETE', `${POSTS}/${id}`, undefined, { headers: admin.headers() });
  const preview = (body: unknown) => sendJson('POST', `${POSTS}/preview`, body, { headers: admin.headers() });

  // The same calls through the typed client (tests/helpers/api.ts), whose answers are typed by their
  // routes; the raw helpers above send what the API must refuse, which the typed client would not compile.
  const { adminApi } = typedApi(admin.headers);
  const byId = (id: number) => ({ param: { id: String(id) } });
  const typed = {
    list: () => adminApi['blog-posts'].$get({ query: {} }),
    read: (id: number) => adminApi['blog-posts'][':id'].$get(byId(id)),
    create: (json: PostInput) => adminApi['blog-posts'].$post({ json }),
    update: (id: number, json: PostInput) => adminApi['blog-posts'][':id'].$put({ ...byId(id), json }),
    publish: (id: number, published: boolean) => adminApi['blog-posts'][':id'].publish.$patch({ ...byId(id), json: { published } }),
    preview: (json: { title?: string; content: string }) => adminApi['blog-posts'].preview.$post({ json }),
  };

  async function createdPost(overrides: Partial<PostInput> = {}) {
    const response = await typed.create(validPost(overrides));
    expect(response.status).toBe(201);
    return response.json();
  }

  const storedPost = async (id: number) => (await db().select().from(posts).where(eq(posts.id, id)))[0];

  /** Every row of the tables these endpoints write, in a stable order. */
  async function snapshot() {
    return {
      posts: await db().select().from(posts).orderBy(asc(posts.id)),
      postTags: await db().select().from(postTags).orderBy(asc(postTags.postId), asc(postTags.tagId)),
    };
  }

  /** A request that must be refused: its status and body, and nothing changed. */
  const expectRefused = refusalChecker(snapshot);

  return { get, create, update, publish, remove, preview, typed, createdPost, storedPost, snapshot, expectRefused };
}
