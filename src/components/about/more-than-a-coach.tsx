import type { IconNode } from 'lucide';
import { HeartHandshake, MessagesSquare, Trophy } from 'lucide';
import { Container } from '../ui/container.tsx';
import { IconRow } from '../ui/icon-tile.tsx';
import { SectionHeading } from './section-heading.tsx';

const ROLES: { title: string; description: string; icon: IconNode }[] = [
  { title: 'A sounding board', description: 'For the hard calls you can’t talk through with your team.', icon: MessagesSquare },
  { title: 'An encourager', description: 'For the seasons when progress feels slow.', icon: HeartHandshake },
  { title: 'Your biggest fan', description: 'For the wins, big and small, that deserve to be noticed.', icon: Trophy },
];

export function MoreThanACoach() {
  return (
    <section aria-labelledby="more-than-a-coach-heading" className="bg-surface py-16 sm:py-24">
      <Container className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading id="more-than-a-coach-heading" eyebrow="Beyond the sessions" title="More Than a Coach" />
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-ink/85">
            <p>
              Coaching is a professional relationship, but it is a human one too. I care about the whole person — your work, your
              relationships and the life you are building — not only the goal we wrote down in the first session.
            </p>
            <p>Between sessions I am in your corner. When something big happens, you won’t face it without someone who knows your story.</p>
          </div>
        </div>
        <ul className="grid gap-4 self-center">
          {ROLES.map(({ title, description, icon }) => (
            <IconRow
              key={title}
              icon={icon}
              tone="dark"
              heading
              title={title}
              description={description}
              className="items-start rounded-card border border-line bg-canvas p-5"
            />
          ))}
        </ul>
      </Container>
    </section>
  );
}
