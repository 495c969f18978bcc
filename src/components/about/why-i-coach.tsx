import { Quote } from 'lucide';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';
import { SectionHeading } from './section-heading.tsx';

export function WhyICoach() {
  return (
    <section aria-labelledby="why-i-coach-heading" className="bg-surface py-16 sm:py-24">
      <Container className="grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
        <div>
          <SectionHeading id="why-i-coach-heading" eyebrow="My purpose" title="Why I Coach" />
          <figure className="mt-8 rounded-card border-l-4 border-accent-400 bg-accent-50 p-6">
            <Icon shapes={Quote} aria-hidden="true" className="size-6 text-accent-500" />
            <blockquote className="mt-3 font-display text-xl leading-snug text-primary-950">
              Lasting change starts with who you are, not only with what you do.
            </blockquote>
          </figure>
        </div>
        <div className="space-y-5 text-lg leading-relaxed text-ink/85">
          <p>
            I coach because I have seen what happens when capable people get honest support at the right moment. Talent is rarely what holds
            someone back. More often it is a blind spot nobody has named, a habit that once helped and now gets in the way, or a decision
            that keeps being postponed.
          </p>
          <p>
            Coaching makes room to slow down, see clearly what is really going on, and choose a better next step — then keep choosing it
            until it becomes part of who you are. That is how confidence is built: not from pep talks, but from progress you can point to.
          </p>
          <p>
            Watching a person grow into the leader, colleague and human being they were capable of being all along is the most rewarding
            work I know.
          </p>
        </div>
      </Container>
    </section>
  );
}
