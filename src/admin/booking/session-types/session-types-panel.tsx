'use client';

import { closestCenter, DndContext, type DragEndEvent, type ScreenReaderInstructions } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus } from 'lucide';
import { useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { plural } from '#src/lib/plural.ts';
import type { SessionType } from '#src/schemas/session-type.ts';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../../kit/delete-dialog.tsx';
import { ListPanel } from '../../kit/list-panel.tsx';
import { useOptimisticReorder } from '../../kit/use-optimistic-reorder.ts';
import { useSortable } from '../../kit/use-sortable.ts';
import { deleteSessionType, reorderSessionTypes } from './api.ts';
import { SessionTypeCard } from './session-type-card.tsx';
import { SessionTypeDialog } from './session-type-dialog.tsx';

const DELETE_TEXTS: DeleteTexts<SessionType> = {
  title: 'Delete Session Type',
  question: (type) => `Are you sure you want to delete ${type.name}? No one has booked it; this cannot be undone.`,
  success: (type) => ({ title: 'Session type deleted', description: type.name }),
  failureTitle: 'Failed to delete the session type',
};

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move a session type, press Space or Enter on its reorder button. Use the Up and Down arrow keys to change its position, then press Space or Enter to drop it, or Escape to cancel.',
};

/** Booking → Session types (issue 35 §1): what clients can book, in the booking page's order. */
export function SessionTypesPanel({ initial, currency }: { initial: SessionType[]; currency: string }) {
  const [types, setTypes] = useState(initial);
  // The order the server last confirmed: what a failed reorder rolls back to.
  const confirmed = useRef(initial);
  const [editing, setEditing] = useState<SessionType | 'new' | null>(null);
  const deletion = useDeleteState<SessionType>();
  const { sensors, announcements, indexOf, measuring } = useSortable(types, (type) => type.name, 'The session type');

  const update = (change: (list: SessionType[]) => SessionType[]) => {
    confirmed.current = change(confirmed.current);
    setTypes(change);
  };

  const reorder = useOptimisticReorder({
    setItems: setTypes,
    confirmed,
    save: (next: SessionType[]) => reorderSessionTypes(next.map((type) => type.id)),
    texts: { success: 'Session types reordered', failure: 'Failed to reorder session types' },
  });

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) void reorder(arrayMove(types, from, to));
  }

  function saved(type: SessionType) {
    const isNew = editing === 'new';
    setEditing(null);
    update((list) => (isNew ? [...list, type] : list.map((item) => (item.id === type.id ? type : item))));
  }

  return (
    <>
      <ListPanel
        name="session-types"
        title="Session types"
        count={plural(types.length, 'session type')}
        refreshing={false}
        controls={
          <Button onClick={() => setEditing('new')}>
            <Icon shapes={Plus} aria-hidden="true" className="size-4" /> New Session Type
          </Button>
        }
      >
        <div className="p-3 sm:p-6">
          <p className="mb-4 text-sm text-muted">
            The booking page lists them in this order. Drag a card by its handle, or focus the handle and use Space and the arrow keys.
          </p>
          <DndContext
            // A fixed id keeps dnd-kit's generated aria ids identical in the server render and the browser.
            id="session-types"
            sensors={sensors}
            measuring={measuring}
            collisionDetection={closestCenter}
            accessibility={{ announcements, screenReaderInstructions: instructions }}
            onDragEnd={handleDragEnd}
          >
            <SortableContext items={types.map((type) => type.id)} strategy={verticalListSortingStrategy}>
              <ol aria-label="Session types in booking page order" className="grid gap-3 sm:gap-4">
                {types.map((type, index) => (
                  <SessionTypeCard
                    key={type.id}
                    currency={currency}
                    type={type}
                    position={index + 1}
                    onEdit={() => setEditing(type)}
                    onDelete={() => deletion.ask(type)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </div>
      </ListPanel>

      <SessionTypeDialog
        currency={currency}
        open={editing !== null}
        type={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />

      <DeleteDialog
        state={deletion}
        texts={DELETE_TEXTS}
        remove={(type) => deleteSessionType(type.id)}
        onDeleted={(type) => update((list) => list.filter((item) => item.id !== type.id))}
      />
    </>
  );
}
