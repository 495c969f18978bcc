'use client';

import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import { deletePost } from './api.ts';
import { DELETE_FAILED, DELETE_FAILED_TITLE, POST_DELETED } from './messages.ts';

interface Target {
  id: number;
  title: string;
}

/** Spec §2: 'Delete Blog Post', asked before a delete from the list; closed while `post` is null. */
export function DeletePostDialog({
  post,
  onClose,
  onDeleted,
}: {
  post: Target | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  const toast = useToast();
  return (
    <ConfirmDeleteDialog
      open={post !== null}
      title="Delete Blog Post"
      description={post ? `Are you sure you want to delete "${post.title}"? This action cannot be undone.` : undefined}
      confirmLabel="Delete Permanently"
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await deletePost(post!.id);
          toast({ title: POST_DELETED });
          onDeleted(post!.id);
          return null;
        } catch (error) {
          const message = errorMessage(error, DELETE_FAILED);
          toast({ variant: 'destructive', title: DELETE_FAILED_TITLE, description: message });
          return message;
        }
      }}
    />
  );
}
