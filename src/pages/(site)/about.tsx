import { sectionContext } from '#server/services/site-pages/context.ts';
import { currentPageContent } from '#server/services/site-pages/read.ts';
import { Meta } from '#src/components/meta.tsx';
import { PageSections } from '#src/components/sections/page-sections.tsx';

export default async function AboutPage() {
  const [content, context] = await Promise.all([currentPageContent('about'), sectionContext()]);
  return (
    <>
      <Meta title={content.meta.title || `About ${context.coachName}`} description={content.meta.description} path="/about" />
      <PageSections sections={content.sections} context={context} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
