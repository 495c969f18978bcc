import { Hono } from 'hono';
import { z } from 'zod';
import { wholeNumberParam } from '#src/schemas/page.ts';
import { BLOG_PAGE_SIZE, MAX_PAGE_SIZE, type PublicPost, type PublicPostWithContent } from '#src/schemas/post.ts';
import { markedHtml, SEARCH_MAX } from '#src/schemas/post-search.ts';
import { notFound } from '../errors.ts';
import {
  getPublishedPostBySlug,
  listPublishedPosts,
  POST_NOT_FOUND,
  type PostDetail,
  type PostSummary,
} from '../services/posts/published.ts';
import { searchPublishedPosts } from '../services/posts/search.ts';
import { query } from '../validation.ts';

// Offsets stay within Postgres' int range; beyond the last post the page is simply empty.
const MAX_OFFSET = 2_147_483_647;

/**
 * GET /api/blog-posts' answer: a page of posts, each of a search's with its highlight (the title
 * and a passage as HTML, the matched words in <mark>). Declared, so the two answers stay one type.
 */
type BlogPostsAnswer = {
  posts: Array<PublicPost & { highlight?: { title: string; snippet: string } }>;
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
};

/** The spec's `?limit=&offset=` with the blog's filters; an empty filter is no filter. */
const blogQuerySchema = z.object({
  limit: wholeNumberParam('limit', { min: 1, max: MAX_PAGE_SIZE, fallback: BLOG_PAGE_SIZE }),
  offset: wholeNumberParam('offset', { min: 0, max: MAX_OFFSET, fallback: 0 }),
  category: z.string().optional(),
  // A tag by its name, as posts list it (tags have no slug); like an unknown category, an unknown tag is a 404.
  tag: z.string().optional(),
  // Full-text search over every published post, best match first (issue 18).
  search: z.string().trim().max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters of text`).optional(),
});

const toPublicPost = (post: PostSummary): PublicPost => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  excerpt: post.excerpt,
  imageUrl: post.imageUrl,
  customImage: post.customImage,
  categoryId: post.categoryId,
  tags: post.tags,
  featured: post.featured,
  published: post.published,
  publishedAt: post.publishedAt?.toISOString() ?? null,
  createdAt: post.createdAt.toISOString(),
});

const toPublicPostWithContent = (post: PostDetail): PublicPostWithContent => ({ ...toPublicPost(post), content: post.content });

export const blogPostRoutes = new Hono()
  .get('/blog-posts', query(blogQuerySchema), async (c) => {
    const { limit, offset, search, ...filters } = c.req.valid('query');
    const categorySlug = filters.category || undefined;
    const tagName = filters.tag || undefined;
    // A search's posts each carry `highlight`: the title and a passage as HTML, the text escaped
    // and the matched words in <mark>.
    if (search) {
      const found = await searchPublishedPosts(search, { limit, offset, categorySlug, tagName });
      return c.json<BlogPostsAnswer>({
        posts: found.posts.map((post) => ({
          ...toPublicPost(post),
          highlight: { title: markedHtml(post.highlight.title), snippet: markedHtml(post.highlight.snippet) },
        })),
        pagination: { total: found.total, limit, offset, hasMore: offset + found.posts.length < found.total },
      });
    }
    const { posts, total } = await listPublishedPosts({ limit, offset, categorySlug, tagName });
    return c.json<BlogPostsAnswer>({
      posts: posts.map(toPublicPost),
      pagination: { total, limit, offset, hasMore: offset + posts.length < total },
    });
  })
  // Any path below /blog-posts/ is a slug lookup, so odd slugs get the same 404 as unknown ones.
  .get('/blog-posts/:slug{.+}', async (c) => {
    const post = await getPublishedPostBySlug(c.req.param('slug'));
    if (!post) throw notFound(POST_NOT_FOUND);
    return c.json(toPublicPostWithContent(post));
  });
