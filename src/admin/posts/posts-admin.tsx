'use client';

import { FilePlus2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../kit/delete-dialog.tsx';
import { SearchField, SelectField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { deletePost, fetchAdminPosts } from './api.ts';
import { DELETE_FAILED, DELETE_FAILED_TITLE, LOAD_FAILED, NO_POSTS_FOUND, NO_POSTS_YET, POST_DELETED } from './messages.ts';
import { filterPosts, isStatusFilter, STATUS_LABELS, type StatusFilter } from './post-filters.ts';
import { type PostListEntry, PostListItem, PostListSkeleton } from './post-list-item.tsx';

const countLabel = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`;

const DELETE_POST: DeleteTexts<{ title: string }> = {
  title: 'Delete Blog Post',
  question: (post) => `Are you sure you want to delete "${post.title}"? This action cannot be undone.`,
  confirmLabel: 'Delete Permanently',
  success: { title: POST_DELETED },
  failureTitle: DELETE_FAILED_TITLE,
  fallback: DELETE_FAILED,
};

/**
 * docs/product.md §2 "Admin post list": search, status filter, count and the rows with their actions. The
 * server page hands in the posts; a delete refetches them through the API.
 */
/** `views`: each post's page views in the last 30 days, by slug (first-party analytics). */
export function PostsAdmin({ initialPosts, views }: { initialPosts: PostListEntry[]; views: Record<string, number> }) {
  const { data: posts, setData: setPosts, refetching, refetch } = useServerData(initialPosts, fetchAdminPosts, { title: LOAD_FAILED });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const deleting = useDeleteState<PostListEntry>();

  const visible = filterPosts(posts, search, status);
  const filtered = search.trim() !== '' || status !== 'all';

  function afterDelete({ id }: PostListEntry) {
    setPosts((current) => current.filter((post) => post.id !== id));
    void refetch();
  }

  return (
    <ListPanel
      name="posts"
      title="All posts"
      count={
        <>
          {countLabel(visible.length)}
          {filtered && <span> of {posts.length}</span>}
        </>
      }
      refreshing={refetching && posts.length > 0}
      headerClassName="flex flex-col gap-4 md:flex-row md:items-end md:justify-between"
      controls={
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem] md:w-[32rem]">
          <SearchField
            id="posts-search"
            label="Search posts"
            hideLabel
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search title or excerpt"
          />
          <SelectField
            id="posts-status"
            label="Status"
            hideLabel
            value={status}
            onChange={(event) => isStatusFilter(event.target.value) && setStatus(event.target.value)}
          >
            <option value="all">All statuses</option>
            <option value="published">{STATUS_LABELS.published}</option>
            <option value="draft">{STATUS_LABELS.draft}</option>
            <option value="scheduled">{STATUS_LABELS.scheduled}</option>
          </SelectField>
        </div>
      }
    >
      <div aria-busy={refetching}>
        {posts.length === 0 && refetching ? (
          <PostListSkeleton />
        ) : posts.length === 0 ? (
          <EmptyState title={NO_POSTS_YET} text="Write the first article for the blog.">
            <ButtonLink to="/admin/posts/new" className="mt-5">
              <FilePlus2 aria-hidden="true" className="size-4" /> Create your first post
            </ButtonLink>
          </EmptyState>
        ) : visible.length === 0 ? (
          <EmptyState title={NO_POSTS_FOUND} text="No post matches this search and status." />
        ) : (
          <ul className="divide-y divide-line">
            {visible.map((post) => (
              <li key={post.id}>
                <PostListItem post={post} views={views[post.slug] ?? 0} onDelete={deleting.ask} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <DeleteDialog state={deleting} texts={DELETE_POST} remove={(post) => deletePost(post.id)} onDeleted={afterDelete} />
    </ListPanel>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <p className="font-display text-xl font-semibold text-primary-950">{title}</p>
      <p className="mt-1.5 text-sm text-muted">{text}</p>
      {children}
    </div>
  );
}
