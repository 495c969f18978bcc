import { sectionContext } from '#server/services/site-pages/context.ts';
import { legalData } from '#server/services/site-pages/legal.ts';
import { currentPage } from '#server/services/site-pages/read.ts';
import type { LegalKind } from '#src/config/legal-content.ts';
import { CONTENT_PAGES, sectionOf } from '#src/schemas/site-content/pages.ts';
import { Meta } from '../meta.tsx';
import { PageSections } from '../sections/page-sections.tsx';

/** The one page behind /privacy, /terms and /cookies (docs/product.md §2 "Legal page"), in the coach's words. */
export async function LegalPage({ kind }: { kind: LegalKind }) {
  const [page, context] = await Promise.all([currentPage(kind), sectionContext()]);
  const { legal, description } = await legalData(kind, page);
  const { content } = page;
  const title = content.meta.title || sectionOf(content, 'legalHeader')?.title || CONTENT_PAGES[kind].name;
  return (
    <>
      <Meta title={title} description={content.meta.description || description} path={CONTENT_PAGES[kind].path} />
      <PageSections sections={content.sections} context={context} data={{ legal }} />
    </>
  );
}
