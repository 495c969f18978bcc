'use client';

import { useState } from 'react';
import type { AdminPost } from '#src/schemas/post.ts';
import { HistoryPanel, HistoryToggle } from '../kit/revision-history/history-panel.tsx';
import { fetchRevision, fetchRevisions, restoreRevision } from './api.ts';
import { RESTORE_CONFIRM } from './messages.ts';
import { PostDiff } from './post-diff.tsx';
import type { PostFormValues } from './post-form.ts';

/** A post's history (issue 19, revisions), shown on request below the form: the kit's, with a post's title and three texts. */
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
  return (
    <HistoryPanel
      id="post-history"
      open={open}
      toggle={
        <HistoryToggle open={open} controls="post-history" onToggle={() => setOpen((shown) => !shown)}>
          {open ? 'Hide history' : 'Show history'}
        </HistoryToggle>
      }
      source={{
        list: () => fetchRevisions(postId),
        one: (revisionId) => fetchRevision(postId, revisionId),
        restore: (revisionId) => restoreRevision(postId, revisionId, version),
      }}
      detail={(revision) => revision.title || 'Untitled'}
      diff={(revision) => <PostDiff before={revision} after={current} />}
      restoreWarning={RESTORE_CONFIRM}
      onRestored={onRestored}
    />
  );
}
