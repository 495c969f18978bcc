'use client';

import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import type { AdminContactMessage } from '../../schemas/contact-message.ts';
import { deleteContactMessage } from './api.ts';
import { DELETE_FAILED, MESSAGE_DELETED, TRY_AGAIN } from './messages.ts';

/** The confirmation before a delete; closed while `message` is null. */
export function DeleteMessageDialog({
  message,
  onClose,
  onDeleted,
}: {
  message: AdminContactMessage | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  const toast = useToast();
  return (
    <ConfirmDeleteDialog
      open={message !== null}
      title="Delete Message"
      description={message ? `Are you sure you want to delete the message from ${message.name}? This cannot be undone.` : undefined}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await deleteContactMessage(message!.id);
          toast({ title: MESSAGE_DELETED });
          onDeleted(message!.id);
          return null;
        } catch (error) {
          const failure = errorMessage(error, TRY_AGAIN);
          toast({ variant: 'destructive', title: DELETE_FAILED, description: failure });
          return failure;
        }
      }}
    />
  );
}
