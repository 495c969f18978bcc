import { FolderOpen } from 'lucide-react';
import { ComingSoonPage } from '../../../admin/placeholders/coming-soon-page.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function CategoriesPage() {
  if (!(await currentAdmin())) return null;
  return (
    <ComingSoonPage
      title="Categories"
      icon={FolderOpen}
      summary="Organise the blog into the topics your readers browse by."
      plans={[
        'Add, rename and remove categories',
        'See how many posts each category holds',
        'Choose the order of the category chips on the blog',
      ]}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
