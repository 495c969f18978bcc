import { FilePlus2 } from 'lucide-react';
import { Suspense } from 'react';
import { listAdminPosts } from '../../../../../server/services/admin-posts.ts';
import { postViews } from '../../../../../server/services/analytics/reports.ts';
import { toListEntry } from '../../../../admin/posts/post-list-item.tsx';
import { PostsAdmin } from '../../../../admin/posts/posts-admin.tsx';
import { PostsAdminSkeleton } from '../../../../admin/posts/posts-admin-skeleton.tsx';
import { PageTitle } from '../../../../components/page-title.tsx';
import { ButtonLink } from '../../../../components/ui/button.tsx';
import { currentAdmin } from '../../../../lib/admin-session.ts';

export default async function AdminPostsPage() {
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
          <FilePlus2 aria-hidden="true" className="size-4" /> New Post
        </ButtonLink>
      </div>
      <Suspense fallback={<PostsAdminSkeleton />}>
        <PostsList />
      </Suspense>
    </>
  );
}

async function PostsList() {
  const [posts, views] = await Promise.all([listAdminPosts(), postViews()]);
  return <PostsAdmin initialPosts={posts.map(toListEntry)} views={views} />;
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
