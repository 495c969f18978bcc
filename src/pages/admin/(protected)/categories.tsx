import { listAdminCategories } from '../../../../server/services/categories.ts';
import { CategoriesAdmin } from '../../../admin/categories/categories-admin.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function CategoriesPage() {
  if (!(await currentAdmin())) return null;
  const categories = await listAdminCategories();
  return (
    <>
      <PageTitle title="Categories" />
      <h1 className="text-3xl font-semibold">Categories</h1>
      <p className="mt-1 text-muted">How the blog's posts are grouped. Renaming one keeps its old links working.</p>
      <CategoriesAdmin initial={categories} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
