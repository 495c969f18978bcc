import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postTags, tags } from '../../db/schema.ts';
import type { PostTag } from '../../src/schemas/post.ts';

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
