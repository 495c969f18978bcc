import { and, asc, eq, gt, isNull, not, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { posts } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { RENDER_VERSION, renderPostBody } from '#server/markdown/render.ts';
import { mediaDimensionsIn } from '../media.ts';

// A post's body is rendered from Markdown when it is saved and kept in posts.content_html, so a
// page view (or the feed) reads HTML instead of running the Markdown pipeline (issue 18: the
// renderer was most of a post page's render time).
//
// The stored HTML starts with a mark naming the renderer's version (RENDER_VERSION, in
// server/markdown/render.ts). HTML without the current mark — null for posts saved before the
// column existed, or written by an older renderer — is never served: it is rendered again on its
// next view and stored, and the start-up backfill (server/jobs/post-html-backfill.ts) renders every
// such post in batches. The sanitiser drops every comment from a body, so no author can write the mark.

const MARK = `<!--rendered v${RENDER_VERSION}-->`;

/**
 * The body rendered for storing in posts.content_html (every write path calls this), its uploaded
 * images read through `db`: the write's transaction, where there is one.
 */
export async function storedHtmlOf(content: string, db?: Database): Promise<string> {
  return MARK + (await renderPostBody(content, await mediaDimensionsIn(content, db)));
}

/** The HTML to show from a stored value, or null when it must be rendered again (none, or an older renderer's). */
export function currentHtml(stored: string | null): string | null {
  return stored?.startsWith(MARK) ? stored.slice(MARK.length) : null;
}

/**
 * Stores a render unless the post changed meanwhile: the save that changed it stored its own, and
 * this one must not replace it.
 */
async function keep(db: Database, id: number, content: string, html: string): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ contentHtml: html })
    .where(and(eq(posts.id, id), eq(posts.content, content)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** A post's body as HTML: the stored render when it is current, otherwise rendered now and stored for the next view. */
export async function postHtml(post: { id: number; content: string; contentHtml: string | null }): Promise<string> {
  const stored = currentHtml(post.contentHtml);
  if (stored !== null) return stored;
  const html = await storedHtmlOf(post.content);
  // The view does not wait for the write; a failed one is done again by the next view.
  void database()
    .then((db) => keep(db, post.id, post.content, html))
    .catch(() => {});
  return html.slice(MARK.length);
}

const stale = or(isNull(posts.contentHtml), not(sql`starts_with(${posts.contentHtml}, ${MARK})`));

/**
 * Renders and stores the next `batch` posts (by id, after `afterId`) whose HTML is missing or from
 * an older renderer. Returns the last id looked at, or null when none is left.
 */
export async function backfillPostHtml(afterId: number, batch = 100): Promise<{ lastId: number | null; rendered: number }> {
  const db = await database();
  const rows = await db
    .select({ id: posts.id, content: posts.content })
    .from(posts)
    .where(and(gt(posts.id, afterId), stale))
    .orderBy(asc(posts.id))
    .limit(batch);
  let rendered = 0;
  for (const row of rows) {
    if (await keep(db, row.id, row.content, await storedHtmlOf(row.content, db))) rendered++;
  }
  return { lastId: rows.at(-1)?.id ?? null, rendered };
}
