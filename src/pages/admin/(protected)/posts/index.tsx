import { FilePlus2 } from 'lucide';
import { Suspense } from 'react';
import { listAdminPostPage } from '#server/services/posts/admin-list.ts';
import { listStateOf, type PostListState } from '#src/admin/posts/post-filters.ts';
import { PostsAdmin } from '#src/admin/posts/posts-admin.tsx';
import { PostsAdminSkeleton } from '#src/admin/posts/posts-admin-skeleton.tsx';
import { PageTitle } from '#src/components/page-title.tsx';
import { ButtonLink } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function AdminPostsPage({ query }: { query: string }) {
  const admin = await currentAdmin();
  if (!admin) return null;
  return (
    <>
      <PageTitle title="Blog Posts" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Blog Posts</h1>
          <p className="mt-1 text-muted">Write, schedule and publish the articles on the blog.</p>
        </div>
        <ButtonLink to="/admin/posts/new">
          <Icon shapes={FilePlus2} aria-hidden="true" className="size-4" /> New Post
        </ButtonLink>
      </div>
      <Suspense fallback={<PostsAdminSkeleton />}>
        <PostsList state={listStateOf(new URLSearchParams(query))} />
      </Suspense>
    </>
  );
}

/** The page the address asks for (`?q=&status=&page=`), read by the server: one page of rows, never every post. */
async function PostsList({ state }: { state: PostListState }) {
  const initial = await listAdminPostPage(state);
  return <PostsAdmin key={JSON.stringify(state)} initial={initial} initialState={state} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
