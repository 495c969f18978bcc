import { Suspense } from 'react';
import { Link } from 'waku';
import { unstable_redirect } from 'waku/router/server';
import { currentCategorySlugOf, listCategories } from '../../../../server/services/categories.ts';
import { countPublishedPosts, listPublishedPosts } from '../../../../server/services/posts.ts';
import { currentSettings } from '../../../../server/services/settings.ts';
import { BlogResults } from '../../../components/blog/blog-results.tsx';
import { toCardData } from '../../../components/blog/card-data.ts';
import { PostCardSkeleton } from '../../../components/blog/post-card.tsx';
import { Meta } from '../../../components/meta.tsx';
import { NotFoundView } from '../../../components/not-found-view.tsx';
import { Container, PageHeader } from '../../../components/ui/container.tsx';
import { cn } from '../../../lib/cn.ts';
import { setPageStatus } from '../../../lib/page-status.ts';
import { BLOG_PAGE_SIZE } from '../../../schemas/post.ts';

export const BLOG_DESCRIPTION =
  'Leadership insights, practical tips and proven strategies to help you lead with clarity, confidence and character.';

const blogHref = (category: string | undefined, page = 1) => {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
};

export default async function BlogPage({ query }: { query: string }) {
  const params = new URLSearchParams(query);
  const categorySlug = params.get('category') || undefined;
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
  const total = Number.isNaN(page) || (categorySlug && !category) ? -1 : await countPublishedPosts(categorySlug);
  const lastPage = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (total < 0 || page > lastPage) {
    setPageStatus(404);
    return <NotFoundView />;
  }

  const title = category ? `${category.name} Articles` : 'Leadership Blog';
  return (
    <>
      <Meta title={title} description={BLOG_DESCRIPTION} path={blogHref(categorySlug, page)} />
      <PageHeader eyebrow="The Blog" title={title} lead={BLOG_DESCRIPTION} />
      <Container className="py-12 sm:py-16">
        <nav aria-label="Categories">
          <ul className="flex flex-wrap gap-2">
            {[{ name: 'All', slug: undefined }, ...categories].map((chip) => {
              const current = chip.slug === categorySlug;
              return (
                <li key={chip.slug ?? 'all'}>
                  <Link
                    to={blogHref(chip.slug)}
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
        <div className="mt-8">
          <Suspense key={`${categorySlug}:${page}`} fallback={<BlogGridSkeleton />}>
            <BlogGrid categorySlug={categorySlug} page={page} lastPage={lastPage} initialSearch={params.get('q') ?? ''} />
          </Suspense>
        </div>
      </Container>
    </>
  );
}

async function BlogGrid({
  categorySlug,
  page,
  lastPage,
  initialSearch,
}: {
  categorySlug: string | undefined;
  page: number;
  lastPage: number;
  initialSearch: string;
}) {
  const [{ coachName }, { posts }] = await Promise.all([
    currentSettings(),
    listPublishedPosts({
      limit: BLOG_PAGE_SIZE,
      offset: (page - 1) * BLOG_PAGE_SIZE,
      categorySlug,
    }),
  ]);
  return (
    <BlogResults
      posts={posts.map((post) => toCardData(post, coachName))}
      initialSearch={initialSearch}
      previousHref={page > 1 ? blogHref(categorySlug, page - 1) : null}
      nextHref={page < lastPage ? blogHref(categorySlug, page + 1) : null}
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
