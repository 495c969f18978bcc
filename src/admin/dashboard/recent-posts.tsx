import { ExternalLink, FilePlus2, Pencil } from 'lucide';
import { ButtonLink, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { PostDisplayStatus } from '#src/schemas/post.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { PostStatusBadge } from '../kit/post-status-badge.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { DashboardPanel } from './dashboard-panel.tsx';

// docs/product.md §9: the dashboard lists 5 recent posts.
export const RECENT_POSTS = 5;

export interface RecentPost {
  id: number;
  slug: string;
  title: string;
  published: boolean;
  /** Published, Scheduled or Draft, as the posts list says it (issue 32 §5). */
  displayStatus: PostDisplayStatus;
  /** ISO 8601. */
  createdAt: string;
}

/** The newest posts by creation date, whatever order they arrive in. */
export const recentPosts = <T extends RecentPost>(posts: T[]): T[] =>
  [...posts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id).slice(0, RECENT_POSTS);

export function RecentPosts({ posts }: { posts: RecentPost[] }) {
  return (
    <DashboardPanel panel="posts" empty={posts.length === 0 && <EmptyState message="No posts yet." action={<CreateFirstPost />} />}>
      <ul className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface shadow-sm">
        {posts.map((post) => (
          <li key={post.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
            <div className="min-w-0">
              <p className="break-words font-semibold text-primary-950 [overflow-wrap:anywhere]">{post.title}</p>
              <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                <PostStatusBadge status={post.displayStatus} />
                <span>
                  Created <DateTime at={post.createdAt} style="date" />
                </span>
              </div>
            </div>
            <div className="flex shrink-0 gap-2">
              <ButtonLink to={`/admin/posts/${post.id}`} variant="outline" size="sm">
                <Icon shapes={Pencil} aria-hidden="true" className="size-4" /> Edit<span className="sr-only"> {post.title}</span>
              </ButtonLink>
              {post.published && (
                <a href={`/blog/${post.slug}`} className={buttonClass('ghost', 'sm')}>
                  <Icon shapes={ExternalLink} aria-hidden="true" className="size-4" /> View<span className="sr-only"> {post.title}</span>
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </DashboardPanel>
  );
}

function CreateFirstPost() {
  return (
    <ButtonLink to="/admin/posts/new">
      <Icon shapes={FilePlus2} aria-hidden="true" className="size-4" /> Create First Post
    </ButtonLink>
  );
}
