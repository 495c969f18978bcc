'use client';

import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
import { deletePost } from './api.ts';
import { DELETE_FAILED, DELETE_FAILED_TITLE, POST_DELETED } from './messages.ts';

/** 'Delete Blog Post', asked before a delete from the list; closed while `post` is null. */
export function DeletePostDialog({
  post,
  onClose,
  onDeleted,
}: {
  post: { id: number; title: string } | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  return (
    <ConfirmDialog
      open={post !== null}
      title="Delete Blog Post"
      description={post ? `Are you sure you want to delete "${post.title}"? This action cannot be undone.` : undefined}
      confirmLabel="Delete Permanently"
      onCancel={onClose}
      action={() => deletePost(post!.id)}
      success={{ title: POST_DELETED }}
      failureTitle={DELETE_FAILED_TITLE}
      fallback={DELETE_FAILED}
      onDone={() => onDeleted(post!.id)}
    />
  );
}
