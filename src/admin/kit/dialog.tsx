'use client';

import { useSetAtom } from 'jotai';
import { Save, X } from 'lucide';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { toastHostAtom } from '#src/lib/toast-store.ts';
import { FormAlert } from './fields.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The accessible name of the dialog (aria-labelledby). */
  title: ReactNode;
  /** Read with the name (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog> and showModal(): the browser puts it in the top layer, makes the
 * page behind it inert, moves focus into it and hands focus back on close. React owns `open`;
 * Escape and the close button ask for it to become false. The content is mounted only while
 * open, so every opening starts from a fresh form.
 */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const setToastHost = useSetAtom(toastHostAtom);

  // Syncs React's `open` with the element's imperative API (there is no attribute for a modal
  // open), and shows toasts inside the dialog while it is open: outside it they would be inert.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) return;
    setToastHost(dialog);
    return () => setToastHost((host) => (host === dialog ? null : host));
  }, [open, setToastHost]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: React decides. (Chrome may close anyway without user activation; onClose covers that.)
        event.preventDefault();
        onOpenChange(false);
      }}
      onClose={() => {
        if (open) onOpenChange(false);
      }}
      className={cn(
        'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto overscroll-contain rounded-card border border-line bg-surface p-0 text-ink shadow-xl',
        'backdrop:bg-primary-950/50',
        className,
      )}
    >
      {open && (
        <div className="relative p-5 sm:p-6">
          <div className="pr-10">
            <h2 id={titleId} className="text-xl font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1.5 text-sm text-muted">
                {description}
              </p>
            )}
          </div>
          <div className="mt-5">{children}</div>
          {/* Last in the DOM so showModal() focuses the first field, not the close button. */}
          <button
            type="button"
            aria-label="Close"
            onClick={() => onOpenChange(false)}
            className="absolute right-3 top-3 flex size-9 items-center justify-center rounded-control text-muted hover:bg-primary-50 hover:text-primary-900"
          >
            <Icon shapes={X} aria-hidden="true" className="size-5" />
          </button>
        </div>
      )}
    </dialog>
  );
}

/** The row of buttons at the foot of a dialog: stacked full-width on phones, right-aligned above. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/**
 * A form dialog's foot: the failure said in the dialog (the toast is gone in seconds), Cancel, and
 * the submit button, which reads `busyLabel` while the change runs.
 */
export function DialogFormActions({
  failure,
  busy,
  onCancel,
  submitLabel,
  busyLabel = 'Saving...',
  icon = <Icon shapes={Save} aria-hidden="true" className="size-4" />,
}: {
  failure: string | null;
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
  /** What the submit button says while the request runs. */
  busyLabel?: string;
  icon?: ReactNode;
}) {
  return (
    <>
      <FormAlert message={failure} className="mt-4" />
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {icon}
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogActions>
    </>
  );
}
