'use client';

import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type PointerSensorOptions,
  type ScreenReaderInstructions,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { PointerEvent } from 'react';
import type { BacklogTopic } from '../../schemas/backlog-topic.ts';
import { TopicCard } from './topic-card.tsx';

/**
 * The pointer sensor for mouse and pen only: touch goes to the TouchSensor, whose short press delay
 * keeps a finger that merely scrolls past a handle from starting a drag.
 */
export class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: PointerEvent, { onActivation }: PointerSensorOptions) => {
        if (nativeEvent.pointerType === 'touch' || !nativeEvent.isPrimary || nativeEvent.button !== 0) return false;
        onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

const TOUCH_DELAY_MS = 200;
const TOUCH_TOLERANCE_PX = 8;
const MOUSE_DISTANCE_PX = 4;

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move a topic, press Space or Enter on its reorder button. Use the Up and Down arrow keys to change its position, then press Space or Enter to drop it, or Escape to cancel.',
};

/** The list in priority order; a drop hands the new order to `onReorder`. */
export function SortableTopicList({
  topics,
  onReorder,
  onEdit,
  onDelete,
}: {
  topics: BacklogTopic[];
  onReorder: (next: BacklogTopic[]) => void;
  onEdit: (topic: BacklogTopic) => void;
  onDelete: (topic: BacklogTopic) => void;
}) {
  const sensors = useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: TOUCH_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const indexOf = (id: UniqueIdentifier) => topics.findIndex((topic) => topic.id === id);
  const titleOf = (id: UniqueIdentifier) => topics[indexOf(id)]?.title ?? 'The topic';
  const place = (id: UniqueIdentifier) => `position ${indexOf(id) + 1} of ${topics.length}`;

  // dnd-kit reads these into its live region, in words rather than its default ids.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}. It is in ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} was moved into ${place(over.id)}.` : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} was dropped at ${place(over.id)}.` : `${titleOf(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${titleOf(active.id)} is back in ${place(active.id)}.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(topics, from, to));
  }

  return (
    <DndContext
      // A fixed id keeps dnd-kit's generated aria ids identical in the server render and the browser.
      id="blog-backlog"
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
      onDragEnd={handleDragEnd}
    >
      <SortableContext items={topics.map((topic) => topic.id)} strategy={verticalListSortingStrategy}>
        <ol aria-label="Backlog topics in priority order" className="grid gap-3 sm:gap-4">
          {topics.map((topic, index) => (
            <TopicCard key={topic.id} topic={topic} position={index + 1} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
