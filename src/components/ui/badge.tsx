import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

const tones = {
  primary: 'bg-primary-100 text-primary-800',
  accent: 'bg-accent-100 text-accent-800',
  neutral: 'bg-canvas text-muted ring-1 ring-line',
  success: 'bg-emerald-100 text-emerald-800',
  danger: 'bg-red-100 text-red-800',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'primary', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold', tones[tone], className)}>{children}</span>
  );
}

export function ComingSoonBadge({ className }: { className?: string }) {
  return (
    <Badge tone="accent" className={className}>
      Coming Soon
    </Badge>
  );
}
