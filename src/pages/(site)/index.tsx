import { Suspense } from 'react';
import { currentSettings } from '#server/services/settings.ts';
import { sectionContext } from '#server/services/site-pages/context.ts';
import { currentPageContent } from '#server/services/site-pages/read.ts';
import { listTestimonials } from '#server/services/testimonials.ts';
import { LatestPost, LatestPostSkeleton } from '#src/components/home/latest-post.tsx';
import { Meta } from '#src/components/meta.tsx';
import { PageSections } from '#src/components/sections/page-sections.tsx';

export default async function HomePage() {
  const [content, context, settings, testimonials] = await Promise.all([
    currentPageContent('home'),
    sectionContext(),
    currentSettings(),
    listTestimonials(),
  ]);
  const latestPost = (
    <Suspense fallback={<LatestPostSkeleton />}>
      <LatestPost />
    </Suspense>
  );
  return (
    <>
      <Meta title={content.meta.title || settings.siteName} description={content.meta.description} path="/" />
      <PageSections sections={content.sections} context={context} data={{ testimonials, latestPost }} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
