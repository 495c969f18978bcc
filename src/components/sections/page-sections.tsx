import type { ReactNode } from 'react';
import type { SectionContext } from '#src/schemas/site-content/context.ts';
import type { LegalData } from '#src/schemas/site-content/legal-parts.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import type { TestimonialSummary } from '#src/schemas/testimonial.ts';
import { type SiteFooterProps, SiteFooterView } from '../layout/site-footer-view.tsx';
import { SiteHeaderView } from '../layout/site-header-view.tsx';
import { Container } from '../ui/container.tsx';
import { Approach } from './approach.tsx';
import { Audiences } from './audiences.tsx';
import { CallToAction } from './call-to-action.tsx';
import { Coaching } from './coaching.tsx';
import { ContactDetails } from './contact-details.tsx';
import { Hero } from './hero.tsx';
import { LatestPosts } from './latest-posts.tsx';
import { LegalHeader } from './legal-header.tsx';
import { LegalText } from './legal-text.tsx';
import { NotFoundSection } from './not-found.tsx';
import { OfferingTiles } from './offering-tiles.tsx';
import { PageHeaderSection } from './page-header.tsx';
import { Profile } from './profile.tsx';
import { Questions } from './questions.tsx';
import { Reasons } from './reasons.tsx';
import { Roles } from './roles.tsx';
import { ServiceCards } from './service-cards.tsx';
import { Story } from './story.tsx';
import { Testimonials } from './testimonials.tsx';

/**
 * What a section may need from the page beyond the switches: the home page's testimonials and
 * newest post, a legal page's written text and contact address, and the site's name and brand for
 * the editor's preview of the header and footer (on the site, the layout draws those).
 */
export interface SectionData {
  testimonials?: TestimonialSummary[];
  latestPost?: ReactNode;
  legal?: LegalData;
  chrome?: Omit<SiteFooterProps, 'columns' | 'signup'>;
}

/** One section of a page, drawn by its own component. */
export function PageSection({ section, context, data = {} }: { section: Section; context: SectionContext; data?: SectionData }): ReactNode {
  switch (section.type) {
    case 'hero':
      return <Hero section={section} context={context} />;
    case 'offerings':
      return <OfferingTiles section={section} context={context} />;
    case 'latestPosts':
      return <LatestPosts section={section} post={data.latestPost} />;
    case 'testimonials':
      return <Testimonials section={section} testimonials={data.testimonials ?? []} />;
    case 'profile':
      return <Profile section={section} context={context} />;
    case 'story':
      return <Story section={section} />;
    case 'audiences':
      return <Audiences section={section} />;
    case 'approach':
      return <Approach section={section} />;
    case 'reasons':
      return <Reasons section={section} />;
    case 'roles':
      return <Roles section={section} />;
    case 'callToAction':
      return <CallToAction section={section} context={context} />;
    case 'pageHeader':
      return <PageHeaderSection section={section} context={context} />;
    case 'coaching':
      return <Coaching section={section} context={context} />;
    case 'serviceCards':
      return <ServiceCards section={section} context={context} />;
    case 'questions':
      return <Questions section={section} />;
    case 'contactDetails':
      return <ContactDetails section={section} />;
    case 'notFound':
      return <NotFoundSection section={section} />;
    case 'legalHeader':
      return <LegalHeader section={section} />;
    case 'legalText':
      return data.legal ? <LegalText section={section} legal={data.legal} /> : null;
    case 'headerLinks':
      return (
        data.chrome && (
          <SiteHeaderView
            {...data.chrome}
            links={section.links}
            action={section.action}
            callLabel={context.bookingOpen ? context.callLabel : undefined}
          />
        )
      );
    case 'footerColumns':
      return data.chrome && <SiteFooterView {...data.chrome} columns={section.columns} />;
  }
}

/** Sections a page cannot do without: the contact form (hiding its section hides the cards beside it), a legal text, the not-found words. */
export const ALWAYS_SHOWN: ReadonlySet<Section['type']> = new Set(['contactDetails', 'legalText', 'notFound']);

/** The visible sections of a page, in the coach's order. */
export const visibleSections = (sections: Section[]) => sections.filter((section) => !section.hidden || ALWAYS_SHOWN.has(section.type));

// The Services page's cards sit in one column together; every other section spans the page.
const IN_COLUMN: ReadonlySet<Section['type']> = new Set(['coaching', 'serviceCards', 'questions']);

/** Runs of sections: each full-width section alone, consecutive column sections together. */
function runsOf(sections: Section[]): Section[][] {
  const runs: Section[][] = [];
  for (const section of sections) {
    const last = runs.at(-1);
    if (last && IN_COLUMN.has(section.type) && IN_COLUMN.has(last[0]!.type)) last.push(section);
    else runs.push([section]);
  }
  return runs;
}

/** A page's visible sections in order, as the public page and the editor's preview show them. */
export function PageSections({ sections, context, data }: { sections: Section[]; context: SectionContext; data?: SectionData }) {
  return runsOf(visibleSections(sections)).map((run) =>
    IN_COLUMN.has(run[0]!.type) ? (
      <Container key={run[0]!.type} className="space-y-16 py-14 sm:space-y-20 sm:py-20">
        {run.map((section) => (
          <PageSection key={section.type} section={section} context={context} data={data} />
        ))}
      </Container>
    ) : (
      <PageSection key={run[0]!.type} section={run[0]!} context={context} data={data} />
    ),
  );
}
