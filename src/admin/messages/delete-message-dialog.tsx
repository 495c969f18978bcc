'use client';

import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import { type InboxMessage, deleteContactMessage } from './api.ts';
import { DELETE_FAILED, MESSAGE_DELETED, TRY_AGAIN } from './messages.ts';

/** The confirmation before a delete; closed while `message` is null. */
export function DeleteMessageDialog({
  message,
  onClose,
  onDeleted,
}: {
  message: InboxMessage | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => open || onClose()}
      title="Delete Message"
      description={message ? `Are you sure you want to delete the message from ${message.name}? This cannot be undone.` : undefined}
    >
      {message && <DeleteConfirm message={message} onCancel={onClose} onDeleted={onDeleted} />}
    </Dialog>
  );
}

function DeleteConfirm({ message, onCancel, onDeleted }: { message: InboxMessage; onCancel: () => void; onDeleted: (id: number) => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await deleteContactMessage(message.id);
      toast({ title: MESSAGE_DELETED });
      onDeleted(message.id);
    } catch (error) {
      toast({ variant: 'destructive', title: DELETE_FAILED, description: errorMessage(error, TRY_AGAIN) });
      setBusy(false);
    }
  }

  return (
    <DialogActions>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <button
        type="button"
        onClick={confirm}
        disabled={busy}
        className="inline-flex h-11 items-center justify-center gap-2 rounded-control bg-red-700 px-5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-red-300"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {busy ? 'Deleting...' : 'Delete'}
      </button>
    </DialogActions>
  );
}
