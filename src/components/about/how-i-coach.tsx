import type { IconNode } from 'lucide';
import { BadgeCheck, Gem, RefreshCw, TrendingUp, User, Users } from 'lucide';
import { Container } from '../ui/container.tsx';
import { IconRow, IconTile } from '../ui/icon-tile.tsx';
import { SectionHeading } from './section-heading.tsx';

interface Focus {
  title: string;
  description: string;
  icon: IconNode;
}

// docs/product.md §1: growth, change and character coaching, one-on-one and in small groups.
const FOCUSES: Focus[] = [
  {
    title: 'Growth Coaching',
    description: 'Stretch into your next level: sharpen your strengths, close the gaps that matter and set goals worth reaching.',
    icon: TrendingUp,
  },
  {
    title: 'Change Coaching',
    description: 'Navigate a new role, a transition or a season of uncertainty with a clear head and a practical plan.',
    icon: RefreshCw,
  },
  {
    title: 'Character Coaching',
    description: 'Build the inner qualities — integrity, courage, humility, self-control — that make leadership trustworthy.',
    icon: Gem,
  },
];

const FORMATS: Focus[] = [
  {
    title: 'One-on-one',
    description: 'Private, confidential sessions shaped entirely around you, your goals and your pace.',
    icon: User,
  },
  {
    title: 'Small groups',
    description: 'A handful of peers learning together, sharpening one another and keeping each other accountable.',
    icon: Users,
  },
];

export function HowICoach() {
  return (
    <section aria-labelledby="how-i-coach-heading" className="bg-surface py-16 sm:py-24">
      <Container>
        <SectionHeading
          id="how-i-coach-heading"
          eyebrow="My approach"
          title="How I Coach"
          lead="Three kinds of coaching, two ways to work together, one aim: growth that shows up in your work and your life."
        />

        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {FOCUSES.map(({ title, description, icon }) => (
            <li key={title} className="rounded-card border border-line bg-canvas p-6">
              <IconTile icon={icon} tone="accent" />
              <h3 className="mt-5 text-xl font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{description}</p>
            </li>
          ))}
        </ul>

        <div className="mt-12 grid gap-5 lg:grid-cols-2">
          <div className="rounded-card border border-line p-6 sm:p-8">
            <h3 className="text-xl font-semibold">Ways to work together</h3>
            <ul className="mt-5 space-y-5">
              {FORMATS.map(({ title, description, icon }) => (
                <IconRow key={title} icon={icon} round title={title} description={description} />
              ))}
            </ul>
          </div>
          <div className="rounded-card border border-accent-200 bg-accent-50 p-6 sm:p-8">
            <IconTile icon={BadgeCheck} tone="accent" />
            <h3 className="mt-5 text-xl font-semibold">Certified and grounded</h3>
            <p className="mt-2 leading-relaxed text-ink/80">
              I am certified in a well-known character-and-leadership course, and I draw on its proven framework alongside practical tools
              you can use the same day. You get structure when it helps and a real conversation always.
            </p>
          </div>
        </div>
      </Container>
    </section>
  );
}
