'use client';

import { ExternalLink, Pencil, Trash2 } from 'lucide';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { plural } from '#src/lib/plural.ts';
import type { AdminCategory } from '#src/schemas/category.ts';
import { Options, SelectField } from '../kit/fields.tsx';

/** A category that holds posts or topics can only be deleted by saying where they go. */
export const holds = (category: AdminCategory) => category.postCount + category.topicCount > 0;

/** One category in the list: its name, what it holds, its public address, Edit and Delete. */
export function CategoryRow({ category, onEdit, onDelete }: { category: AdminCategory; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
      <div className="min-w-0">
        <h3 className="break-words font-sans text-base font-semibold [overflow-wrap:anywhere]">{category.name}</h3>
        <p className="mt-0.5 text-sm text-muted">
          {plural(category.postCount, 'post')} · {category.publishedCount} published · {plural(category.topicCount, 'backlog topic')}
        </p>
        <a
          href={`/blog?category=${category.slug}`}
          className="mt-1 inline-flex items-center gap-1 break-all rounded-sm text-sm text-primary-700 hover:text-primary-950"
        >
          /blog?category={category.slug} <Icon shapes={ExternalLink} aria-hidden="true" className="size-3.5 shrink-0" />
        </a>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${category.name}`}>
          <Icon shapes={Pencil} aria-hidden="true" className="size-4" /> Edit
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${category.name}`}>
          <Icon shapes={Trash2} aria-hidden="true" className="size-4" /> Delete
        </Button>
      </div>
    </li>
  );
}

/** The delete dialog's question for a category that holds something: move it to another category, or to none. */
export function MoveToField({ value, onChange, others }: { value: string; onChange: (value: string) => void; others: AdminCategory[] }) {
  return (
    <SelectField
      id="category-move-to"
      label="Move them to"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="mt-4"
    >
      <Options none="No category" items={others} />
    </SelectField>
  );
}
