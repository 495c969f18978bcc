import { listAdminPages } from '#server/services/site-pages/writes.ts';
import { PagesList } from '#src/admin/pages/pages-list.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function PagesPage() {
  if (!(await currentAdmin())) return null;
  const pages = await listAdminPages();
  return (
    <>
      <ScreenHeading
        title="Pages"
        intro="Every word and picture of your public pages. Open a page to edit its sections and see it as a visitor will."
      />
      <PagesList pages={pages} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
