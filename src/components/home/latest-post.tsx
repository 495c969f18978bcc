import { ArrowRight, CalendarDays } from 'lucide';
import { Link } from 'waku';
import { getLatestPublishedPost } from '#server/services/posts/published.ts';
import { formatCardDate } from '#src/lib/format-date.ts';
import { Icon } from '../ui/icon.tsx';
import { Bone, TextLines } from '../ui/skeleton.tsx';

export const NO_POSTS_TEXT = 'No published blog posts available yet. Check back soon!';

const cardClass = 'rounded-card border border-line bg-canvas p-6 shadow-sm sm:p-8';

/** docs/product.md §4: the newest published post; a failed query reads as "no posts". */
export async function LatestPost() {
  const post = await getLatestPublishedPost().catch(() => null);
  if (!post) return <p className={`${cardClass} text-muted`}>{NO_POSTS_TEXT}</p>;
  return (
    <article className={cardClass}>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {/* No badge for a post in no category (as on its own page), rather than a made-up one. */}
        {post.categoryName && <span className="rounded-full bg-accent-100 px-3 py-1 font-medium text-accent-800">{post.categoryName}</span>}
        <span className="inline-flex items-center gap-1.5 text-muted">
          <Icon shapes={CalendarDays} aria-hidden="true" className="size-4" />
          {formatCardDate(post.publishedAt ?? post.createdAt)}
        </span>
      </div>
      <h3 className="mt-4 text-2xl font-semibold">{post.title}</h3>
      <p className="mt-3 line-clamp-3 leading-relaxed text-muted">{post.excerpt}</p>
      <Link
        to={`/blog/${post.slug}`}
        className="mt-5 inline-flex items-center gap-1.5 font-semibold text-primary-700 hover:text-primary-900"
      >
        Read More<span className="sr-only">: {post.title}</span> <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />
      </Link>
    </article>
  );
}

/** Same box as the card so the streamed post replaces it without moving the page. */
export function LatestPostSkeleton() {
  return (
    <div className={cardClass} aria-hidden="true" data-testid="latest-post-skeleton">
      <div className="flex gap-3">
        <Bone className="h-7 w-28 rounded-full" strong />
        <Bone className="h-7 w-32" />
      </div>
      <Bone className="mt-4 h-8 w-3/4" strong />
      <TextLines className="mt-3 space-y-2" line="h-5" />
      <Bone className="mt-5 h-6 w-28" strong />
    </div>
  );
}
