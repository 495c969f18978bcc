import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { posts, postTags, tags } from '#db/schema.ts';
import { database } from '#server/db.ts';
import type { PostTag } from '#src/schemas/post.ts';

/** Each post's tags, by name, for public and admin reads alike. */
export async function tagsByPost(db: Database, postIds: number[]): Promise<Map<number, PostTag[]>> {
  const byPost = new Map<number, PostTag[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ postId: postTags.postId, id: tags.id, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, postIds))
    .orderBy(tags.name);
  for (const { postId, ...tag } of rows) byPost.get(postId)?.push(tag);
  return byPost;
}

/** Links a post to tags by name, creating the missing ones; sorted, so concurrent inserts lock alike. */
export async function attachTags(tx: Database, postId: number, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const sorted = [...new Set(names)].sort();
  await tx
    .insert(tags)
    .values(sorted.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.name, sorted));
  await tx.insert(postTags).values(rows.map((row) => ({ postId, tagId: row.id })));
}

/** Replaces a post's tags with these names (the editor's save). Tags left without posts stay as suggestions. */
export async function replaceTags(tx: Database, postId: number, names: string[]): Promise<void> {
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  await attachTags(tx, postId, names);
}

/** How many tags the editor offers (issue 18: no admin screen loads every row of a table). */
export const TAG_SUGGESTIONS_MAX = 200;

/**
 * The editor's suggestions: the `limit` tags on the most posts (a tag on none last, ties by
 * name), listed alphabetically. Counted in the database; no post or link row leaves it.
 */
export async function listTagNames(limit = TAG_SUGGESTIONS_MAX): Promise<string[]> {
  const db = await database();
  const rows = await db
    .select({ name: tags.name })
    .from(tags)
    .leftJoin(postTags, eq(postTags.tagId, tags.id))
    .groupBy(tags.id)
    .orderBy(desc(sql`count(${postTags.postId})`), tags.name)
    .limit(limit);
  return rows.map((row) => row.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The id of the tag with this exact name when a published post carries it, else null (drafts' tags stay unseen). */
export async function publishedTagId(db: Database, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .innerJoin(postTags, eq(postTags.tagId, tags.id))
    .innerJoin(posts, and(eq(posts.id, postTags.postId), eq(posts.published, true)))
    .where(eq(tags.name, name))
    .limit(1);
  return row?.id ?? null;
}
