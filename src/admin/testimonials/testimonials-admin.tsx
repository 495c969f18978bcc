'use client';

import { closestCenter, DndContext, type DragEndEvent, type ScreenReaderInstructions } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus } from 'lucide';
import { useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { errorMessage } from '#src/lib/api-client.ts';
import { plural } from '#src/lib/plural.ts';
import { useToast } from '#src/lib/toast-store.ts';
import type { AdminTestimonial } from '#src/schemas/testimonial.ts';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../kit/delete-dialog.tsx';
import { EmptyState } from '../kit/empty-state.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { useOptimisticReorder } from '../kit/use-optimistic-reorder.ts';
import { useServerData } from '../kit/use-server-data.ts';
import { useSortable } from '../kit/use-sortable.ts';
import { deleteTestimonial, fetchTestimonials, reorderTestimonials, updateTestimonial } from './api.ts';
import { TestimonialCard } from './testimonial-card.tsx';
import { TestimonialDialog } from './testimonial-dialog.tsx';

const DELETE_TEXTS: DeleteTexts<AdminTestimonial> = {
  title: 'Delete Testimonial',
  question: (testimonial) =>
    `Are you sure you want to delete ${testimonial.authorName}'s testimonial? This cannot be undone: to take it off the home page for now, hide it instead.`,
  success: (testimonial) => ({ title: 'Testimonial deleted', description: testimonial.authorName }),
  failureTitle: 'Failed to delete the testimonial',
};

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move a testimonial, press Space or Enter on its reorder button. Use the Up and Down arrow keys to change its position, then press Space or Enter to drop it, or Escape to cancel.',
};

/** /admin/testimonials: the home page's testimonials in order; add, edit, hide, reorder, delete. */
export function TestimonialsAdmin({ initial }: { initial: AdminTestimonial[] }) {
  const toast = useToast();
  // The order the server last confirmed: what a failed reorder rolls back to.
  const confirmed = useRef(initial);
  const { data, setData, refetching, dropRefetch } = useServerData(
    initial,
    fetchTestimonials,
    { title: 'Failed to load testimonials' },
    (fresh) => {
      confirmed.current = fresh;
    },
  );
  const [editing, setEditing] = useState<AdminTestimonial | 'new' | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const deletion = useDeleteState<AdminTestimonial>();
  const shown = data.filter((testimonial) => testimonial.shown).length;

  const { sensors, announcements, indexOf, measuring } = useSortable(data, (testimonial) => testimonial.authorName, 'The testimonial');

  const replace = (saved: AdminTestimonial) => (list: AdminTestimonial[]) => list.map((item) => (item.id === saved.id ? saved : item));

  const reorder = useOptimisticReorder({
    setItems: setData,
    confirmed,
    save: (next: AdminTestimonial[]) => reorderTestimonials(next.map((testimonial) => testimonial.id)),
    texts: { success: 'Testimonials reordered', failure: 'Failed to reorder testimonials' },
    beforeShow: dropRefetch,
  });

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from < 0 || to < 0) return;
    void reorder(arrayMove(data, from, to));
  }

  async function toggle(testimonial: AdminTestimonial) {
    setToggling(testimonial.id);
    try {
      const saved = await updateTestimonial(testimonial.id, { visible: !testimonial.visible });
      confirmed.current = replace(saved)(confirmed.current);
      setData(replace(saved));
      toast({ title: saved.visible ? 'Testimonial shown' : 'Testimonial hidden', description: saved.authorName });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to change the testimonial', description: errorMessage(error) });
    } finally {
      setToggling(null);
    }
  }

  function saved(testimonial: AdminTestimonial) {
    const isNew = editing === 'new';
    setEditing(null);
    const apply = (list: AdminTestimonial[]) => (isNew ? [...list, testimonial] : replace(testimonial)(list));
    confirmed.current = apply(confirmed.current);
    setData(apply);
  }

  function deleted(testimonial: AdminTestimonial) {
    const without = (list: AdminTestimonial[]) => list.filter((item) => item.id !== testimonial.id);
    confirmed.current = without(confirmed.current);
    setData(without);
  }

  return (
    <>
      <ListPanel
        name="testimonials"
        title="All Testimonials"
        count={`${plural(data.length, 'testimonial')} · ${shown} on the home page`}
        refreshing={refetching}
        controls={
          <Button onClick={() => setEditing('new')}>
            <Icon shapes={Plus} aria-hidden="true" className="size-4" /> New Testimonial
          </Button>
        }
      >
        {data.length === 0 ? (
          <EmptyState
            className="m-4 sm:m-6"
            message="No testimonials yet. The home page shows a sample card until one is added with the client's consent."
          />
        ) : (
          <div className="p-3 sm:p-6">
            <p className="mb-4 text-sm text-muted">
              The home page shows them in this order. Drag a card by its handle, or focus the handle and use Space and the arrow keys, to
              change the order.
            </p>
            <DndContext
              // A fixed id keeps dnd-kit's generated aria ids identical in the server render and the browser.
              id="testimonials"
              sensors={sensors}
              measuring={measuring}
              collisionDetection={closestCenter}
              accessibility={{ announcements, screenReaderInstructions: instructions }}
              onDragEnd={handleDragEnd}
            >
              <SortableContext items={data.map((testimonial) => testimonial.id)} strategy={verticalListSortingStrategy}>
                <ol aria-label="Testimonials in home page order" className="grid gap-3 sm:gap-4">
                  {data.map((testimonial, index) => (
                    <TestimonialCard
                      key={testimonial.id}
                      testimonial={testimonial}
                      position={index + 1}
                      busy={toggling === testimonial.id}
                      onEdit={() => setEditing(testimonial)}
                      onToggle={() => void toggle(testimonial)}
                      onDelete={() => deletion.ask(testimonial)}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          </div>
        )}
      </ListPanel>

      <TestimonialDialog
        open={editing !== null}
        testimonial={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />

      <DeleteDialog state={deletion} texts={DELETE_TEXTS} remove={(testimonial) => deleteTestimonial(testimonial.id)} onDeleted={deleted} />
    </>
  );
}
