'use client';

import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import type { ActionMessages } from './use-action.ts';

/** What a screen's delete dialog says: its title, the question naming the row, and its toasts. */
export interface DeleteTexts<T> extends ActionMessages<T> {
  title: string;
  question: (target: T) => string;
  confirmLabel?: string;
}

/** The row a delete dialog asks about (null while it is closed), and how to close it. */
export interface DeleteState<T> {
  target: T | null;
  close: () => void;
}

/** A screen's delete dialog state: `ask(row)` opens it for that row. */
export function useDeleteState<T>() {
  const [target, ask] = useState<T | null>(null);
  return { target, ask, close: () => ask(null) };
}

interface DeleteDialogProps<T> {
  state: DeleteState<T>;
  texts: DeleteTexts<T>;
  remove: (target: T) => Promise<unknown>;
  /** After the delete; the dialog closes itself. */
  onDeleted: (target: T) => void;
  /** Extra words under the question (what else goes with it). */
  children?: ReactNode;
}

/** "Are you sure you want to delete …?" for one row of a list. */
export function DeleteDialog<T>({
  state: { target, close },
  texts: { question, ...texts },
  remove,
  onDeleted,
  children,
}: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      open={target !== null}
      description={target === null ? undefined : question(target)}
      onCancel={close}
      action={async () => {
        await remove(target as T);
        return target as T;
      }}
      onDone={() => {
        close();
        onDeleted(target as T);
      }}
      {...texts}
    >
      {children}
    </ConfirmDialog>
  );
}
