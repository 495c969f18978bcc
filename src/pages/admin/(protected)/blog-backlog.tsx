import { listTopics } from '#server/services/backlog-topics.ts';
import { listCategories } from '#server/services/categories.ts';
import { BacklogAdmin } from '#src/admin/backlog/backlog-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function AdminBlogBacklogPage() {
  if (!(await currentAdmin())) return null;
  const [topics, categories] = await Promise.all([listTopics(), listCategories()]);
  return (
    <>
      <ScreenHeading title="Blog Backlog" intro="Plan upcoming posts in priority order and turn the next one into a draft." />
      <BacklogAdmin initialTopics={topics} categories={categories.map(({ id, name }) => ({ id, name }))} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
