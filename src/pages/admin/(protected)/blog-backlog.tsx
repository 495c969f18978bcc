import { listTopics } from '../../../../server/services/backlog-topics.ts';
import { listCategories } from '../../../../server/services/categories.ts';
import { BacklogAdmin } from '../../../admin/backlog/backlog-admin.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function AdminBlogBacklogPage() {
  if (!(await currentAdmin())) return null;
  const [topics, categories] = await Promise.all([listTopics(), listCategories()]);
  return (
    <>
      <PageTitle title="Blog Backlog" />
      <h1 className="text-3xl font-semibold">Blog Backlog</h1>
      <p className="mt-1 text-muted">Plan upcoming posts in priority order and turn the next one into a draft.</p>
      <BacklogAdmin initialTopics={topics} categories={categories.map(({ id, name }) => ({ id, name }))} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
