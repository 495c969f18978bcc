'use client';

import {
  ArrowLeft,
  CalendarClock,
  CalendarX,
  ChevronDown,
  CircleCheck,
  Ellipsis,
  ExternalLink,
  EyeOff,
  FilePlus2,
  Save,
  Send,
  Trash2,
} from 'lucide';
import { Link } from 'waku';
import { Button, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { AdminPost } from '#src/schemas/post.ts';
import { AutosaveStatus } from '../kit/autosave/autosave-status.tsx';
import type { AutosaveState } from '../kit/autosave/use-autosave.ts';
import { type MenuAction, MenuButton } from '../kit/menu-button.tsx';
import { POST_STATUS_LABELS, PostStatusBadge } from '../kit/post-status-badge.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import type { PostAction, Publication } from './use-post-editor.ts';

/** The publish control's button, which focus returns to when its date and time close. */
export const PUBLISH_CONTROL_ID = 'post-publish-control';

/** What the publish control's button says while its change runs. */
const RUNNING: Record<Publication, string> = {
  publish: 'Publishing...',
  unpublish: 'Unpublishing...',
  schedule: 'Scheduling...',
  unschedule: 'Removing schedule...',
};

/** The editor's heading and status line (stored status, unsaved changes, autosave) and its buttons. */
export function PostToolbar({
  saved,
  dirty,
  autosaveState,
  running,
  onPublication,
  onSchedule,
  onDelete,
}: {
  /** The stored post, or null while it is a new one. */
  saved: AdminPost | null;
  dirty: boolean;
  autosaveState: AutosaveState;
  running: PostAction | null;
  onPublication: (publication: Exclude<Publication, 'schedule'>) => void;
  /** "Schedule…": opens the date and time. */
  onSchedule: () => void;
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
        {saved && <ScheduleLine post={saved} />}
      </div>
      {/* Phones: Save and the publish control share a row with More; View Live takes a row above. */}
      <div className="grid grid-cols-[1fr_1fr_auto] gap-2 *:min-w-0 sm:flex sm:flex-wrap sm:items-center">
        {saved?.published && (
          <a
            href={`/blog/${encodeURIComponent(saved.slug)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('outline', 'md', 'col-span-3 whitespace-nowrap')}
          >
            <Icon shapes={ExternalLink} aria-hidden="true" className="size-4" />
            View Live
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {/* Submits the form below from outside it (form="post-form"). */}
        <Button type="submit" form="post-form" disabled={busy} className="whitespace-nowrap px-3 sm:px-5">
          {saved ? (
            <Icon shapes={Save} aria-hidden="true" className="size-4 max-sm:hidden" />
          ) : (
            <Icon shapes={FilePlus2} aria-hidden="true" className="size-4 max-sm:hidden" />
          )}
          {running === 'save' ? (saved ? 'Saving...' : 'Creating...') : saved ? 'Save Changes' : 'Create Post'}
        </Button>
        <PublishControl saved={saved} running={running} onPublication={onPublication} onSchedule={onSchedule} />
        {saved && (
          <MenuButton label="More actions" items={[{ label: 'Delete Post', icon: Trash2, danger: true, onSelect: onDelete }]}>
            <Icon shapes={Ellipsis} aria-hidden="true" className="size-5" />
          </MenuButton>
        )}
      </div>
    </div>
  );
}

/**
 * One publish control (issue 32 §5): a menu button that says where the post stands (Published,
 * Scheduled) or offers to publish a draft, with Publish now · Schedule… · Unpublish (and Cancel
 * schedule for a scheduled post).
 */
function PublishControl({
  saved,
  running,
  onPublication,
  onSchedule,
}: {
  saved: AdminPost | null;
  running: PostAction | null;
  onPublication: (publication: Exclude<Publication, 'schedule'>) => void;
  onSchedule: () => void;
}) {
  const status = saved?.displayStatus ?? 'draft';
  const publishNow: MenuAction = {
    label: 'Publish now',
    description: 'Shown on the blog straight away.',
    icon: Send,
    onSelect: () => onPublication('publish'),
  };
  const schedule: MenuAction = {
    label: 'Schedule…',
    description: status === 'scheduled' ? 'Choose another date and time.' : 'Choose a date and time; it is published then by itself.',
    icon: CalendarClock,
    onSelect: onSchedule,
  };
  const items: MenuAction[] =
    status === 'published'
      ? [
          {
            label: 'Unpublish',
            description: 'Taken off the blog; it becomes a draft.',
            icon: EyeOff,
            onSelect: () => onPublication('unpublish'),
          },
        ]
      : status === 'scheduled'
        ? [
            publishNow,
            schedule,
            {
              label: 'Cancel schedule',
              description: 'Not published at that time; it stays a draft.',
              icon: CalendarX,
              onSelect: () => onPublication('unschedule'),
            },
          ]
        : [publishNow, schedule];
  const publication = running && running in RUNNING ? RUNNING[running as Publication] : null;
  const { icon, text } =
    status === 'published'
      ? { icon: CircleCheck, text: POST_STATUS_LABELS.published }
      : status === 'scheduled'
        ? { icon: CalendarClock, text: POST_STATUS_LABELS.scheduled }
        : { icon: Send, text: 'Publish' };
  return (
    <MenuButton items={items} buttonId={PUBLISH_CONTROL_ID} buttonClassName="w-full whitespace-nowrap px-3 sm:px-4">
      <Icon shapes={icon} aria-hidden="true" className="size-4 shrink-0 max-sm:hidden" />
      {publication ?? text}
      <Icon shapes={ChevronDown} aria-hidden="true" className="size-4 shrink-0" />
    </MenuButton>
  );
}

/** A scheduled post's time, and whether it goes out by itself then. */
function ScheduleLine({ post }: { post: AdminPost }) {
  if (post.published || !post.scheduledFor) return null;
  return (
    <p className="mt-2 text-sm text-muted">
      {post.autoPublish ? 'Publishes automatically on ' : 'Planned for '}
      <DateTime at={post.scheduledFor} className="font-semibold text-ink" />
      {post.autoPublish ? '.' : ', not published automatically: choose Schedule… to publish it then.'}
    </p>
  );
}
