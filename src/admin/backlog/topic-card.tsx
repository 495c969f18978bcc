'use client';

import { CalendarDays, FileText, Pencil, Trash2, Type, Users } from 'lucide';
import type { ComponentProps } from 'react';
import { Link } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';
import { Tooltip } from '#src/components/ui/tooltip.tsx';
import { cn } from '#src/lib/cn.ts';
import type { BacklogTopic } from '#src/schemas/backlog-topic.ts';
import { SortableCard } from '../kit/sortable-card.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { TopicStatusBadge } from './topic-status-badge.tsx';

function IconButton({ danger = false, className, ...props }: ComponentProps<'button'> & { danger?: boolean }) {
  return (
    <button
      type="button"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-control transition-colors',
        danger ? 'text-red-700 hover:bg-red-50' : 'text-primary-800 hover:bg-primary-50',
        className,
      )}
      {...props}
    />
  );
}

export interface TopicCardProps {
  topic: BacklogTopic;
  /** 1-based place in the list as shown (it moves with a drag before the server confirms). */
  position: number;
  onEdit: (topic: BacklogTopic) => void;
  onDelete: (topic: BacklogTopic) => void;
}

/** One backlog topic, draggable by its handle (mouse, touch, or keyboard: Space, arrows, Space). */
export function TopicCard({ topic, position, onEdit, onDelete }: TopicCardProps) {
  return (
    <SortableCard id={topic.id} position={position} label={topic.title} testId="backlog-topic">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 pt-1.5 text-base font-semibold leading-snug break-words sm:text-lg">{topic.title}</h3>
        <div className="-mr-1 flex shrink-0 items-center">
          <Tooltip content="Edit topic">
            <IconButton aria-label={`Edit ${topic.title}`} onClick={() => onEdit(topic)}>
              <Icon shapes={Pencil} aria-hidden="true" className="size-[18px]" />
            </IconButton>
          </Tooltip>
          <Tooltip content="Delete topic">
            <IconButton aria-label={`Delete ${topic.title}`} onClick={() => onDelete(topic)} danger>
              <Icon shapes={Trash2} aria-hidden="true" className="size-[18px]" />
            </IconButton>
          </Tooltip>
        </div>
      </div>

      <div className="mt-2 flex flex-wrap items-center gap-2">
        <TopicStatusBadge status={topic.status} />
        <span className="inline-flex items-center rounded-full bg-primary-100 px-2.5 py-0.5 text-xs font-semibold text-primary-800">
          <span className="sr-only">Category: </span>
          <span>{topic.categoryName ?? 'Uncategorized'}</span>
        </span>
      </div>

      <p className="mt-3 text-sm leading-relaxed break-words text-ink">{topic.description}</p>

      <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-xs text-muted">
        {topic.estimatedWordCount !== null && (
          <div className="flex items-center gap-1.5">
            <Icon shapes={Type} aria-hidden="true" className="size-3.5 shrink-0" />
            <dt className="sr-only">Estimated words</dt>
            <dd>~{topic.estimatedWordCount.toLocaleString('en-US')} words</dd>
          </div>
        )}
        {topic.targetAudience && (
          <div className="flex min-w-0 items-center gap-1.5">
            <Icon shapes={Users} aria-hidden="true" className="size-3.5 shrink-0" />
            <dt className="sr-only">Target audience</dt>
            <dd className="min-w-0 break-words">{topic.targetAudience}</dd>
          </div>
        )}
        <div className="flex items-center gap-1.5">
          <Icon shapes={CalendarDays} aria-hidden="true" className="size-3.5 shrink-0" />
          <dt>Added</dt>
          <dd>
            <DateTime at={topic.createdAt} style="date" />
          </dd>
        </div>
      </dl>

      {topic.notes && (
        <p className="mt-3 rounded-control border-l-4 border-accent-300 bg-accent-50 px-3 py-2 text-sm break-words text-accent-900">
          <span className="font-semibold">Notes: </span>
          {topic.notes}
        </p>
      )}

      {(topic.tags.length > 0 || topic.postId !== null) && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          {topic.tags.length > 0 ? (
            <ul aria-label="Tags" className="flex min-w-0 flex-wrap gap-1.5">
              {topic.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-canvas px-2 py-0.5 text-xs break-all text-muted ring-1 ring-line">
                  {tag}
                </li>
              ))}
            </ul>
          ) : (
            <span />
          )}
          {topic.postId !== null && (
            <Link
              to={`/admin/posts/${topic.postId}`}
              className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-primary-800 underline-offset-4 hover:underline"
            >
              <Icon shapes={FileText} aria-hidden="true" className="size-4" />
              Open draft
              <span className="sr-only"> of {topic.title}</span>
            </Link>
          )}
        </div>
      )}
    </SortableCard>
  );
}
