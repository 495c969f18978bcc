import { listAdminCategories } from '#server/services/categories.ts';
import { CategoriesAdmin } from '#src/admin/categories/categories-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function CategoriesPage() {
  if (!(await currentAdmin())) return null;
  const categories = await listAdminCategories();
  return (
    <>
      <ScreenHeading title="Categories" intro="How the blog's posts are grouped. Renaming one keeps its old links working." />
      <CategoriesAdmin initial={categories} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
