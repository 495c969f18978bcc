import { currentSettings } from '#server/services/settings.ts';
import { sectionContext } from '#server/services/site-pages/context.ts';
import { currentPageContent } from '#server/services/site-pages/read.ts';
import { listTestimonials } from '#server/services/testimonials.ts';
import { Meta } from '#src/components/meta.tsx';
import { PageSection, visibleSections } from '#src/components/sections/page-sections.tsx';

export default async function HomePage() {
  const [content, context, settings, testimonials] = await Promise.all([
    currentPageContent('home'),
    sectionContext(),
    currentSettings(),
    listTestimonials(),
  ]);
  return (
    <>
      <Meta title={content.meta.title || settings.siteName} description={content.meta.description} path="/" />
      {visibleSections(content.sections).map((section) => (
        <PageSection key={section.type} section={section} context={context} data={{ testimonials }} />
      ))}
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
