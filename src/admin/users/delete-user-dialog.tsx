'use client';

import type { PublicUser } from '../../schemas/user.ts';
import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
import { deleteUser } from './api.ts';
import { DELETE_FAILED, TRY_AGAIN, USER_DELETED } from './messages.ts';
import { displayName } from './protection.ts';

const who = (user: PublicUser) => (displayName(user) ? `${displayName(user)} (${user.email})` : user.email);

/** The confirmation before a delete; closed while `user` is null. */
export function DeleteUserDialog({ user, onClose, onDeleted }: { user: PublicUser | null; onClose: () => void; onDeleted: () => void }) {
  return (
    <ConfirmDialog
      open={user !== null}
      title="Delete User"
      description={user ? `Are you sure you want to delete ${who(user)}? This cannot be undone.` : undefined}
      onCancel={onClose}
      action={() => deleteUser(user!.id)}
      success={{ title: USER_DELETED, description: user?.email }}
      failureTitle={DELETE_FAILED}
      fallback={TRY_AGAIN}
      onDone={onDeleted}
    >
      <p className="text-sm">Their sessions end and they can no longer sign in.</p>
    </ConfirmDialog>
  );
}
