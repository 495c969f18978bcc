import { X } from 'lucide';
import { Suspense } from 'react';
import { Link } from 'waku';
import { unstable_redirect } from 'waku/router/server';
import { currentCategorySlugOf, listCategories } from '#server/services/categories.ts';
import { countPublishedPosts, listPublishedPosts, TAG_NOT_FOUND } from '#server/services/posts/published.ts';
import { type PostSearchHit, searchPublishedPosts } from '#server/services/posts/search.ts';
import { currentSettings } from '#server/services/settings.ts';
import { BlogResults } from '#src/components/blog/blog-results.tsx';
import { toCardData } from '#src/components/blog/card-data.ts';
import { PostCardSkeleton } from '#src/components/blog/post-card.tsx';
import { Meta } from '#src/components/meta.tsx';
import { SiteNotFound } from '#src/components/site-not-found.tsx';
import { Container, PageHeader } from '#src/components/ui/container.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { setPageStatus, setPastEnd } from '#src/lib/page-status.ts';
import { pageQuery } from '#src/schemas/page-query.ts';
import { BLOG_PAGE_SIZE } from '#src/schemas/post.ts';
import { SEARCH_MAX } from '#src/schemas/post-search.ts';

export const BLOG_DESCRIPTION =
  'Leadership insights, practical tips and proven strategies to help you lead with clarity, confidence and character.';

/** The list's address: category, tag and page (a search, `q`, is set by the search box and unpaged). */
const blogHref = (category: string | undefined, tag: string | undefined, page = 1) => {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (tag) params.set('tag', tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
};

export default async function BlogPage({ query }: { query: string }) {
  // Only the parameters the page cache keys on: declare a new one in src/schemas/page-query.ts.
  const params = pageQuery('/blog', query);
  const categorySlug = params.get('category') || undefined;
  const tagName = params.get('tag') || undefined;
  const rawPage = params.get('page');
  const page = rawPage === null ? 1 : /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : Number.NaN;

  // Everything that decides between the list and a 404 is settled before the shell is sent.
  const categories = await listCategories();
  const category = categorySlug === undefined ? undefined : categories.find((c) => c.slug === categorySlug);
  if (categorySlug && !category) {
    // A renamed, re-slugged or merged category: its old links keep working.
    const moved = await currentCategorySlugOf(categorySlug);
    if (moved) {
      const target = new URLSearchParams(params);
      target.set('category', moved);
      unstable_redirect(`/blog?${target}`, 301 as 308);
    }
  }
  const total = Number.isNaN(page) || (categorySlug && !category) ? -1 : await countWithTag(categorySlug, tagName);
  const lastPage = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (total < 0 || page > lastPage) {
    if (total < 0) setPageStatus(404);
    else setPastEnd(lastPage + 1);
    return <SiteNotFound />;
  }

  const title = category ? `${category.name} Articles` : 'Leadership Blog';
  return (
    <>
      <Meta title={title} description={BLOG_DESCRIPTION} path={blogHref(categorySlug, tagName, page)} />
      <PageHeader eyebrow="The Blog" title={title} lead={BLOG_DESCRIPTION} />
      <Container className="py-12 sm:py-16">
        <nav aria-label="Categories">
          <ul className="flex flex-wrap gap-2">
            {[{ name: 'All', slug: undefined }, ...categories].map((chip) => {
              const current = chip.slug === categorySlug;
              return (
                <li key={chip.slug ?? 'all'}>
                  <Link
                    to={blogHref(chip.slug, tagName)}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-10 items-center rounded-full px-4 text-sm font-medium transition-colors',
                      current
                        ? 'bg-primary-800 text-white'
                        : 'border border-line bg-surface text-primary-900 hover:border-primary-300 hover:bg-primary-50',
                    )}
                  >
                    {chip.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {tagName && (
          <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-ink">
            <span>
              Tag: <strong className="font-semibold">{tagName}</strong>
            </span>
            <Link
              to={blogHref(categorySlug, undefined)}
              className="inline-flex h-8 items-center gap-1 rounded-full border border-line bg-surface px-3 font-medium text-primary-900 hover:border-primary-300 hover:bg-primary-50"
            >
              <Icon shapes={X} aria-hidden="true" className="size-3.5" />
              Clear tag<span className="sr-only"> {tagName}</span>
            </Link>
          </p>
        )}
        <div className="mt-8">
          <Suspense key={`${categorySlug}:${tagName}:${page}`} fallback={<BlogGridSkeleton />}>
            <BlogGrid categorySlug={categorySlug} tagName={tagName} page={page} lastPage={lastPage} initialSearch={params.get('q') ?? ''} />
          </Suspense>
        </div>
      </Container>
    </>
  );
}

/** The posts in the list's filters, or -1 when the tag is unknown (a 404, like an unknown category). */
async function countWithTag(categorySlug: string | undefined, tagName: string | undefined): Promise<number> {
  try {
    return await countPublishedPosts({ categorySlug, tagName });
  } catch (error) {
    // The service's 404 (an HttpError; read by shape, as the admin pages do).
    if (error instanceof Error && error.message === TAG_NOT_FOUND) return -1;
    throw error;
  }
}

async function BlogGrid({
  categorySlug,
  tagName,
  page,
  lastPage,
  initialSearch,
}: {
  categorySlug: string | undefined;
  tagName: string | undefined;
  page: number;
  lastPage: number;
  initialSearch: string;
}) {
  const search = initialSearch.trim().slice(0, SEARCH_MAX);
  const [{ coachName }, { posts }] = await Promise.all([
    currentSettings(),
    // A search shows its best matches over every published post (issue 18), unpaged (docs/product.md §4).
    search
      ? searchPublishedPosts(search, { limit: BLOG_PAGE_SIZE, offset: 0, categorySlug, tagName })
      : listPublishedPosts({
          limit: BLOG_PAGE_SIZE,
          offset: (page - 1) * BLOG_PAGE_SIZE,
          categorySlug,
          tagName,
        }),
  ]);
  return (
    <BlogResults
      posts={posts.map((post) => ({
        ...toCardData(post, coachName),
        highlight: 'highlight' in post ? (post as PostSearchHit).highlight : undefined,
      }))}
      initialSearch={initialSearch}
      previousHref={page > 1 ? blogHref(categorySlug, tagName, page - 1) : null}
      nextHref={page < lastPage ? blogHref(categorySlug, tagName, page + 1) : null}
    />
  );
}

/** The search box and six card skeletons (docs/product.md §9), the same size as what replaces them. */
function BlogGridSkeleton() {
  return (
    <div>
      <div className="h-12 max-w-md animate-pulse rounded-control border border-line bg-surface" />
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index}>
            <PostCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
