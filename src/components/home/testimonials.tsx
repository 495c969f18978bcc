import { Quote } from 'lucide';
import { listTestimonials, type TestimonialSummary } from '#server/services/testimonials.ts';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import { Icon } from '../ui/icon.tsx';
import { Bone, TextLines } from '../ui/skeleton.tsx';

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

export async function Testimonials() {
  const testimonials = await listTestimonials();
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

export function TestimonialsSkeleton() {
  return (
    <ul className="grid gap-6 md:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className={cardClass} data-testid="testimonial-skeleton">
          <div className="size-8 animate-pulse rounded bg-accent-100" />
          <TextLines className="mt-4 flex-1 space-y-2" line="h-5" lastWidth="w-3/4" />
          <div className="mt-6 flex items-center gap-3">
            <Bone className="size-11 rounded-full" strong />
            <div className="space-y-1.5">
              <Bone className="h-4 w-28" strong />
              <Bone className="h-3.5 w-20" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
