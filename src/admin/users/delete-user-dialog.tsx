'use client';

import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import type { PublicUser } from '../../schemas/user.ts';
import { deleteUser } from './api.ts';
import { FormAlert } from './fields.tsx';
import { DELETE_FAILED, TRY_AGAIN, USER_DELETED } from './messages.ts';
import { displayName } from './protection.ts';

const who = (user: PublicUser) => (displayName(user) ? `${displayName(user)} (${user.email})` : user.email);

/** The confirmation before a delete; closed while `user` is null. */
export function DeleteUserDialog({ user, onClose, onDeleted }: { user: PublicUser | null; onClose: () => void; onDeleted: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => open || onClose()}
      title="Delete User"
      description={user ? `Are you sure you want to delete ${who(user)}? This cannot be undone.` : undefined}
    >
      {user && <DeleteConfirm user={user} onCancel={onClose} onDeleted={onDeleted} />}
    </Dialog>
  );
}

function DeleteConfirm({ user, onCancel, onDeleted }: { user: PublicUser; onCancel: () => void; onDeleted: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await deleteUser(user.id);
      toast({ title: USER_DELETED, description: user.email });
      onDeleted();
    } catch (error) {
      const message = errorMessage(error, TRY_AGAIN);
      toast({ variant: 'destructive', title: DELETE_FAILED, description: message });
      setFailure(message);
      setBusy(false);
    }
  }

  return (
    <>
      <p className="text-sm">Their sessions end and they can no longer sign in.</p>
      <FormAlert message={failure} />
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {/* button.tsx has no destructive variant; the look is the primary button's in red. */}
        <Button variant="danger" onClick={confirm} disabled={busy}>
          <Trash2 aria-hidden="true" className="size-4" />
          {busy ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </>
  );
}
