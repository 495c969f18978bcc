'use client';

import { Plus } from 'lucide';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { plural } from '#src/lib/plural.ts';
import type { AdminCategory } from '#src/schemas/category.ts';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../kit/delete-dialog.tsx';
import { EmptyState } from '../kit/empty-state.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { deleteCategory, fetchCategories } from './api.ts';
import { CategoryDialog } from './category-dialog.tsx';
import { CategoryRow, holds, MoveToField } from './category-row.tsx';

const DELETE_TEXTS: DeleteTexts<AdminCategory> = {
  title: 'Delete Category',
  question: (category) =>
    holds(category)
      ? `"${category.name}" holds ${plural(category.postCount, 'post')} and ${plural(category.topicCount, 'backlog topic')}. Where should they go?`
      : `Are you sure you want to delete "${category.name}"? It holds no posts.`,
  success: (category) => ({ title: 'Category deleted', description: category.name }),
  failureTitle: 'Failed to delete the category',
};

/** /admin/categories: every category with what it holds; add, rename or re-slug, delete with a move. */
export function CategoriesAdmin({ initial }: { initial: AdminCategory[] }) {
  const { data, refetching, refetch } = useServerData(initial, fetchCategories, { title: 'Failed to load categories' });
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const deletion = useDeleteState<AdminCategory>();
  const [moveTo, setMoveTo] = useState('none');

  function askDelete(category: AdminCategory) {
    setMoveTo('none');
    deletion.ask(category);
  }

  return (
    <>
      <ListPanel
        name="categories"
        title="All Categories"
        count={plural(data.length, 'category', 'categories')}
        refreshing={refetching}
        controls={
          <Button onClick={() => setEditing('new')}>
            <Icon shapes={Plus} aria-hidden="true" className="size-4" /> New Category
          </Button>
        }
      >
        {data.length === 0 ? (
          <EmptyState className="m-4 sm:m-6" message="No categories yet. Create one to file posts under it." />
        ) : (
          <ul className="divide-y divide-line">
            {data.map((category) => (
              <CategoryRow key={category.id} category={category} onEdit={() => setEditing(category)} onDelete={() => askDelete(category)} />
            ))}
          </ul>
        )}
      </ListPanel>

      <CategoryDialog
        open={editing !== null}
        category={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refetch();
        }}
      />

      <DeleteDialog
        state={deletion}
        texts={DELETE_TEXTS}
        remove={(category) => deleteCategory(category.id, holds(category) ? (moveTo === 'none' ? 'none' : Number(moveTo)) : undefined)}
        onDeleted={() => void refetch()}
      >
        {deletion.target && holds(deletion.target) && (
          <MoveToField value={moveTo} onChange={setMoveTo} others={data.filter((category) => category.id !== deletion.target?.id)} />
        )}
      </DeleteDialog>
    </>
  );
}
