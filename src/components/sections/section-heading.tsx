import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

/** Eyebrow, h2 and lead shared by the content sections; `id` labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('max-w-2xl', className)}>
      {eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-accent-700">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-semibold leading-tight sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg leading-relaxed text-muted">{lead}</p>}
    </div>
  );
}
