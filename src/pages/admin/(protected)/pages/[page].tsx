import { currentSettings } from '#server/services/settings.ts';
import { sectionContext } from '#server/services/site-pages/context.ts';
import { legalData } from '#server/services/site-pages/legal.ts';
import { getAdminPage, pendingPageAutosave } from '#server/services/site-pages/writes.ts';
import { listTestimonials } from '#server/services/testimonials.ts';
import { PageEditor } from '#src/admin/pages/page-editor.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { NotFoundView } from '#src/components/not-found-view.tsx';
import type { SectionData } from '#src/components/sections/page-sections.tsx';
import { isLegalKind } from '#src/config/legal-content.ts';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { setPageStatus } from '#src/lib/page-status.ts';
import { socialLinks } from '#src/schemas/settings.ts';
import { type AdminPage, isPageKey, type PageKey, seenAt } from '#src/schemas/site-content/pages.ts';

/** What the preview of this page draws beyond its words: the testimonials, a legal text's facts, the header's and footer's brand. */
async function previewData(key: PageKey, page: AdminPage): Promise<Omit<SectionData, 'latestPost'>> {
  if (key === 'home') return { testimonials: await listTestimonials() };
  if (isLegalKind(key)) return { legal: (await legalData(key, page)).legal };
  if (key !== 'navigation') return {};
  const settings = await currentSettings();
  return {
    chrome: {
      name: settings.siteName,
      logo: settings.brandLogo,
      description: settings.siteDescription,
      social: socialLinks(settings),
      year: new Date().getFullYear(),
    },
  };
}

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
  const [stored, pending, context] = await Promise.all([getAdminPage(key), pendingPageAutosave(key), sectionContext()]);
  const data = await previewData(key, stored);
  return (
    <>
      <ScreenHeading
        title={`Edit: ${stored.name}`}
        intro={`What visitors see ${seenAt(key)}. Saving shows your changes on the site at once.`}
      />
      <PageEditor key={key} page={stored} pending={pending} context={context} data={data} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
