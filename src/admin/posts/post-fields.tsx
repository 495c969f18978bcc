'use client';

import { EXCERPT_MAX, SLUG_MAX, TITLE_MAX } from '#src/schemas/post.ts';
import { Options, SelectField, SwitchField, TextAreaField, TextField } from '../kit/fields.tsx';
import { ContentField } from './content-editor/content-field.tsx';
import { CoverImageUpload } from './image-upload.tsx';
import { IMAGE_HINT } from './messages.ts';
import { FIELD_IDS, withTitle } from './post-form.ts';
import { TagField } from './tag-field.tsx';
import type { PostForm } from './use-post-editor.ts';

// min-w-0: a fieldset is as wide as its widest content by default (a wide table in the editor).
const cardClass = 'min-w-0 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6';

/** The post's fields: its content (title, slug, excerpt, body), then its settings. */
export function PostFields({
  form,
  categories,
  tagSuggestions,
}: {
  form: PostForm;
  categories: Array<{ id: number; name: string }>;
  /** Every tag in use, suggested in the tag field. */
  tagSuggestions: string[];
}) {
  const { values, errors } = form;

  return (
    <>
      <fieldset className={cardClass}>
        <legend className="sr-only">Content</legend>
        <div className="space-y-5">
          <TextField
            {...form.field('title')}
            // A title edit writes the slug too.
            onChange={(event) => form.setValues((current) => withTitle(current, event.target.value))}
            label="Title"
            required
            maxLength={TITLE_MAX}
            autoComplete="off"
          />
          <TextField
            {...form.field('slug')}
            label="Slug"
            maxLength={SLUG_MAX}
            hint={
              <>
                <span className="break-all">/blog/{values.slug || '…'}</span>
                {' · '}
                Generated from the title on each title edit.
              </>
            }
            autoComplete="off"
            spellCheck={false}
          />
          <TextAreaField
            {...form.field('excerpt')}
            label="Excerpt"
            rows={3}
            maxLength={EXCERPT_MAX}
            hint="A sentence or two for the blog cards and search results."
          />
          <ContentField
            id={FIELD_IDS.content}
            value={values.content}
            error={errors.content}
            onChange={(next) => form.set('content', next)}
          />
        </div>
      </fieldset>

      <fieldset className={cardClass}>
        <legend className="sr-only">Settings</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            {...form.field('customImage')}
            label="Custom image URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            hint={IMAGE_HINT}
            autoComplete="off"
            className="sm:col-span-2"
          />
          <CoverImageUpload onUploaded={(url) => form.set('customImage', url)} />
          <SelectField {...form.field('categoryId')} label="Category" className="sm:col-span-2">
            <Options none="No category" items={categories} />
          </SelectField>
          <TagField
            id={FIELD_IDS.tags}
            label="Tags"
            tags={values.tags}
            suggestions={tagSuggestions}
            onChange={(tags) => form.set('tags', tags)}
            error={errors.tags}
            hint="Press Enter or comma to add a tag."
            className="sm:col-span-2"
          />
          {/* Publishing, scheduling and unpublishing are the toolbar's publish control (issue 32 §5). */}
          <SwitchField
            id={FIELD_IDS.featured}
            checked={values.featured}
            onChange={(checked) => form.set('featured', checked)}
            label="Featured"
            hint="Highlighted among the posts."
          />
        </div>
      </fieldset>
    </>
  );
}
