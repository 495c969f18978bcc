'use client';

import { History, RotateCcw } from 'lucide';
import { type ReactNode, useState } from 'react';
import { Button, type ButtonSize } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import type { RevisionKind, RevisionSummary } from '#src/schemas/post-revision.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { DateTime } from '../time-zone.tsx';
import { useLoaded } from '../use-loaded.ts';
import { RESTORE_CONFIRM_TITLE, RESTORE_FAILED_TITLE, RESTORED } from './messages.ts';

/** What any revision says of itself, a post's or a page's: the kind, when, and who. */
export type RevisionHead = Omit<RevisionSummary, 'title'>;

/** Where an editor's history comes from, and how one revision is put back. */
export interface RevisionSource<Summary extends RevisionHead, Revision extends RevisionHead, Restored> {
  /** Newest first. */
  list: () => Promise<Summary[]>;
  one: (revisionId: number) => Promise<Revision>;
  /** Saves the revision as the stored text again, from the version the editor is based on (a newer one: 409). */
  restore: (revisionId: number) => Promise<Restored>;
}

interface HistoryPanelProps<Summary extends RevisionHead, Revision extends RevisionHead, Restored> {
  /** The list's id (what a toggle controls); the heading's is `${id}-heading`. */
  id: string;
  /** Shows the list; it is fetched again each time it opens. */
  open: boolean;
  /** Beside the heading: what shows and hides the list. */
  toggle?: ReactNode;
  source: RevisionSource<Summary, Revision, Restored>;
  /** A row's words after its author (a post's title). */
  detail?: (revision: Summary) => ReactNode;
  /** What differs from the chosen revision to the text in the editor now. */
  diff: (revision: Revision) => ReactNode;
  /** What a restore replaces and where it shows, said before it does. */
  restoreWarning: string;
  onRestored: (restored: Restored) => void;
  className?: string;
}

const KIND_LABEL: Record<RevisionKind, string> = { save: 'Saved', autosave: 'Autosaved', restore: 'Restored' };

/**
 * An editor's history (issue 19, revisions; a page's too, issue 31): every save, autosave and
 * restore, newest first. One chosen shows what differs from the text in the editor now, and can be
 * restored — which saves it as a new revision, so the text it replaces stays in the history too.
 */
export function HistoryPanel<Summary extends RevisionHead, Revision extends RevisionHead, Restored>({
  id,
  open,
  toggle,
  className,
  ...rest
}: HistoryPanelProps<Summary, Revision, Restored>) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cn('rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6', className)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          History
        </h2>
        {toggle}
      </div>
      {/* Mounted on each opening: the list is fetched anew and nothing is chosen yet. */}
      {open && <Revisions id={id} {...rest} />}
    </section>
  );
}

/** The button that shows and hides a history. */
export function HistoryToggle({
  open,
  controls,
  size,
  onToggle,
  children,
}: {
  open: boolean;
  /** The history list's id. */
  controls: string;
  size?: ButtonSize;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="outline" size={size} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      <Icon shapes={History} aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}

function Revisions<Summary extends RevisionHead, Revision extends RevisionHead, Restored>({
  id,
  source,
  detail,
  diff,
  restoreWarning,
  onRestored,
}: Omit<HistoryPanelProps<Summary, Revision, Restored>, 'open' | 'toggle' | 'className'>) {
  // Reloaded after a restore.
  const [listKey, setListKey] = useState(0);
  const list = useLoaded(listKey, () => source.list());
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = useLoaded(chosenId, (revisionId) => source.one(revisionId));
  const [confirming, setConfirming] = useState(false);

  return (
    <div id={id} className="mt-4">
      {list.error && <p className="text-sm text-red-700">{list.error}</p>}
      {!list.value && !list.error && <p className="text-sm text-muted">Loading history...</p>}
      {list.value?.length === 0 && <p className="text-sm text-muted">Nothing saved yet.</p>}
      {list.value && list.value.length > 0 && (
        <ol aria-label="Revisions" className="max-h-72 divide-y divide-line overflow-y-auto rounded-control border border-line">
          {list.value.map((revision) => (
            <li key={revision.id}>
              <RevisionRow
                revision={revision}
                detail={detail?.(revision)}
                chosen={revision.id === chosenId}
                onChoose={() => setChosenId(revision.id)}
              />
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
                From this revision ({KIND_LABEL[chosen.value.kind].toLowerCase()} <DateTime at={chosen.value.createdAt} />) to the text in
                the editor now:
              </p>
              {diff(chosen.value)}
              <Button variant="outline" onClick={() => setConfirming(true)}>
                <Icon shapes={RotateCcw} aria-hidden="true" className="size-4" />
                Restore this revision
              </Button>
            </>
          )}
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        title={RESTORE_CONFIRM_TITLE}
        description={restoreWarning}
        variant="default"
        confirmLabel="Restore"
        busyLabel="Restoring..."
        onCancel={() => setConfirming(false)}
        action={() => source.restore(chosenId!)}
        success={{ title: RESTORED }}
        failureTitle={RESTORE_FAILED_TITLE}
        onDone={(restored) => {
          setConfirming(false);
          setChosenId(null);
          setListKey((key) => key + 1);
          onRestored(restored);
        }}
      />
    </div>
  );
}

function RevisionRow({
  revision,
  detail,
  chosen,
  onChoose,
}: {
  revision: RevisionHead;
  detail: ReactNode;
  chosen: boolean;
  onChoose: () => void;
}) {
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
        {KIND_LABEL[revision.kind]} · <DateTime at={revision.createdAt} />
      </span>
      <span className="text-muted">
        {revision.authorName}
        {detail !== undefined && (
          <>
            {' · '}
            <span className="break-words">{detail}</span>
          </>
        )}
      </span>
    </button>
  );
}
