import { ExternalLink, Eye, Pencil, Trash2 } from 'lucide';
import type { ReactNode } from 'react';
import { ButtonLink, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { Bone, SkeletonList, TextLines } from '#src/components/ui/skeleton.tsx';
import { cn } from '#src/lib/cn.ts';
import { plural } from '#src/lib/plural.ts';
import type { AdminPostListItem } from '#src/schemas/admin-post-list.ts';
import { FeaturedBadge, PostStatusBadge } from '../kit/post-status-badge.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { NEVER } from './post-dates.ts';

const LIST_FIELDS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'categoryName',
  'featured',
  'displayStatus',
  'createdAt',
  'publishedAt',
  'scheduledFor',
] as const satisfies ReadonlyArray<keyof AdminPostListItem>;

/** What a row shows (the list API's rows carry no body). */
export type PostListEntry = Pick<AdminPostListItem, (typeof LIST_FIELDS)[number]>;

const rowClass = 'flex flex-col gap-4 p-4 sm:p-5 lg:flex-row lg:items-start lg:gap-6';
const metaGridClass = 'mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4';
// A fixed width on wide screens, so the date columns line up whether or not a row has View.
const actionsClass = 'flex flex-wrap items-center gap-2 lg:w-72 lg:shrink-0 lg:flex-nowrap lg:justify-end';

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 truncate text-ink">{children}</dd>
    </div>
  );
}

function When({ value }: { value: string | null }) {
  if (value === null) return <span className="text-muted">{NEVER}</span>;
  return <DateTime at={value} style="date" />;
}

/** One post in the admin list: a card on phones, a row with its actions beside it on wide screens. */
export function PostListItem({ post, views, onDelete }: { post: PostListEntry; views: number; onDelete: (post: PostListEntry) => void }) {
  const context = <span className="sr-only"> “{post.title}”</span>;
  return (
    <article aria-labelledby={`post-${post.id}-title`} className={rowClass}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h3
            id={`post-${post.id}-title`}
            className="min-w-0 break-words font-sans text-base font-semibold leading-snug text-ink sm:text-lg"
          >
            {post.title}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <PostStatusBadge status={post.displayStatus} />
            {post.featured && <FeaturedBadge />}
          </div>
        </div>
        {post.displayStatus === 'published' && (
          <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted" data-testid="post-views">
            <Icon shapes={Eye} aria-hidden="true" className="size-4" /> {plural(views, 'view')} in 30 days
          </p>
        )}
        <p className="mt-1.5 line-clamp-2 break-words text-sm leading-5 text-muted">
          {post.excerpt || <span className="italic">No excerpt</span>}
        </p>
        <dl className={metaGridClass}>
          <Meta label="Category">{post.categoryName ?? <span className="text-muted">Uncategorized</span>}</Meta>
          <Meta label="Created">
            <When value={post.createdAt} />
          </Meta>
          <Meta label="Published">
            <When value={post.publishedAt} />
          </Meta>
          <Meta label="Scheduled">
            <When value={post.scheduledFor} />
          </Meta>
        </dl>
      </div>
      <div className={actionsClass}>
        <ButtonLink to={`/admin/posts/${post.id}`} variant="outline" size="sm">
          <Icon shapes={Pencil} aria-hidden="true" className="size-4" />
          Edit{context}
        </ButtonLink>
        {post.displayStatus === 'published' && (
          <a
            href={`/blog/${encodeURIComponent(post.slug)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('outline', 'sm')}
          >
            <Icon shapes={ExternalLink} aria-hidden="true" className="size-4" />
            View{context}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        <button
          type="button"
          onClick={() => onDelete(post)}
          className={cn(buttonClass('outline', 'sm'), 'text-red-700 hover:border-red-200 hover:bg-red-50')}
        >
          <Icon shapes={Trash2} aria-hidden="true" className="size-4" />
          Delete{context}
        </button>
      </div>
    </article>
  );
}

/** The row's exact frame, filled with placeholders (docs/product.md §9: five of them while loading). */
export function PostListItemSkeleton() {
  return (
    <div className={rowClass} aria-hidden="true" data-testid="post-row-skeleton">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <Bone className="h-6 w-3/5 sm:h-7" strong />
          <Bone className="h-6 w-20 rounded-full" />
        </div>
        <TextLines className="mt-1.5 space-y-1 py-0.5" line="h-4" count={2} />
        <div className={metaGridClass}>
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index}>
              <Bone className="h-4 w-16" />
              <Bone className="mt-0.5 h-5 w-24" strong />
            </div>
          ))}
        </div>
      </div>
      <div className={actionsClass}>
        <Bone className="h-9 w-20 rounded-control" />
        <Bone className="h-9 w-24 rounded-control" />
      </div>
    </div>
  );
}

export const POST_SKELETON_COUNT = 5;

export function PostListSkeleton() {
  return (
    <SkeletonList count={POST_SKELETON_COUNT} className="divide-y divide-line">
      <li>
        <PostListItemSkeleton />
      </li>
    </SkeletonList>
  );
}
