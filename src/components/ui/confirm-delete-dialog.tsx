'use client';

import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogActions } from './dialog.tsx';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel?: string;
  /** Extra words under the description (what else goes with it). */
  children?: ReactNode;
  onCancel: () => void;
  /** Does the delete and its toasts; resolves to the failure text to show in the dialog, or null when done. */
  onConfirm: () => Promise<string | null>;
}

/** The one "are you sure?" before a delete: Cancel, a red confirm, busy and failure states. */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  confirmLabel = 'Delete',
  children,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => next || onCancel()} title={title} description={description}>
      {open && (
        <ConfirmActions confirmLabel={confirmLabel} onCancel={onCancel} onConfirm={onConfirm}>
          {children}
        </ConfirmActions>
      )}
    </Dialog>
  );
}

function ConfirmActions({
  confirmLabel,
  children,
  onCancel,
  onConfirm,
}: Pick<ConfirmDeleteDialogProps, 'children' | 'onCancel' | 'onConfirm'> & { confirmLabel: string }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setFailure(null);
    const problem = await onConfirm();
    // Toasts sit under the modal's backdrop, so a failure is also said inside the dialog.
    setFailure(problem);
    if (problem) setBusy(false);
  }

  return (
    <>
      {children}
      {failure && (
        <p role="alert" className="mt-4 rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={busy}>
          <Trash2 aria-hidden="true" className="size-4" />
          {busy ? 'Deleting...' : confirmLabel}
        </Button>
      </DialogActions>
    </>
  );
}
