'use client';

import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { type BacklogTopic, WORD_COUNT_MAX, WORD_COUNT_MIN } from '../../schemas/backlog-topic.ts';
import { Dialog, DialogActions } from '../kit/dialog.tsx';
import { FormAlert, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { focusFirstError } from '../kit/focus-first-error.ts';
import { FAILED, useAction } from '../kit/use-action.ts';
import { createTopic, updateTopic } from './api.ts';
import { ADD_FAILED, TOPIC_ADDED, TOPIC_UPDATED, TRY_AGAIN, UPDATE_FAILED } from './messages.ts';
import { EMPTY_TOPIC_FORM, formValuesOf, type TopicField, type TopicFormValues, topicFormErrors, topicInputOf } from './topic-form.ts';

export interface CategoryOption {
  id: number;
  name: string;
}

// The fields in the order the form shows them.
const FIELD_ORDER: TopicField[] = ['title', 'description', 'categoryId', 'estimatedWordCount', 'tags', 'targetAudience', 'notes'];

/** What the dialog is open for: a new topic, or editing the given one. Closed while null. */
export type TopicEditor = { mode: 'add' } | { mode: 'edit'; topic: BacklogTopic } | null;

export function TopicDialog({
  editor,
  categories,
  onClose,
  onSaved,
}: {
  editor: TopicEditor;
  categories: CategoryOption[];
  onClose: () => void;
  onSaved: (topic: BacklogTopic, mode: 'add' | 'edit') => void;
}) {
  const editing = editor?.mode === 'edit' ? editor.topic : null;
  return (
    <Dialog
      open={editor !== null}
      onOpenChange={(open) => open || onClose()}
      title={editing ? 'Edit Blog Topic' : 'Add New Blog Topic'}
      description={editing ? 'Change what this topic is about. Its place in the backlog stays.' : 'The topic joins the end of the backlog.'}
      className="sm:max-w-2xl"
    >
      {editor && <TopicForm topic={editing} categories={categories} onCancel={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function TopicForm({
  topic,
  categories,
  onCancel,
  onSaved,
}: {
  topic: BacklogTopic | null;
  categories: CategoryOption[];
  onCancel: () => void;
  onSaved: (topic: BacklogTopic, mode: 'add' | 'edit') => void;
}) {
  const [values, setValues] = useState<TopicFormValues>(topic ? formValuesOf(topic) : EMPTY_TOPIC_FORM);
  const [submitted, setSubmitted] = useState(false);
  const { busy, failure, run } = useAction();

  // Validated on submit, then again on every change (derived, never stored).
  const errors = submitted ? topicFormErrors(values) : {};
  const set = (field: TopicField) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const id = (field: TopicField) => `topic-${field}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (focusFirstError(topicFormErrors(values), FIELD_ORDER, id)) return;
    const input = topicInputOf(values);
    const saved = await run(() => (topic ? updateTopic(topic.id, input) : createTopic(input)), {
      success: (answer) => ({ title: topic ? TOPIC_UPDATED : TOPIC_ADDED, description: answer.title }),
      failureTitle: topic ? UPDATE_FAILED : ADD_FAILED,
      fallback: TRY_AGAIN,
    });
    if (saved !== FAILED) onSaved(saved, topic ? 'edit' : 'add');
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('title')}
          label="Title"
          value={values.title}
          onChange={set('title')}
          error={errors.title}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <TextAreaField
          id={id('description')}
          label="Description"
          rows={3}
          value={values.description}
          onChange={set('description')}
          error={errors.description}
          className="sm:col-span-2"
        />
        <SelectField
          id={id('categoryId')}
          label="Category"
          optional
          value={values.categoryId}
          onChange={set('categoryId')}
          error={errors.categoryId}
        >
          <option value="">No category</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('estimatedWordCount')}
          label="Estimated word count"
          optional
          type="number"
          inputMode="numeric"
          min={WORD_COUNT_MIN}
          max={WORD_COUNT_MAX}
          step={50}
          value={values.estimatedWordCount}
          onChange={set('estimatedWordCount')}
          error={errors.estimatedWordCount}
        />
        <TextField
          id={id('tags')}
          label="Tags"
          optional
          hint="Separate tags with commas."
          value={values.tags}
          onChange={set('tags')}
          error={errors.tags}
          autoComplete="off"
          className="sm:col-span-2"
        />
        <TextField
          id={id('targetAudience')}
          label="Target audience"
          optional
          value={values.targetAudience}
          onChange={set('targetAudience')}
          error={errors.targetAudience}
          className="sm:col-span-2"
        />
        <TextAreaField
          id={id('notes')}
          label="Notes"
          optional
          rows={3}
          value={values.notes}
          onChange={set('notes')}
          error={errors.notes}
          className="sm:col-span-2"
        />
      </div>
      <FormAlert message={failure} className="mt-4" />
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          <Save aria-hidden="true" className="size-4" />
          {busy ? 'Saving...' : topic ? 'Save Changes' : 'Add Topic'}
        </Button>
      </DialogActions>
    </form>
  );
}
