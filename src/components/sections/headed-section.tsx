import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';
import { Container } from '../ui/container.tsx';

/** A home page band: its h2 with something beside it (a link, a badge), and its content below. */
export function HeadedSection({
  id,
  title,
  beside,
  row,
  className,
  children,
}: {
  id: string;
  title: string;
  beside: ReactNode;
  /** How the heading and what is beside it sit in their row. */
  row: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('py-16 sm:py-20', className)}>
      <Container>
        <div className={cn('flex flex-wrap', row)}>
          <h2 id={id} className="text-3xl font-semibold">
            {title}
          </h2>
          {beside}
        </div>
        <div className="mt-8">{children}</div>
      </Container>
    </section>
  );
}
