import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { categories, posts } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { notFound } from '#server/errors.ts';
import { renderPostBody } from '#server/markdown/render.ts';
import { type AdminPost, displayStatus, type PostPreview, type PostTag } from '#src/schemas/post.ts';
import { mediaDimensionsIn } from '../media.ts';
import { summaryColumns } from './published.ts';
import { tagsByPost } from './tags.ts';

// The admin's reads of posts: every post, drafts included. Public reads live in posts.ts and
// filter on `published` themselves, so nothing here can leak a draft to a visitor. Writes are
// post-writes.ts's.

export const POST_NOT_FOUND = 'Post not found';

const adminColumns = {
  ...summaryColumns,
  content: posts.content,
  scheduledFor: posts.scheduledFor,
  autoPublish: posts.autoPublish,
  updatedAt: posts.updatedAt,
  version: posts.version,
};

const selectPosts = (db: Database, where?: SQL, limit?: number) => {
  const query = db
    .select(adminColumns)
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(where)
    // `nulls last` as posts_admin_recent_idx has it, so the newest few are an index walk, not a sort of every post.
    .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
};

type PostRow = Awaited<ReturnType<typeof selectPosts>>[number];

const toAdminPost = (row: PostRow, postTagList: PostTag[]): AdminPost => ({
  ...row,
  tags: postTagList,
  scheduledFor: row.scheduledFor?.toISOString() ?? null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  displayStatus: displayStatus(row),
});

/** Posts with their category name and tags, newest created first. */
async function readPosts(db: Database, where?: SQL, limit?: number): Promise<AdminPost[]> {
  const rows = await selectPosts(db, where, limit);
  const byPost = await tagsByPost(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAdminPost(row, byPost.get(row.id) ?? []));
}

/** One post as the admin API answers it (also inside a write's transaction), or a 404. */
export async function readAdminPost(db: Database, id: number): Promise<AdminPost> {
  const [post] = await readPosts(db, eq(posts.id, id));
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}

/** Every post (or the `limit` newest), drafts and scheduled ones included, newest created first. */
export async function listAdminPosts(limit?: number): Promise<AdminPost[]> {
  return readPosts(await database(), undefined, limit);
}

export async function getAdminPost(id: number): Promise<AdminPost> {
  return readAdminPost(await database(), id);
}

/** The editor preview, through the same renderer as the public post page. */
export async function previewPost(input: { title: string; content: string }): Promise<PostPreview> {
  return { html: await renderPostBody(input.content, await mediaDimensionsIn(input.content)) };
}
