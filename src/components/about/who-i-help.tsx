import type { IconNode } from 'lucide';
import { Building2, CircleCheck, Coffee, Compass, GraduationCap, Rocket, Sprout } from 'lucide';
import { cn } from '#src/lib/cn.ts';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';
import { IconTile } from '../ui/icon-tile.tsx';
import { SectionHeading } from './section-heading.tsx';

interface Audience {
  title: string;
  description: string;
  icon: IconNode;
}

// docs/product.md §2 "About the coach page": five audience cards.
export const AUDIENCES: Audience[] = [
  {
    title: 'Leaders',
    description: 'Managers and team leads who want to lead with clarity, build trust and bring out the best in their people.',
    icon: Compass,
  },
  {
    title: 'Executives',
    description: 'Senior leaders carrying weighty decisions who want a confidential thinking partner and candid feedback.',
    icon: Building2,
  },
  {
    title: 'Young Professionals',
    description: 'People early in their careers who want to build strong habits, find their voice and grow with purpose.',
    icon: Rocket,
  },
  {
    title: 'Students and Teens',
    description: 'Young people learning to set goals, handle pressure and discover the kind of person they want to become.',
    icon: GraduationCap,
  },
  {
    title: 'Adults Seeking Growth',
    description: 'Anyone at a crossroads or ready for a new chapter who wants support to move forward with intention.',
    icon: Sprout,
  },
];

// docs/product.md §2: the mindset list, in the spec's order.
export const MINDSETS: { title: string; description: string }[] = [
  { title: 'Willing to be challenged', description: 'You want honest questions and real feedback, not only encouragement.' },
  { title: 'Open to character work', description: 'You are ready to look at the who behind the what: your values, habits and motives.' },
  { title: 'Ready for relationship', description: 'You value a coaching partnership built on trust, candor and follow-through.' },
  { title: 'Humble and bold', description: 'Humble enough to keep learning, and bold enough to act on what you discover.' },
];

export function WhoIHelp() {
  return (
    <section aria-labelledby="who-i-help-heading" className="py-16 sm:py-24">
      <Container>
        <SectionHeading
          id="who-i-help-heading"
          eyebrow="Who it’s for"
          title="Who I Help"
          lead="I work with people at every stage of their journey who want to grow — in their role and as people."
        />

        {/* Six tracks: three cards over two, so the fifth card never sits alone. */}
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
          {AUDIENCES.map(({ title, description, icon }, index) => (
            <li
              key={title}
              className={cn(
                'rounded-card border border-line bg-surface p-6 shadow-sm',
                index < 3 ? 'lg:col-span-2' : 'lg:col-span-3',
                index === AUDIENCES.length - 1 && 'sm:max-lg:col-span-2',
              )}
            >
              <IconTile icon={icon} />
              <h3 className="mt-5 text-xl font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{description}</p>
            </li>
          ))}
        </ul>

        <div className="mt-16 grid gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
          <div>
            <h3 className="text-2xl font-semibold">The mindset that fits best</h3>
            <p className="mt-3 leading-relaxed text-muted">
              Coaching works best when you bring the right posture. You don’t need to have it all figured out — only to be:
            </p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {MINDSETS.map(({ title, description }) => (
                <li key={title} className="flex gap-3">
                  <Icon shapes={CircleCheck} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
                  <div>
                    <p className="font-semibold text-primary-950">{title}</p>
                    <p className="mt-1 text-sm leading-relaxed text-muted">{description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>

          <div className="self-start rounded-card bg-primary-900 p-6 text-primary-100 shadow-sm sm:p-8">
            <IconTile icon={Coffee} tone="dark" />
            <p className="mt-5 font-display text-xl font-semibold text-white">Casual by design</p>
            <p className="mt-2 leading-relaxed">
              I’m relaxed and approachable — no jargon and no stiff formalities. Our conversations feel more like a good talk over coffee
              than a boardroom meeting, while staying focused on real results.
            </p>
          </div>
        </div>
      </Container>
    </section>
  );
}
