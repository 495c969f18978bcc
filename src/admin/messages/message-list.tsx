'use client';

import { Badge } from '#src/components/ui/badge.tsx';
import { Bone, SkeletonList } from '#src/components/ui/skeleton.tsx';
import { cn } from '#src/lib/cn.ts';
import type { AdminContactMessage } from '#src/schemas/contact-message.ts';
import { DateTime } from '../kit/time-zone.tsx';
import { NEW_BADGE, NO_SUBJECT } from './messages.ts';

// docs/product.md §9: three skeletons while the list loads.
export const MESSAGE_SKELETONS = 3;

// Item and skeleton share these line boxes, so swapping one for the other moves nothing.
const ITEM_PADDING = 'px-4 py-3.5';
const NAME_LINE = 'flex h-6 items-center gap-2';
const SUBJECT_LINE = 'mt-1 h-5 text-sm leading-5';
const DATE_LINE = 'mt-1 h-4 text-xs leading-4';

export interface MessageListProps {
  messages: AdminContactMessage[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

export function MessageList({ messages, selectedId, onSelect }: MessageListProps) {
  return (
    <ul className="divide-y divide-line">
      {messages.map((message) => {
        const selected = message.id === selectedId;
        return (
          <li key={message.id}>
            <button
              type="button"
              data-message-id={message.id}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(message.id)}
              className={cn(
                'block w-full border-l-4 text-left transition-colors focus-visible:-outline-offset-2',
                ITEM_PADDING,
                selected ? 'border-l-accent-400 bg-primary-50' : 'border-l-transparent hover:bg-canvas',
              )}
            >
              <span className={NAME_LINE}>
                <span className={cn('min-w-0 truncate', message.isRead ? 'font-medium text-ink' : 'font-semibold text-primary-950')}>
                  {message.name}
                </span>
                {!message.isRead && <NewBadge className="shrink-0" />}
              </span>
              <span className={cn('block truncate', SUBJECT_LINE, message.subject ? 'text-ink' : 'italic text-muted')}>
                {message.subject || NO_SUBJECT}
              </span>
              <DateTime at={message.createdAt} className={cn('block truncate text-muted', DATE_LINE)} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Marks a message that nobody has opened yet. */
export function NewBadge({ className }: { className?: string }) {
  return (
    <Badge tone="accent" className={cn('px-2 py-0.5', className)}>
      {NEW_BADGE}
    </Badge>
  );
}

export function MessageListSkeleton() {
  return (
    <SkeletonList count={MESSAGE_SKELETONS} className="divide-y divide-line">
      <li data-testid="message-skeleton" className={cn('border-l-4 border-l-transparent', ITEM_PADDING)}>
        <div className={NAME_LINE}>
          <Bone className="h-4 w-36" strong />
        </div>
        <div className={cn('flex items-center', SUBJECT_LINE)}>
          <Bone className="h-3.5 w-52 max-w-full" strong />
        </div>
        <div className={cn('flex items-center', DATE_LINE)}>
          <Bone className="h-3 w-40" strong />
        </div>
      </li>
    </SkeletonList>
  );
}
