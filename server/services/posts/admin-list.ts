import { and, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { categories, posts } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { ADMIN_POST_PAGE_SIZE, type AdminPostPage, type AdminPostQuery, type PostStatusFilter } from '#src/schemas/admin-post-list.ts';
import { displayStatus } from '#src/schemas/post.ts';
import { postViews } from '../analytics/reports.ts';
import { readPage } from '../paging.ts';
import { summaryColumns } from './published.ts';
import { tagsByPost } from './tags.ts';

// The admin's post list, one page at a time (issue 18): the search, the status filter and the
// counts run in the database, and no row carries its body. Drafts are included: this is admin-only.

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
const likeTerm = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** docs/product.md §4: Published if published; else Scheduled if a schedule is set; else Draft. */
function statusWhere(status: PostStatusFilter): SQL | undefined {
  if (status === 'published') return eq(posts.published, true);
  if (status === 'scheduled') return and(eq(posts.published, false), isNotNull(posts.scheduledFor));
  if (status === 'draft') return and(eq(posts.published, false), isNull(posts.scheduledFor));
  return undefined;
}

function searchWhere(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return term ? or(ilike(posts.title, likeTerm(term)), ilike(posts.excerpt, likeTerm(term))) : undefined;
}

const listColumns = {
  ...summaryColumns,
  scheduledFor: posts.scheduledFor,
  autoPublish: posts.autoPublish,
  updatedAt: posts.updatedAt,
};

/**
 * A page of posts, newest created first, with how many match and how many there are in all.
 * The order is spelt `desc nulls last` so it is posts_admin_recent_idx's own: a page is a short
 * index walk instead of a sort of every post. A page past the end is empty.
 */
export async function listAdminPostPage(query: AdminPostQuery = {}): Promise<AdminPostPage> {
  const { search, status = 'all', page = 1, pageSize = ADMIN_POST_PAGE_SIZE } = query;
  const db = await database();
  const where = and(statusWhere(status), searchWhere(search));
  const unfilteredTotal = db.$count(posts).then((n) => n);
  const { posts: rows, ...info } = await readPage(
    'posts',
    { page, pageSize },
    ({ limit, offset }) =>
      db
        .select(listColumns)
        .from(posts)
        .leftJoin(categories, eq(categories.id, posts.categoryId))
        .where(where)
        .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`)
        .limit(limit)
        .offset(offset),
    // A count of its own, not one pass with `count(*) filter (where …)`: that reads every post
    // and tests each, while this finds the matches through the search or status index.
    () => (where ? db.$count(posts, where).then((n) => n) : unfilteredTotal),
  );
  const ids = rows.map((row) => row.id);
  const [byPost, views] = await Promise.all([
    tagsByPost(db, ids),
    rows.length
      ? postViews(
          new Date(),
          rows.map((row) => row.slug),
        )
      : ({} as Record<string, number>),
  ]);
  return {
    posts: rows.map((row) => ({
      ...row,
      tags: byPost.get(row.id) ?? [],
      scheduledFor: row.scheduledFor?.toISOString() ?? null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      displayStatus: displayStatus(row),
      views: views[row.slug] ?? 0,
    })),
    ...info,
    unfilteredTotal: await unfilteredTotal,
  };
}
