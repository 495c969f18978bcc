'use client';

import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { formatDate } from '#src/lib/format-date.ts';
import type { AdminPost } from '#src/schemas/post.ts';
import { Dialog, DialogActions } from '../kit/dialog.tsx';
import { useTimeZone } from '../kit/time-zone.tsx';
import { CONFLICT_TITLE, conflictDescription } from './messages.ts';
import { PostDiff } from './post-diff.tsx';
import type { PostFormValues } from './post-form.ts';

export interface Conflict {
  /** The post as the other save left it. */
  theirs: AdminPost;
  /** What this editor tried to save. */
  mine: PostFormValues;
}

/**
 * A save refused because someone else saved first (409): nothing is overwritten silently. The
 * coach sees the other change, then keeps their own text (saved over the newer version) or takes
 * the other one.
 */
export function ConflictDialog({
  conflict,
  busy,
  onKeepMine,
  onTakeTheirs,
  onClose,
}: {
  conflict: Conflict | null;
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onClose: () => void;
}) {
  const timeZone = useTimeZone();
  const [showDiff, setShowDiff] = useState(false);
  const close = () => {
    setShowDiff(false);
    onClose();
  };
  return (
    <Dialog
      open={conflict !== null}
      onOpenChange={(open) => open || close()}
      title={CONFLICT_TITLE}
      description={conflict ? conflictDescription(formatDate(conflict.theirs.updatedAt, timeZone, 'time')) : undefined}
      className="max-w-2xl"
    >
      {conflict && (
        <>
          <Button variant="outline" aria-expanded={showDiff} onClick={() => setShowDiff((shown) => !shown)}>
            {showDiff ? 'Hide their changes' : 'See their changes'}
          </Button>
          {showDiff && (
            <section aria-label="Their changes" className="mt-4">
              <p className="mb-3 text-sm text-muted">From your text to theirs:</p>
              <PostDiff before={conflict.mine} after={conflict.theirs} />
            </section>
          )}
          <DialogActions>
            <Button variant="outline" onClick={onTakeTheirs} disabled={busy}>
              Take theirs
            </Button>
            <Button onClick={onKeepMine} disabled={busy}>
              {busy ? 'Saving...' : 'Keep mine'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
