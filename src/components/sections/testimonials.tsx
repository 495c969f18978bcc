import type { Section } from '#src/schemas/site-content/sections.ts';
import type { TestimonialSummary } from '#src/schemas/testimonial.ts';
import { TestimonialList } from '../home/testimonials.tsx';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { Container } from '../ui/container.tsx';

/** What clients say; the heading keeps its Coming Soon badge until a consented testimonial shows. */
export function Testimonials({ section, testimonials }: { section: Section<'testimonials'>; testimonials: TestimonialSummary[] }) {
  return (
    <section aria-labelledby="testimonials-heading" className="py-16 sm:py-20">
      <Container>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="testimonials-heading" className="text-3xl font-semibold">
            {section.title}
          </h2>
          {testimonials.length === 0 && <ComingSoonBadge />}
        </div>
        <div className="mt-8">
          <TestimonialList testimonials={testimonials} />
        </div>
      </Container>
    </section>
  );
}
