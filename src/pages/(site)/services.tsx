import { sectionContext } from '#server/services/site-pages/context.ts';
import { currentPageContent } from '#server/services/site-pages/read.ts';
import { Meta } from '#src/components/meta.tsx';
import { PageSection, visibleSections } from '#src/components/sections/page-sections.tsx';
import { Container } from '#src/components/ui/container.tsx';
import type { Section } from '#src/schemas/site-content/sections.ts';

/** The page header spans the page; the sections between headers sit in one column. */
function groups(sections: Section[]): Section[][] {
  const runs: Section[][] = [];
  for (const section of sections) {
    const last = runs.at(-1);
    if (section.type !== 'pageHeader' && last && last[0]?.type !== 'pageHeader') last.push(section);
    else runs.push([section]);
  }
  return runs;
}

export default async function ServicesPage() {
  const [content, context] = await Promise.all([currentPageContent('services'), sectionContext()]);
  return (
    <>
      <Meta title={content.meta.title || 'Services'} description={content.meta.description} path="/services" />
      {groups(visibleSections(content.sections)).map((run) =>
        run[0]?.type === 'pageHeader' ? (
          <PageSection key={run[0].type} section={run[0]} context={context} />
        ) : (
          <Container key={run[0]?.type} className="space-y-16 py-14 sm:space-y-20 sm:py-20">
            {run.map((section) => (
              <PageSection key={section.type} section={section} context={context} />
            ))}
          </Container>
        ),
      )}
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
