'use client';

import type { FormEvent } from 'react';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { type AdminCategory, CATEGORY_NAME_MAX, CATEGORY_SLUG_MAX, categorySlugOf, newCategorySchema } from '#src/schemas/category.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { createCategory, updateCategory } from './api.ts';

interface Values {
  name: string;
  slug: string;
}

const validate = (values: Values) => fieldErrors<keyof Values>(newCategorySchema.safeParse(values));

/** Add or edit one category: the slug follows the name as it is typed, and can then be changed. */
export function CategoryDialog({
  open,
  category,
  onClose,
  onSaved,
}: {
  open: boolean;
  category: AdminCategory | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => next || onClose()}
      title={category ? 'Edit Category' : 'New Category'}
      description={category ? 'Links to its old address keep working.' : 'Posts and backlog topics can then be filed under it.'}
    >
      <CategoryForm category={category} onCancel={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function CategoryForm({ category, onCancel, onSaved }: { category: AdminCategory | null; onCancel: () => void; onSaved: () => void }) {
  const form = useForm<Values>({ name: category?.name ?? '', slug: category?.slug ?? '' }, validate, 'category');
  const { busy, failure, run } = useAction();
  const name = form.field('name');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(['name', 'slug'])) return;
    const input = { name: form.values.name, slug: form.values.slug };
    const saved = await run(() => (category ? updateCategory(category.id, input) : createCategory(input)), {
      success: (answer) => ({ title: category ? 'Category saved' : 'Category created', description: answer.name }),
      failureTitle: category ? 'Failed to save the category' : 'Failed to create the category',
    });
    if (saved !== FAILED) onSaved();
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="grid gap-4">
        <TextField
          {...name}
          onChange={(event) => form.setValues({ name: event.target.value, slug: categorySlugOf(event.target.value) })}
          label="Name"
          required
          maxLength={CATEGORY_NAME_MAX}
          autoComplete="off"
        />
        <TextField
          {...form.field('slug')}
          label="Slug"
          hint={`The blog's address for it: /blog?category=${form.values.slug || '…'}`}
          maxLength={CATEGORY_SLUG_MAX}
          autoComplete="off"
        />
      </div>
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel={category ? 'Save Changes' : 'Create Category'} />
    </form>
  );
}
