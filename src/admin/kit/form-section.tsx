import { Save } from 'lucide';
import type { ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { FormAlert } from './fields.tsx';

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

/** The end of a long form: why the last save failed, whether anything is unsaved, and Save. */
export function FormSaveBar({ failure, status, busy, label }: { failure: string | null; status: string; busy: boolean; label: string }) {
  return (
    <>
      <FormAlert message={failure} />
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {status}
        </p>
        <Button type="submit" disabled={busy}>
          <Icon shapes={Save} aria-hidden="true" className="size-4" /> {busy ? 'Saving...' : label}
        </Button>
      </div>
    </>
  );
}
