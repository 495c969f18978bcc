'use client';

import { Trash2 } from 'lucide';
import type { ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { Dialog, DialogActions } from './dialog.tsx';
import { FormAlert } from './fields.tsx';
import { type ActionMessages, FAILED, useAction } from './use-action.ts';

interface ConfirmDialogProps<T> extends ActionMessages<T> {
  open: boolean;
  title: string;
  description?: string;
  /** Destructive: a red confirm button with a bin (the default, for deletes). */
  variant?: 'destructive' | 'default';
  confirmLabel?: string;
  busyLabel?: string;
  /** The confirm button's icon: a bin unless said (a destructive change that deletes nothing). */
  icon?: ReactNode;
  /** Extra words under the description (what else goes with it). */
  children?: ReactNode;
  onCancel: () => void;
  /** The change itself; its toasts and the failure text are the dialog's. */
  action: () => Promise<T>;
  /** After a success, with what the change answered. */
  onDone: (value: T) => void;
}

/** The one "are you sure?": Cancel, the confirm button, busy and failure states. */
export function ConfirmDialog<T>({ open, title, description, onCancel, ...rest }: ConfirmDialogProps<T>) {
  return (
    <Dialog open={open} onOpenChange={(next) => next || onCancel()} title={title} description={description}>
      {open && <ConfirmActions onCancel={onCancel} {...rest} />}
    </Dialog>
  );
}

function ConfirmActions<T>({
  variant = 'destructive',
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
  icon = <Icon shapes={Trash2} aria-hidden="true" className="size-4" />,
  children,
  onCancel,
  action,
  onDone,
  ...messages
}: Omit<ConfirmDialogProps<T>, 'open' | 'title' | 'description'>) {
  const { busy, failure, run } = useAction();
  return (
    <>
      {children}
      <FormAlert message={failure} className="mt-4" />
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant={variant === 'destructive' ? 'destructive' : 'primary'}
          onClick={async () => {
            const value = await run(action, messages);
            if (value !== FAILED) onDone(value);
          }}
          disabled={busy}
        >
          {variant === 'destructive' && icon}
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </>
  );
}
