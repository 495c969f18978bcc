import type { ReactNode } from 'react';
import type { TestimonialSummary } from '#server/services/testimonials.ts';
import type { SectionContext } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Approach } from './approach.tsx';
import { Audiences } from './audiences.tsx';
import { CallToAction } from './call-to-action.tsx';
import { Coaching } from './coaching.tsx';
import { ContactDetails } from './contact-details.tsx';
import { Hero } from './hero.tsx';
import { LatestPosts } from './latest-posts.tsx';
import { OfferingTiles } from './offering-tiles.tsx';
import { PageHeaderSection } from './page-header.tsx';
import { Profile } from './profile.tsx';
import { Questions } from './questions.tsx';
import { Reasons } from './reasons.tsx';
import { Roles } from './roles.tsx';
import { ServiceCards } from './service-cards.tsx';
import { Story } from './story.tsx';
import { Testimonials } from './testimonials.tsx';

/** What a section may need from the page beyond the switches: the home page's testimonials. */
export interface SectionData {
  testimonials?: TestimonialSummary[];
}

/** One section of a page, drawn by its own component. */
export function PageSection({ section, context, data = {} }: { section: Section; context: SectionContext; data?: SectionData }): ReactNode {
  switch (section.type) {
    case 'hero':
      return <Hero section={section} context={context} />;
    case 'offerings':
      return <OfferingTiles section={section} context={context} />;
    case 'latestPosts':
      return <LatestPosts section={section} />;
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
  }
}

/** The visible sections of a page, in the coach's order. The contact form always shows: hiding its section hides the cards beside it. */
export const visibleSections = (sections: Section[]) => sections.filter((section) => !section.hidden || section.type === 'contactDetails');
