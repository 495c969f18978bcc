import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { categories, posts, postTags } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { notFound } from '#server/errors.ts';
import type { MarkedText, SearchHighlight } from '#src/schemas/post-search.ts';
import { CATEGORY_NOT_FOUND, type PostFilter, type PostSummary, summaryColumns, TAG_NOT_FOUND } from './published.ts';
import { publishedTagId, tagsByPost } from './tags.ts';

// Full-text search over every published post (issue 18): `posts.search` (title weighted A,
// excerpt B, body C; migration 0011) through its GIN index, ranked by ts_rank, with the matched
// words marked by ts_headline. Drafts are never searched.

/**
 * Ranking reads each match's search vector, so a word found in most posts would rank them all.
 * Only the newest this-many matches are ranked: a rare word is ranked among every post that has
 * it, a word in nearly every post among the newest 200 of them, so the answer stays within
 * 50 ms at 100,000 posts (docs/benchmarks.md, issue 18 §7).
 */
export const SEARCH_CANDIDATES = 200;

// ts_headline marks matches with these; they are split back out below, never sent as markup.
// Private-use characters: a post that contains one gets at worst a stray mark, never markup.
const START = '\uE000';
const STOP = '\uE001';
const MARKS = `StartSel=${START}, StopSel=${STOP}`;

export interface PostSearchHit extends PostSummary {
  highlight: SearchHighlight;
}

/** ts_headline's text as parts; Markdown punctuation in the passage is dropped (the card shows plain text). */
function parts(marked: string, plain: (text: string) => string = (text) => text): MarkedText {
  const result: MarkedText = [];
  for (const [index, piece] of marked.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    const text = plain(piece);
    if (text) result.push({ text, mark: index % 2 === 1 });
  }
  return result;
}

// A tag or comment, its quoted attribute values allowed to hold '>'.
const HTML_TAG = `<(?:[^>"']|"[^"]*"|'[^']*')*>`;

/** Text of an HTML passage (its tags already removed): its character references decoded. */
const htmlText = (text: string) =>
  text
    .replace(/&(?:#x([\da-f]+)|#(\d+)|(amp|lt|gt|quot));/gi, (_, hex, decimal, name) =>
      hex || decimal ? String.fromCodePoint(Number.parseInt(hex ?? decimal, hex ? 16 : 10)) : NAMED[name.toLowerCase()]!,
    )
    .replace(/\s+/g, ' ');
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

const markdownPunctuation = (text: string) =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(^|\s)(#{1,6}|>|[-*+]|\d+\.)(?=\s)/g, '$1')
    .replace(/[*_`~]{1,3}/g, '')
    .replace(/\s+/g, ' ');

async function filterWhere({ categorySlug, tagName }: PostFilter): Promise<SQL[]> {
  const db = await database();
  const conditions: SQL[] = [];
  if (categorySlug !== undefined) {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, categorySlug));
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    conditions.push(eq(posts.categoryId, category.id));
  }
  if (tagName !== undefined) {
    const tagId = await publishedTagId(db, tagName);
    if (tagId === null) throw notFound(TAG_NOT_FOUND);
    conditions.push(inArray(posts.id, db.select({ id: postTags.postId }).from(postTags).where(eq(postTags.tagId, tagId))));
  }
  return conditions;
}

/**
 * Published posts matching `search` (websearch syntax: words, "a phrase", -not, or), best first:
 * by rank (a word in the title above one in the excerpt above one in the body), then newest.
 * `total` counts the ranked matches (at most SEARCH_CANDIDATES). Unknown category or tag → 404.
 */
export async function searchPublishedPosts(
  search: string,
  options: PostFilter & { limit: number; offset: number },
): Promise<{ posts: PostSearchHit[]; total: number }> {
  const db = await database();
  const query = sql`websearch_to_tsquery('english', ${search})`;
  const candidates = db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.published, true), sql`${posts.search} @@ ${query}`, ...(await filterWhere(options))))
    .orderBy(sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  const rank = sql<number>`ts_rank(${posts.search}, ${query})`.as('rank');
  // The page first (rank reads only the candidates' vectors), then headlines for its rows alone.
  const ranked = db
    .select({ id: posts.id, rank, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(posts)
    .innerJoin(candidates, eq(candidates.id, posts.id))
    .orderBy(desc(rank), sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(options.limit)
    .offset(options.offset)
    .as('ranked');
  const rows = await db
    .select({
      ...summaryColumns,
      total: ranked.total,
      markedTitle: sql<string>`ts_headline('english', ${posts.title}, ${query}, ${`HighlightAll=true, ${MARKS}`})`,
      // The passage comes from the body as readers see it: its stored HTML without tags (blocks
      // are on lines of their own), so a cut never leaves half a Markdown link. The excerpt is
      // escaped like the HTML's text, both decoded by htmlText. A body not rendered yet falls
      // back to its Markdown, punctuation removed.
      snippetIsHtml: sql<boolean>`${posts.contentHtml} is not null`,
      markedSnippet: sql<string>`ts_headline('english', case when ${posts.contentHtml} is null
        then ${posts.excerpt} || E'\n\n' || ${posts.content}
        else replace(replace(${posts.excerpt}, '&', '&amp;'), '<', '&lt;') || E'\n\n'
          || regexp_replace(${posts.contentHtml}, ${HTML_TAG}, '', 'g') end,
        ${query}, ${`MaxWords=35, MinWords=15, ${MARKS}`})`,
    })
    .from(ranked)
    .innerJoin(posts, eq(posts.id, ranked.id))
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .orderBy(desc(ranked.rank), sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`);
  const tagMap = await tagsByPost(
    db,
    rows.map((row) => row.id),
  );
  const total = rows[0]?.total ?? (options.offset > 0 ? await countMatches(search, options) : 0);
  return {
    posts: rows.map(({ total: _, markedTitle, markedSnippet, snippetIsHtml, ...row }) => ({
      ...row,
      tags: tagMap.get(row.id) ?? [],
      highlight: { title: parts(markedTitle), snippet: parts(markedSnippet, snippetIsHtml ? htmlText : markdownPunctuation) },
    })),
    total,
  };
}

/** How many posts a search ranks, for a page past its end (capped like the ranking). */
async function countMatches(search: string, filter: PostFilter): Promise<number> {
  const db = await database();
  const capped = db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(eq(posts.published, true), sql`${posts.search} @@ websearch_to_tsquery('english', ${search})`, ...(await filterWhere(filter))),
    )
    .limit(SEARCH_CANDIDATES)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}
