'use client';

import { ArrowLeft, ExternalLink, EyeOff, FilePlus2, Save, Send, Trash2 } from 'lucide';
import { Link } from 'waku';
import { Button, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { AdminPost } from '#src/schemas/post.ts';
import { AutosaveStatus } from '../kit/autosave/autosave-status.tsx';
import type { AutosaveState } from '../kit/autosave/use-autosave.ts';
import { PostStatusBadge } from '../kit/post-status-badge.tsx';
import type { PostAction } from './use-post-editor.ts';

/** The editor's heading and status line (stored status, unsaved changes, autosave) and its buttons. */
export function PostToolbar({
  saved,
  dirty,
  autosaveState,
  running,
  onTogglePublished,
  onDelete,
}: {
  /** The stored post, or null while it is a new one. */
  saved: AdminPost | null;
  dirty: boolean;
  autosaveState: AutosaveState;
  running: PostAction | null;
  onTogglePublished: () => void;
  onDelete: () => void;
}) {
  const busy = running !== null;
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <Link
          to="/admin/posts"
          className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-primary-700 hover:text-primary-900"
        >
          <Icon shapes={ArrowLeft} aria-hidden="true" className="size-4" /> All posts
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-3xl font-semibold">{saved ? 'Edit Post' : 'New Post'}</h1>
          {saved && <PostStatusBadge status={saved.displayStatus} />}
          {dirty && <span className="text-sm text-muted">Unsaved changes</span>}
          <AutosaveStatus state={autosaveState} browserOnly={saved === null && dirty} />
        </div>
      </div>
      {/* Two columns on phones (an odd last button takes the row), one wrapping row above. */}
      <div className="grid grid-cols-2 gap-2 *:gap-1.5 *:whitespace-nowrap *:px-2 *:odd:last:col-span-2 max-[359px]:[&_svg]:hidden sm:flex sm:flex-wrap sm:items-center sm:*:gap-2 sm:*:px-5">
        {saved?.published && (
          <a
            href={`/blog/${encodeURIComponent(saved.slug)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('outline', 'md')}
          >
            <Icon shapes={ExternalLink} aria-hidden="true" className="size-4" />
            View Live
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {saved && (
          <Button variant="outline" onClick={onTogglePublished} disabled={busy}>
            {saved.published ? (
              <Icon shapes={EyeOff} aria-hidden="true" className="size-4" />
            ) : (
              <Icon shapes={Send} aria-hidden="true" className="size-4" />
            )}
            {saved.published ? 'Unpublish' : 'Publish'}
          </Button>
        )}
        {/* Submits the form below from outside it (form="post-form"). */}
        <Button type="submit" form="post-form" disabled={busy}>
          {saved ? (
            <Icon shapes={Save} aria-hidden="true" className="size-4" />
          ) : (
            <Icon shapes={FilePlus2} aria-hidden="true" className="size-4" />
          )}
          {running === 'save' ? (saved ? 'Saving...' : 'Creating...') : saved ? 'Save Changes' : 'Create Post'}
        </Button>
        {saved && (
          <Button variant="outline" onClick={onDelete} disabled={busy} className="text-red-700 hover:border-red-200 hover:bg-red-50">
            <Icon shapes={Trash2} aria-hidden="true" className="size-4" />
            {running === 'delete' ? 'Deleting...' : 'Delete Post'}
          </Button>
        )}
      </div>
    </div>
  );
}
