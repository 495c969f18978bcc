import { Bone } from '#src/components/ui/skeleton.tsx';
import { PostListSkeleton } from './post-list-item.tsx';

/** The list section's frame while the server reads the posts (docs/product.md §9: five skeleton rows). */
export function PostsAdminSkeleton() {
  return (
    <section aria-busy="true" aria-label="Loading posts" className="mt-8 rounded-card border border-line bg-surface shadow-sm">
      <div className="flex flex-col gap-4 border-b border-line px-4 py-4 sm:px-6 md:flex-row md:items-end md:justify-between">
        <div>
          <Bone className="h-7 w-24" strong />
          <Bone className="mt-0.5 h-5 w-16" />
        </div>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem] md:w-[32rem]">
          <Bone className="h-11 rounded-control" />
          <Bone className="h-11 rounded-control" />
        </div>
      </div>
      <PostListSkeleton />
    </section>
  );
}
