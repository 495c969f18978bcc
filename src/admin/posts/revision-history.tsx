'use client';

import { format } from 'date-fns';
import { History, RotateCcw } from 'lucide';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import type { AdminPost } from '#src/schemas/post.ts';
import type { RevisionKind, RevisionSummary } from '#src/schemas/post-revision.ts';
import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
import { useLoaded } from '../kit/use-loaded.ts';
import { fetchRevision, fetchRevisions, restoreRevision } from './api.ts';
import { RESTORE_CONFIRM, RESTORE_CONFIRM_TITLE, RESTORE_FAILED_TITLE, RESTORED } from './messages.ts';
import type { PostFormValues } from './post-form.ts';
import { PostDiff } from './text-diff.tsx';

const KIND_LABEL: Record<RevisionKind, string> = { save: 'Saved', autosave: 'Autosaved', restore: 'Restored' };

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy, HH:mm');

/**
 * A post's history (issue 19, revisions): every save, autosave and restore, newest first. One
 * chosen shows what differs from the text in the editor now, and can be restored — which saves it
 * as a new revision, so the text it replaces stays in the history too.
 */
export function RevisionHistory({
  postId,
  version,
  current,
  onRestored,
}: {
  postId: number;
  /** The version the editor is based on: a restore over a newer one is refused (409). */
  version: number;
  current: PostFormValues;
  onRestored: (post: AdminPost) => void;
}) {
  const [open, setOpen] = useState(false);
  // Reloaded each time the history is opened, and after a restore.
  const [listKey, setListKey] = useState(0);
  const list = useLoaded(open ? listKey : null, () => fetchRevisions(postId));
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = useLoaded(chosenId, (id) => fetchRevision(postId, id));
  const [confirming, setConfirming] = useState(false);

  return (
    <section aria-labelledby="post-history-heading" className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="post-history-heading" className="text-lg font-semibold">
          History
        </h2>
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls="post-history"
          onClick={() => {
            setOpen((shown) => !shown);
            setListKey((key) => key + 1);
            setChosenId(null);
          }}
        >
          <Icon shapes={History} aria-hidden="true" className="size-4" />
          {open ? 'Hide history' : 'Show history'}
        </Button>
      </div>
      {open && (
        <div id="post-history" className="mt-4">
          {list.error && <p className="text-sm text-red-700">{list.error}</p>}
          {!list.value && !list.error && <p className="text-sm text-muted">Loading history...</p>}
          {list.value && (
            <ol aria-label="Revisions" className="max-h-72 divide-y divide-line overflow-y-auto rounded-control border border-line">
              {list.value.map((revision) => (
                <li key={revision.id}>
                  <RevisionRow revision={revision} chosen={revision.id === chosenId} onChoose={() => setChosenId(revision.id)} />
                </li>
              ))}
            </ol>
          )}
          {chosenId !== null && (
            <section aria-label="Chosen revision" className="mt-5 space-y-4">
              {chosen.error && <p className="text-sm text-red-700">{chosen.error}</p>}
              {chosen.value && (
                <>
                  <p className="text-sm text-muted">
                    From this revision ({KIND_LABEL[chosen.value.kind].toLowerCase()} {when(chosen.value.createdAt)}) to the text in the
                    editor now:
                  </p>
                  <PostDiff before={chosen.value} after={current} />
                  <Button variant="outline" onClick={() => setConfirming(true)}>
                    <Icon shapes={RotateCcw} aria-hidden="true" className="size-4" />
                    Restore this revision
                  </Button>
                </>
              )}
            </section>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={RESTORE_CONFIRM_TITLE}
        description={RESTORE_CONFIRM}
        variant="default"
        confirmLabel="Restore"
        busyLabel="Restoring..."
        onCancel={() => setConfirming(false)}
        action={() => restoreRevision(postId, chosenId!, version)}
        success={{ title: RESTORED }}
        failureTitle={RESTORE_FAILED_TITLE}
        onDone={(post) => {
          setConfirming(false);
          setChosenId(null);
          setListKey((key) => key + 1);
          onRestored(post);
        }}
      />
    </section>
  );
}

function RevisionRow({ revision, chosen, onChoose }: { revision: RevisionSummary; chosen: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={chosen}
      onClick={onChoose}
      className={cn(
        'flex w-full flex-col items-start gap-0.5 px-3 py-2.5 text-left text-sm hover:bg-primary-50',
        chosen && 'bg-primary-50',
      )}
    >
      <span className="font-semibold text-ink">
        {KIND_LABEL[revision.kind]} · {when(revision.createdAt)}
      </span>
      <span className="text-muted">
        {revision.authorName} · <span className="break-words">{revision.title || 'Untitled'}</span>
      </span>
    </button>
  );
}
