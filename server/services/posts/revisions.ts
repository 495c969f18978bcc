import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { postRevisions, posts } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { notFound } from '#server/errors.ts';
import {
  type AutosaveInput,
  type AutosaveResult,
  type PostRevision,
  REVISION_NOT_FOUND,
  REVISIONS_LISTED,
  type RevisionKind,
  type RevisionSummary,
} from '#src/schemas/post-revision.ts';
import { continuesSession, currentAuthor, withinMergeWindow } from '../revisions.ts';
import { POST_NOT_FOUND } from './admin-post.ts';

// A post's history (docs/product.md §10). Saves and restores write their revision in
// post-writes.ts's transaction; autosaves land here and never change the post itself, so a
// published post's live page stays as it was until the coach saves.

export interface RevisionText {
  title: string;
  excerpt: string;
  content: string;
}

/** Keeps a revision inside the caller's transaction (a save or a restore). */
export async function recordRevision(tx: Database, postId: number, kind: RevisionKind, baseVersion: number, text: RevisionText) {
  const author = await currentAuthor(tx);
  const { title, excerpt, content } = text;
  await tx
    .insert(postRevisions)
    .values({ postId, kind, authorId: author.id, authorName: author.name, baseVersion, title, excerpt, content });
}

/** Stores the editor's work in progress. It is kept even when the post moved on meanwhile, so no word is lost. */
export async function autosavePost(postId: number, input: AutosaveInput): Promise<AutosaveResult> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [post] = await tx.select({ version: posts.version }).from(posts).where(eq(posts.id, postId)).for('key share');
    if (!post) throw notFound(POST_NOT_FOUND);
    const author = await currentAuthor(tx);
    const text = { title: input.title, excerpt: input.excerpt, content: input.content };
    const [latest] = await tx
      .select({ id: postRevisions.id, kind: postRevisions.kind, authorId: postRevisions.authorId, baseVersion: postRevisions.baseVersion })
      .from(postRevisions)
      .where(and(eq(postRevisions.postId, postId), withinMergeWindow(postRevisions.createdAt)))
      .orderBy(desc(postRevisions.id))
      .limit(1)
      .for('update');
    const [row] = continuesSession(latest, author, input.version)
      ? await tx
          .update(postRevisions)
          .set({ ...text, createdAt: sql`now()` })
          .where(eq(postRevisions.id, latest.id))
          .returning({ id: postRevisions.id, createdAt: postRevisions.createdAt })
      : await tx
          .insert(postRevisions)
          .values({ postId, kind: 'autosave', authorId: author.id, authorName: author.name, baseVersion: input.version, ...text })
          .returning({ id: postRevisions.id, createdAt: postRevisions.createdAt });
    return { revisionId: row!.id, savedAt: row!.createdAt.toISOString(), postVersion: post.version };
  });
}

const summaryColumns = {
  id: postRevisions.id,
  kind: postRevisions.kind,
  authorName: postRevisions.authorName,
  createdAt: postRevisions.createdAt,
  title: postRevisions.title,
};

async function assertPostExists(db: Database, postId: number) {
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  if (!post) throw notFound(POST_NOT_FOUND);
}

/** The newest revisions of a post, without their bodies. */
export async function listRevisions(postId: number): Promise<RevisionSummary[]> {
  const db = await database();
  await assertPostExists(db, postId);
  const rows = await db
    .select(summaryColumns)
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
    .limit(REVISIONS_LISTED);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** One revision of a post, in full, or a 404 (a revision of another post is not found either). */
export async function getRevision(postId: number, revisionId: number, db?: Database): Promise<PostRevision> {
  const reader = db ?? (await database());
  const [row] = await reader
    .select({ ...summaryColumns, baseVersion: postRevisions.baseVersion, excerpt: postRevisions.excerpt, content: postRevisions.content })
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, postId), eq(postRevisions.id, revisionId)));
  if (!row) throw notFound(REVISION_NOT_FOUND);
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * The autosave the editor should open with: the post's newest revision when it is an autosave
 * based on the post's current version (nothing saved since). Null otherwise.
 */
export async function pendingAutosave(postId: number): Promise<PostRevision | null> {
  const db = await database();
  const [row] = await db
    .select({ id: postRevisions.id, kind: postRevisions.kind, baseVersion: postRevisions.baseVersion, version: posts.version })
    .from(postRevisions)
    .innerJoin(posts, eq(posts.id, postRevisions.postId))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.id))
    .limit(1);
  if (row?.kind !== 'autosave' || row.baseVersion !== row.version) return null;
  return getRevision(postId, row.id, db);
}

/**
 * Thins old autosaves: every one from the last day stays, then one per post and day (the day's
 * last). Saves and restores always stay. One idempotent statement, safe from every instance.
 */
export async function thinAutosaves(): Promise<number> {
  const db = await database();
  // A later autosave of the same post and day, also past the last day, makes this one redundant.
  const rows = await db
    .delete(postRevisions)
    .where(
      and(
        eq(postRevisions.kind, 'autosave'),
        sql`${postRevisions.createdAt} < now() - interval '1 day'`,
        sql`exists (
          select 1 from post_revisions later
          where later.post_id = ${postRevisions.postId}
            and later.kind = 'autosave'
            and later.created_at < now() - interval '1 day'
            and date_trunc('day', later.created_at) = date_trunc('day', ${postRevisions.createdAt})
            and (later.created_at, later.id) > (${postRevisions.createdAt}, ${postRevisions.id}))`,
      ),
    )
    .returning({ id: postRevisions.id });
  return rows.length;
}
