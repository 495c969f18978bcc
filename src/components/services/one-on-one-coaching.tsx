import type { IconNode } from 'lucide';
import { CalendarClock, ChartLine, ClipboardList, MessageSquare } from 'lucide';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { IconRow } from '../ui/icon-tile.tsx';

// docs/product.md §2 "Services page": the one-on-one coaching card's three points.
export const ONE_ON_ONE_FEATURES: { title: string; description: string; icon: IconNode }[] = [
  {
    title: 'Customized development plans',
    description: 'A plan built from your goals, strengths and context — not a template.',
    icon: ClipboardList,
  },
  {
    title: 'Regular progress assessments',
    description: 'Scheduled check-ins that measure what has changed and adjust the plan.',
    icon: ChartLine,
  },
  {
    title: 'Flexible scheduling',
    description: 'Sessions that fit a demanding calendar, online or in person.',
    icon: CalendarClock,
  },
];

/** The `#coaching` target of the footer's "Executive Coaching" link. */
export function OneOnOneCoaching() {
  return (
    <section id="coaching" aria-labelledby="coaching-heading" className="scroll-mt-24">
      <div className="overflow-hidden rounded-card border border-line bg-surface shadow-sm">
        <div className="grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="p-6 sm:p-10">
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">Executive coaching</p>
              <ComingSoonBadge />
            </div>
            <h2 id="coaching-heading" className="mt-4 text-3xl font-semibold sm:text-4xl">
              One-on-One Coaching
            </h2>
            <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted">
              Confidential, personal coaching for leaders and executives who want to grow in skill and in character, at a pace that suits
              their work.
            </p>
            <ul className="mt-8 space-y-5">
              {ONE_ON_ONE_FEATURES.map(({ title, description, icon }) => (
                <IconRow key={title} icon={icon} title={title} description={description} />
              ))}
            </ul>
          </div>
          <div className="flex flex-col justify-center gap-5 bg-primary-900 p-6 text-primary-100 sm:p-10">
            <Icon shapes={MessageSquare} aria-hidden="true" className="size-8 text-accent-300" />
            <p className="font-display text-2xl leading-snug text-white">Want to be among the first clients when coaching opens?</p>
            <p className="leading-relaxed">Send a short message about where you are and where you want to go.</p>
            <ButtonLink to="/contact" variant="accent" className="self-start">
              Get in Touch
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
