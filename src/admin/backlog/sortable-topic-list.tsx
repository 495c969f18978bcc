'use client';

import { closestCenter, DndContext, type DragEndEvent, type ScreenReaderInstructions } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { BacklogTopic } from '#src/schemas/backlog-topic.ts';
import { useSortable } from '../kit/use-sortable.ts';
import { TopicCard } from './topic-card.tsx';

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
  const { sensors, announcements, indexOf, measuring } = useSortable(topics, (topic) => topic.title, 'The topic');

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
      measuring={measuring}
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
