'use client';

import { ConfirmDeleteDialog } from '../../components/ui/confirm-delete-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import type { BacklogTopic } from '../../schemas/backlog-topic.ts';
import { deleteTopic } from './api.ts';
import { DELETE_FAILED, TOPIC_DELETED, TRY_AGAIN } from './messages.ts';

/** The confirmation before a delete; closed while `topic` is null. */
export function DeleteTopicDialog({
  topic,
  onClose,
  onDeleted,
}: {
  topic: BacklogTopic | null;
  onClose: () => void;
  onDeleted: (topic: BacklogTopic) => void;
}) {
  const toast = useToast();
  return (
    <ConfirmDeleteDialog
      open={topic !== null}
      title="Delete Blog Topic"
      description={topic ? `Are you sure you want to delete "${topic.title}" from the backlog? This cannot be undone.` : undefined}
      onCancel={onClose}
      onConfirm={async () => {
        try {
          await deleteTopic(topic!.id);
          toast({ title: TOPIC_DELETED, description: topic!.title });
          onDeleted(topic!);
          return null;
        } catch (error) {
          const failure = errorMessage(error, TRY_AGAIN);
          toast({ variant: 'destructive', title: DELETE_FAILED, description: failure });
          return failure;
        }
      }}
    >
      {topic?.postId != null && <p className="text-sm">The draft generated from it stays in your posts.</p>}
    </ConfirmDeleteDialog>
  );
}
