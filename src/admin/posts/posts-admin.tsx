'use client';

import { FilePlus2 } from 'lucide';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ButtonLink } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { AdminPostPage } from '#src/schemas/admin-post-list.ts';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../kit/delete-dialog.tsx';
import { SearchField, SelectField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { Pager } from '../kit/pager.tsx';
import { POST_STATUS_LABELS } from '../kit/post-status-badge.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { deletePost, fetchAdminPostPage } from './api.ts';
import { DELETE_FAILED, DELETE_FAILED_TITLE, LOAD_FAILED, NO_POSTS_FOUND, NO_POSTS_YET, POST_DELETED } from './messages.ts';
import { isStatusFilter, listHref, type PostListState, type StatusFilter } from './post-filters.ts';
import { type PostListEntry, PostListItem, PostListSkeleton } from './post-list-item.tsx';

const countLabel = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`;

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 250;

const DELETE_POST: DeleteTexts<{ title: string }> = {
  title: 'Delete Blog Post',
  question: (post) => `Are you sure you want to delete "${post.title}"? This action cannot be undone.`,
  confirmLabel: 'Delete Permanently',
  success: { title: POST_DELETED },
  failureTitle: DELETE_FAILED_TITLE,
  fallback: DELETE_FAILED,
};

/** A page of the list; a page left empty by a delete falls back to the last page that has posts. */
async function loadPage(state: PostListState): Promise<AdminPostPage> {
  const data = await fetchAdminPostPage(state);
  const lastPage = Math.max(1, Math.ceil(data.total / data.pageSize));
  return data.posts.length === 0 && state.page > lastPage ? fetchAdminPostPage({ ...state, page: lastPage }) : data;
}

/**
 * docs/product.md §2 "Admin post list": search, status filter, count and the rows with their actions.
 * The server searches, filters and pages (issue 18); the server page renders the first answer and
 * each change asks the API for the page it now shows, keeping it in the address.
 */
export function PostsAdmin({ initial, initialState }: { initial: AdminPostPage; initialState: PostListState }) {
  const state = useRef<PostListState>(initialState);
  const { data, refetching, refetch } = useServerData(
    initial,
    () => loadPage(state.current),
    { title: LOAD_FAILED },
    (shown) => {
      state.current = { ...state.current, page: shown.page };
      window.history.replaceState(window.history.state, '', listHref(state.current));
    },
  );
  const [search, setSearch] = useState(initialState.search);
  const [status, setStatus] = useState<StatusFilter>(initialState.status);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const deleting = useDeleteState<PostListEntry>();
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const filtered = state.current.search.trim() !== '' || state.current.status !== 'all';

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list first comes alive
  useEffect(() => {
    // A search typed before the page came alive (no change event reached React) still runs.
    const typed = document.querySelector<HTMLInputElement>('#posts-search')?.value;
    if (typed !== undefined && typed !== initialState.search) searchFor(typed);
    return () => clearTimeout(typing.current);
  }, []);

  function show(change: Partial<PostListState>) {
    clearTimeout(typing.current);
    state.current = { ...state.current, page: 1, ...change };
    window.history.replaceState(window.history.state, '', listHref(state.current));
    void refetch();
  }

  function searchFor(value: string) {
    setSearch(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => show({ search: value }), SEARCH_DELAY_MS);
  }

  return (
    <ListPanel
      name="posts"
      title="All posts"
      count={
        <>
          {countLabel(data.total)}
          {filtered && <span> of {data.unfilteredTotal}</span>}
        </>
      }
      refreshing={refetching && data.posts.length > 0}
      headerClassName="flex flex-col gap-4 md:flex-row md:items-end md:justify-between"
      controls={
        <search className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem] md:w-[32rem]">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              show({ search });
            }}
          >
            <SearchField
              id="posts-search"
              label="Search posts"
              hideLabel
              value={search}
              onChange={(event) => searchFor(event.target.value)}
              placeholder="Search title or excerpt"
            />
          </form>
          <SelectField
            id="posts-status"
            label="Status"
            hideLabel
            value={status}
            onChange={(event) => {
              const next = event.target.value;
              if (!isStatusFilter(next)) return;
              setStatus(next);
              show({ search, status: next });
            }}
          >
            <option value="all">All statuses</option>
            <option value="published">{POST_STATUS_LABELS.published}</option>
            <option value="draft">{POST_STATUS_LABELS.draft}</option>
            <option value="scheduled">{POST_STATUS_LABELS.scheduled}</option>
          </SelectField>
        </search>
      }
    >
      <div aria-busy={refetching}>
        {data.posts.length === 0 && refetching ? (
          <PostListSkeleton />
        ) : data.unfilteredTotal === 0 ? (
          <EmptyState title={NO_POSTS_YET} text="Write the first article for the blog.">
            <ButtonLink to="/admin/posts/new" className="mt-5">
              <Icon shapes={FilePlus2} aria-hidden="true" className="size-4" /> Create your first post
            </ButtonLink>
          </EmptyState>
        ) : data.posts.length === 0 ? (
          <EmptyState title={NO_POSTS_FOUND} text="No post matches this search and status." />
        ) : (
          <ul className="divide-y divide-line">
            {data.posts.map((post) => (
              <li key={post.id}>
                <PostListItem post={post} views={post.views} onDelete={deleting.ask} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pager label="Post pages" page={data.page} pages={pages} onPage={(page) => show({ search, page })} />

      <DeleteDialog state={deleting} texts={DELETE_POST} remove={(post) => deletePost(post.id)} onDeleted={() => void refetch()} />
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
