import type { IconNode } from 'lucide';
import { Bot, Newspaper, TrendingUp, Users } from 'lucide';
import { NewsletterSignup } from '../newsletter/newsletter-signup.tsx';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { Icon } from '../ui/icon.tsx';

interface Preview {
  /** Anchor the footer's service links point at (docs/product.md §2 "Shared layout"). */
  id: 'development' | 'team-building' | 'ai-coach' | 'newsletter';
  title: string;
  description: string;
  icon: IconNode;
}

export const SERVICE_PREVIEWS: Preview[] = [
  {
    id: 'development',
    title: 'Leadership Development',
    description: 'Structured programs that grow the capacity of emerging and established leaders over several months.',
    icon: TrendingUp,
  },
  {
    id: 'team-building',
    title: 'Team Building',
    description: 'Workshops that build trust, sharpen communication and help teams pull in the same direction.',
    icon: Users,
  },
  {
    id: 'ai-coach',
    title: 'AI Coaching Assistant',
    description: 'A digital companion for reflection prompts and goal check-ins between your coaching sessions.',
    icon: Bot,
  },
  {
    id: 'newsletter',
    title: 'Weekly Newsletter',
    description: 'One practical leadership idea in your inbox each week: short, useful and free.',
    icon: Newspaper,
  },
];

/** `newsletter`: the coach has turned the newsletter on: its card offers the signup instead of Coming Soon. */
export function ServicePreviews({ newsletter = false }: { newsletter?: boolean }) {
  return (
    <section aria-labelledby="previews-heading">
      <div className="max-w-2xl">
        <h2 id="previews-heading" className="text-3xl font-semibold">
          More on the way
        </h2>
        <p className="mt-3 text-lg leading-relaxed text-muted">Alongside one-on-one coaching, these offerings are being prepared.</p>
      </div>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2">
        {SERVICE_PREVIEWS.map(({ id, title, description, icon }) => (
          <li key={id} id={id} className="flex scroll-mt-24 flex-col rounded-card border border-line bg-surface p-6 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <span className="flex size-11 items-center justify-center rounded-control bg-accent-100 text-accent-800">
                <Icon shapes={icon} aria-hidden="true" className="size-5" />
              </span>
              {!(newsletter && id === 'newsletter') && <ComingSoonBadge />}
            </div>
            <h3 className="mt-5 text-xl font-semibold">{title}</h3>
            <p className="mt-2 leading-relaxed text-muted">{description}</p>
            {newsletter && id === 'newsletter' && (
              <div className="mt-5">
                <NewsletterSignup source="services" />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
