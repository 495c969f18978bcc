import { sectionContext } from '#server/services/site-pages/context.ts';
import { currentPageContent } from '#server/services/site-pages/read.ts';
import { Meta } from '#src/components/meta.tsx';
import { PageSections } from '#src/components/sections/page-sections.tsx';

export default async function ContactPage() {
  const [content, context] = await Promise.all([currentPageContent('contact'), sectionContext()]);
  return (
    <>
      <Meta title={content.meta.title || 'Contact'} description={content.meta.description} path="/contact" />
      <PageSections sections={content.sections} context={context} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
