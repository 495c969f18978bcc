'use client';

import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast-store.ts';
import { type BacklogTopic, WORD_COUNT_MAX, WORD_COUNT_MIN } from '../../schemas/backlog-topic.ts';
import { createTopic, updateTopic } from './api.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from './fields.tsx';
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
  const toast = useToast();
  const [values, setValues] = useState<TopicFormValues>(topic ? formValuesOf(topic) : EMPTY_TOPIC_FORM);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Validated on submit, then again on every change (derived, never stored).
  const errors = submitted ? topicFormErrors(values) : {};
  const set = (field: TopicField) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const id = (field: TopicField) => `topic-${field}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const invalid = topicFormErrors(values);
    const firstInvalid = FIELD_ORDER.find((field) => invalid[field]);
    if (firstInvalid) {
      // Straight to the field to fix, as the messages appear under each field.
      document.getElementById(id(firstInvalid))?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const input = topicInputOf(values);
    try {
      const saved = topic ? await updateTopic(topic.id, input) : await createTopic(input);
      toast({ title: topic ? TOPIC_UPDATED : TOPIC_ADDED, description: saved.title });
      onSaved(saved, topic ? 'edit' : 'add');
    } catch (error) {
      const message = errorMessage(error, TRY_AGAIN);
      toast({ variant: 'destructive', title: topic ? UPDATE_FAILED : ADD_FAILED, description: message });
      setFailure(message);
      setBusy(false);
    }
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
      <FormAlert message={failure} />
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
