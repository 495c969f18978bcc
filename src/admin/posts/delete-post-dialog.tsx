'use client';

import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import { deletePost } from './api.ts';
import { FormAlert } from './fields.tsx';
import { DELETE_FAILED, DELETE_FAILED_TITLE, POST_DELETED } from './messages.ts';

interface Target {
  id: number;
  title: string;
}

/** Spec §2: 'Delete Blog Post', asked before a delete from the list; closed while `post` is null. */
export function DeletePostDialog({ post, onClose, onDeleted }: { post: Target | null; onClose: () => void; onDeleted: (id: number) => void }) {
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => open || onClose()}
      title="Delete Blog Post"
      description={post ? `Are you sure you want to delete "${post.title}"? This action cannot be undone.` : undefined}
    >
      {post && <DeleteConfirm post={post} onCancel={onClose} onDeleted={onDeleted} />}
    </Dialog>
  );
}

function DeleteConfirm({ post, onCancel, onDeleted }: { post: Target; onCancel: () => void; onDeleted: (id: number) => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await deletePost(post.id);
      toast({ title: POST_DELETED });
      onDeleted(post.id);
    } catch (error) {
      const message = errorMessage(error, DELETE_FAILED);
      toast({ variant: 'destructive', title: DELETE_FAILED_TITLE, description: message });
      setFailure(message);
      setBusy(false);
    }
  }

  return (
    <>
      <FormAlert message={failure} />
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
          {busy ? 'Deleting...' : 'Delete Permanently'}
        </button>
      </DialogActions>
    </>
  );
}
