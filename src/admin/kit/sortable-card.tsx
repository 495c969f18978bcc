'use client';

import type { UniqueIdentifier } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide';
import type { ReactNode } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';

/**
 * A card of a reorderable list (the backlog, the testimonials, a session type's questions): its drag handle (mouse, touch, or
 * keyboard: Space, arrows, Space) and its place in the list on the left, its content beside them.
 */
export function SortableCard({
  id,
  position,
  label,
  className,
  testId,
  children,
}: {
  id: UniqueIdentifier;
  /** 1-based place in the list as shown (it moves with a drag before the server confirms). */
  position: number;
  /** What the card is, for the handle's name: "Reorder <label>". */
  label: string;
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'relative rounded-card border bg-surface shadow-sm',
        isDragging ? 'z-10 border-primary-400 shadow-lg ring-2 ring-primary-300' : 'border-line',
        className,
      )}
      data-testid={testId}
    >
      <div className="flex gap-2 p-3 sm:gap-3 sm:p-5">
        <div className="flex shrink-0 flex-col items-center gap-2">
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${label}`}
            // The handle takes touch gestures itself; the rest of the card still scrolls the page.
            className="flex size-9 cursor-grab touch-none items-center justify-center rounded-control text-muted hover:bg-primary-50 hover:text-primary-900 active:cursor-grabbing"
          >
            <Icon shapes={GripVertical} aria-hidden="true" className="size-5" />
          </button>
          <span className="flex size-8 items-center justify-center rounded-full bg-primary-800 text-sm font-semibold text-white">
            <span className="sr-only">Position </span>
            {position}
          </span>
        </div>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </li>
  );
}
