import { sectionContext } from '#server/services/site-pages/context.ts';
import { getAdminPage, pendingPageAutosave } from '#server/services/site-pages/writes.ts';
import { listTestimonials } from '#server/services/testimonials.ts';
import { PageEditor } from '#src/admin/pages/page-editor.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { NotFoundView } from '#src/components/not-found-view.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { setPageStatus } from '#src/lib/page-status.ts';
import { isPageKey } from '#src/schemas/site-content/pages.ts';

export default async function EditPagePage({ page: key }: { page: string }) {
  if (!(await currentAdmin())) return null;
  if (!isPageKey(key)) {
    setPageStatus(404);
    return (
      <NotFoundView
        title="Page not found"
        text="There is no such page to edit."
        backHref="/admin/pages"
        backLabel="Back to Pages"
        eyebrow="Pages"
      />
    );
  }
  const [stored, pending, context, testimonials] = await Promise.all([
    getAdminPage(key),
    pendingPageAutosave(key),
    sectionContext(),
    listTestimonials(),
  ]);
  return (
    <>
      <ScreenHeading
        title={`Edit: ${stored.name}`}
        intro={`What visitors see at ${stored.path}. Saving shows your changes on the site at once.`}
      />
      <PageEditor key={key} page={stored} pending={pending} context={context} testimonials={testimonials} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
