import { Quote } from 'lucide';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import type { TestimonialSummary } from '#src/schemas/testimonial.ts';
import { Icon } from '../ui/icon.tsx';

// docs/product.md §4: an empty list shows one card with fixed sample text.
export const FALLBACK_TESTIMONIAL: Omit<TestimonialSummary, 'id'> = {
  content: 'Coaching gave me the clarity to lead with confidence and the courage to have the conversations I had been avoiding.',
  authorName: 'A Future Client',
  authorPosition: 'Leader in Growth',
  authorImageUrl: null,
};

const cardClass = 'flex h-full flex-col rounded-card border border-line bg-surface p-6 shadow-sm';

function TestimonialCard({ testimonial }: { testimonial: Omit<TestimonialSummary, 'id'> }) {
  const initials = testimonial.authorName
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
  return (
    <figure className={cardClass}>
      <Icon shapes={Quote} aria-hidden="true" className="size-8 text-accent-400" />
      <blockquote className="mt-4 flex-1 leading-relaxed text-ink">“{testimonial.content}”</blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {testimonial.authorImageUrl ? (
          <SquareImage src={testimonial.authorImageUrl} alt="" size={44} loading="lazy" className="size-11 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-11 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-800"
          >
            {initials}
          </span>
        )}
        <span>
          <span className="block font-semibold text-ink">{testimonial.authorName}</span>
          <span className="block text-sm text-muted">{testimonial.authorPosition}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** The consented testimonials, or one sample card while there are none (docs/product.md §4). */
export function TestimonialList({ testimonials }: { testimonials: TestimonialSummary[] }) {
  const shown = testimonials.length > 0 ? testimonials : [{ id: 0, ...FALLBACK_TESTIMONIAL }];
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {shown.map((testimonial) => (
        <li key={testimonial.id}>
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}
