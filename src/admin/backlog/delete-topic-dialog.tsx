'use client';

import type { BacklogTopic } from '../../schemas/backlog-topic.ts';
import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
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
  return (
    <ConfirmDialog
      open={topic !== null}
      title="Delete Blog Topic"
      description={topic ? `Are you sure you want to delete "${topic.title}" from the backlog? This cannot be undone.` : undefined}
      onCancel={onClose}
      action={() => deleteTopic(topic!.id)}
      success={{ title: TOPIC_DELETED, description: topic?.title }}
      failureTitle={DELETE_FAILED}
      fallback={TRY_AGAIN}
      onDone={() => onDeleted(topic!)}
    >
      {topic?.postId != null && <p className="text-sm">The draft generated from it stays in your posts.</p>}
    </ConfirmDialog>
  );
}
