import type { ComponentProps } from 'react';
import { Link } from 'waku';
import { cn } from '#src/lib/cn.ts';

// The site's one button look, for <button>, internal <Link> and plain <a> alike.
const variants = {
  primary: 'bg-primary-800 text-white shadow-sm hover:bg-primary-700 disabled:bg-primary-300',
  accent: 'bg-accent-400 text-primary-950 shadow-sm hover:bg-accent-300',
  outline:
    'border border-line bg-surface text-primary-900 hover:bg-primary-50 disabled:bg-canvas disabled:text-muted disabled:hover:bg-canvas',
  ghost: 'text-primary-800 hover:bg-primary-50',
  inverse: 'border border-primary-300/50 text-white hover:bg-primary-800',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-red-300',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    className,
  );
}

type Styling = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...props }: ComponentProps<'button'> & Styling) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & Styling) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
