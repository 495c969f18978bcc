import { Container } from '../ui/container.tsx';
import { SectionHeading } from './section-heading.tsx';

const REASONS: { title: string; description: string }[] = [
  {
    title: 'Character first',
    description: 'Skills can be learned quickly, but they last when they rest on strong character. We work on both.',
  },
  {
    title: 'Built around you',
    description: 'No off-the-shelf program. Every conversation starts from your goals, your context and your pace.',
  },
  {
    title: 'Honest and safe',
    description: 'What you share stays between us, so you can think out loud, test ideas and speak candidly.',
  },
  {
    title: 'Accountability that sticks',
    description: 'Clear next steps and regular check-ins turn good intentions into habits that hold under pressure.',
  },
];

export function WhyItWorks() {
  return (
    <section aria-labelledby="why-it-works-heading" className="py-16 sm:py-24">
      <Container>
        <SectionHeading
          id="why-it-works-heading"
          eyebrow="The difference"
          title="Why It Works"
          lead="Insight is easy to come by. Lasting change takes a relationship, a method and follow-through."
        />
        <ol className="mt-10 grid gap-x-10 gap-y-8 md:grid-cols-2">
          {REASONS.map(({ title, description }, index) => (
            <li key={title} className="flex gap-5 border-t border-line pt-6">
              <span aria-hidden="true" className="font-display text-3xl font-semibold leading-none text-accent-700">
                {String(index + 1).padStart(2, '0')}
              </span>
              <div>
                <h3 className="text-xl font-semibold">{title}</h3>
                <p className="mt-2 leading-relaxed text-muted">{description}</p>
              </div>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
