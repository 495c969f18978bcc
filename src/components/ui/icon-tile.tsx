import type { IconNode } from 'lucide';
import { cn } from '#src/lib/cn.ts';
import { Icon } from './icon.tsx';

const tones = {
  soft: 'bg-primary-50 text-primary-700',
  accent: 'bg-accent-100 text-accent-800',
  dark: 'bg-primary-800 text-accent-300',
} as const;

/** An icon in its tile, the one badge shape the site uses beside a title. */
export function IconTile({
  icon,
  tone = 'soft',
  size = 'md',
  round = false,
}: {
  icon: IconNode;
  tone?: keyof typeof tones;
  size?: 'sm' | 'md';
  round?: boolean;
}) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center',
        size === 'sm' ? 'size-10' : 'size-11',
        round ? 'rounded-full' : 'rounded-control',
        tones[tone],
      )}
    >
      <Icon shapes={icon} aria-hidden="true" className="size-5" />
    </span>
  );
}

/** A list item: the icon's tile beside a title and a line of description. */
export function IconRow({
  icon,
  tone,
  round,
  title,
  description,
  heading = false,
  className,
}: {
  icon: IconNode;
  tone?: keyof typeof tones;
  round?: boolean;
  title: string;
  description: string;
  /** The title is a heading (h3) of its section rather than a line of text. */
  heading?: boolean;
  className?: string;
}) {
  return (
    <li className={cn('flex gap-4', className)}>
      <IconTile icon={icon} tone={tone} size="sm" round={round} />
      <div>
        {heading ? <h3 className="text-lg font-semibold">{title}</h3> : <p className="font-semibold text-primary-950">{title}</p>}
        <p className="mt-1 leading-relaxed text-muted">{description}</p>
      </div>
    </li>
  );
}
