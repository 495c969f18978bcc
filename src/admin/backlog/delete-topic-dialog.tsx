'use client';

import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import type { BacklogTopic } from '../../schemas/backlog-topic.ts';
import { deleteTopic } from './api.ts';
import { FormAlert } from './fields.tsx';
import { DELETE_FAILED, TOPIC_DELETED, TRY_AGAIN } from './messages.ts';

/** The confirmation before a delete; closed while `topic` is null. */
export function DeleteTopicDialog({ topic, onClose, onDeleted }: { topic: BacklogTopic | null; onClose: () => void; onDeleted: (topic: BacklogTopic) => void }) {
  return (
    <Dialog
      open={topic !== null}
      onOpenChange={(open) => open || onClose()}
      title="Delete Blog Topic"
      description={topic ? `Are you sure you want to delete "${topic.title}" from the backlog? This cannot be undone.` : undefined}
    >
      {topic && <DeleteConfirm topic={topic} onCancel={onClose} onDeleted={onDeleted} />}
    </Dialog>
  );
}

function DeleteConfirm({ topic, onCancel, onDeleted }: { topic: BacklogTopic; onCancel: () => void; onDeleted: (topic: BacklogTopic) => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await deleteTopic(topic.id);
      toast({ title: TOPIC_DELETED, description: topic.title });
      onDeleted(topic);
    } catch (error) {
      const message = errorMessage(error, TRY_AGAIN);
      toast({ variant: 'destructive', title: DELETE_FAILED, description: message });
      setFailure(message);
      setBusy(false);
    }
  }

  return (
    <>
      {topic.postId !== null && <p className="text-sm">The draft generated from it stays in your posts.</p>}
      <FormAlert message={failure} />
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={busy}>
          <Trash2 aria-hidden="true" className="size-4" />
          {busy ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </>
  );
}
