import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

/** The page column: the same width and gutters everywhere. */
export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6', className)}>{children}</div>;
}

/** A page's opening band with its single h1. */
export function PageHeader({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: ReactNode }) {
  return (
    <section className="border-b border-line bg-surface">
      <Container className="py-14 sm:py-20">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">{eyebrow}</p>}
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold leading-tight sm:text-5xl">{title}</h1>
        {lead && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">{lead}</p>}
      </Container>
    </section>
  );
}
