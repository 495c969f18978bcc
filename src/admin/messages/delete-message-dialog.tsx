'use client';

import type { AdminContactMessage } from '../../schemas/contact-message.ts';
import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
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
  return (
    <ConfirmDialog
      open={message !== null}
      title="Delete Message"
      description={message ? `Are you sure you want to delete the message from ${message.name}? This cannot be undone.` : undefined}
      onCancel={onClose}
      action={() => deleteContactMessage(message!.id)}
      success={{ title: MESSAGE_DELETED }}
      failureTitle={DELETE_FAILED}
      fallback={TRY_AGAIN}
      onDone={() => onDeleted(message!.id)}
    />
  );
}
