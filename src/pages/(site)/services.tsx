import { sectionContext } from '#server/services/site-pages/context.ts';
import { currentPageContent } from '#server/services/site-pages/read.ts';
import { Meta } from '#src/components/meta.tsx';
import { PageSections } from '#src/components/sections/page-sections.tsx';

export default async function ServicesPage() {
  const [content, context] = await Promise.all([currentPageContent('services'), sectionContext()]);
  return (
    <>
      <Meta title={content.meta.title || 'Services'} description={content.meta.description} path="/services" />
      <PageSections sections={content.sections} context={context} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
