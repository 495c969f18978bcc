import type { Section } from '#src/schemas/site-content/sections.ts';
import type { TestimonialSummary } from '#src/schemas/testimonial.ts';
import { TestimonialList } from '../home/testimonials.tsx';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { HeadedSection } from './headed-section.tsx';

/** What clients say; the heading keeps its Coming Soon badge until a consented testimonial shows. */
export function Testimonials({ section, testimonials }: { section: Section<'testimonials'>; testimonials: TestimonialSummary[] }) {
  return (
    <HeadedSection
      id="testimonials-heading"
      title={section.title}
      row="items-center gap-3"
      beside={testimonials.length === 0 && <ComingSoonBadge />}
    >
      <TestimonialList testimonials={testimonials} />
    </HeadedSection>
  );
}
