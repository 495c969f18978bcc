import type { ReactNode } from 'react';

/** One card of a long form (settings, availability): its heading, a line on what it holds, and its controls. */
export function FormSection({
  id,
  title,
  intro,
  layout = 'mt-5 grid gap-4 sm:grid-cols-2',
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  /** How the section's controls sit: a two-column grid of fields unless said otherwise. */
  layout?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{intro}</p>
      <div className={layout}>{children}</div>
    </section>
  );
}
