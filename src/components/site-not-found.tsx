import { currentPageContent } from '#server/services/site-pages/read.ts';
import { sectionOf } from '#src/schemas/site-content/pages.ts';
import { NotFoundSection } from './sections/not-found.tsx';

/** The site's not-found page in the coach's words (Admin → Pages → Not-found page). */
export async function SiteNotFound() {
  const section = sectionOf(await currentPageContent('not-found'), 'notFound');
  return section ? <NotFoundSection section={section} /> : null;
}
