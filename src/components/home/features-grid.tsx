import type { IconNode } from 'lucide';
import { BookOpen, Bot, Briefcase, Mail, Users, Wrench } from 'lucide';
import { Link } from 'waku';
import { cn } from '#src/lib/cn.ts';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { Icon } from '../ui/icon.tsx';

interface Feature {
  title: string;
  description: string;
  icon: IconNode;
  iconBackground: 'primary' | 'accent';
  /** Only live offerings link somewhere; the rest carry a Coming Soon badge (docs/product.md §1). */
  href?: string;
}

export const features: Feature[] = [
  {
    title: 'Leadership Blog',
    description: 'Practical articles on leading with clarity, courage and character, published regularly.',
    icon: BookOpen,
    iconBackground: 'primary',
    href: '/blog',
  },
  {
    title: 'Executive Coaching',
    description: 'One-on-one partnership to sharpen your decisions, presence and impact at the top.',
    icon: Briefcase,
    iconBackground: 'accent',
  },
  {
    title: 'AI Coaching Assistant',
    description: 'Reflective prompts and between-session support, available whenever you need to think aloud.',
    icon: Bot,
    iconBackground: 'primary',
  },
  {
    title: 'Weekly Newsletter',
    description: 'One short, actionable insight each week to keep your growth moving forward.',
    icon: Mail,
    iconBackground: 'accent',
  },
  {
    title: 'Community Access',
    description: 'A supportive circle of leaders who share lessons, challenges and encouragement.',
    icon: Users,
    iconBackground: 'primary',
  },
  {
    title: 'Leadership Tools',
    description: 'Frameworks, worksheets and assessments to turn insight into everyday practice.',
    icon: Wrench,
    iconBackground: 'accent',
  },
];

const iconBackgrounds = {
  primary: 'bg-primary-800 text-white',
  accent: 'bg-accent-400 text-primary-950',
} as const;

/** `newsletter`: the coach has turned the newsletter on: its card leads to the signup instead of Coming Soon. */
export function FeaturesGrid({ newsletter = false }: { newsletter?: boolean }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {features.map((listed) => {
        const feature = newsletter && listed.title === 'Weekly Newsletter' ? { ...listed, href: '/services#newsletter' } : listed;
        const icon = feature.icon;
        return (
          <li
            key={feature.title}
            className={cn(
              'relative flex flex-col rounded-card border border-line bg-surface p-6 shadow-sm',
              feature.href && 'transition-shadow focus-within:shadow-md hover:shadow-md',
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <span className={cn('flex size-12 items-center justify-center rounded-control', iconBackgrounds[feature.iconBackground])}>
                <Icon shapes={icon} aria-hidden="true" className="size-6" />
              </span>
              {!feature.href && <ComingSoonBadge />}
            </div>
            <h3 className="mt-5 text-xl font-semibold">
              {feature.href ? (
                <Link to={feature.href} className="rounded-sm after:absolute after:inset-0 hover:text-primary-700">
                  {feature.title}
                </Link>
              ) : (
                feature.title
              )}
            </h3>
            <p className="mt-2 leading-relaxed text-muted">{feature.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
