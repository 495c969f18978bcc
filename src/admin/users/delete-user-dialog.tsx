'use client';

import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import type { PublicUser } from '../../schemas/user.ts';
import { deleteUser } from './api.ts';
import { DELETE_FAILED, TRY_AGAIN, USER_DELETED } from './messages.ts';
import { displayName } from './protection.ts';

const who = (user: PublicUser) => (displayName(user) ? `${displayName(user)} (${user.email})` : user.email);

/** The confirmation before a delete; closed while `user` is null. */
export function DeleteUserDialog({ user, onClose, onDeleted }: { user: PublicUser | null; onClose: () => void; onDeleted: () => void }) {
  const toast = useToast();
  return (
    <ConfirmDeleteDialog
      open={user !== null}
      title="Delete User"
      description={user ? `Are you sure you want to delete ${who(user)}? This cannot be undone.` : undefined}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await deleteUser(user!.id);
          toast({ title: USER_DELETED, description: user!.email });
          onDeleted();
          return null;
        } catch (error) {
          const message = errorMessage(error, TRY_AGAIN);
          toast({ variant: 'destructive', title: DELETE_FAILED, description: message });
          return message;
        }
      }}
    >
      <p className="text-sm">Their sessions end and they can no longer sign in.</p>
    </ConfirmDeleteDialog>
  );
}
