'use client';

import type { FormEvent } from 'react';
import { type BacklogTopic, WORD_COUNT_MAX, WORD_COUNT_MIN } from '#src/schemas/backlog-topic.ts';
import type { CategorySummary } from '#src/schemas/category.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { NumberField, Options, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { createTopic, updateTopic } from './api.ts';
import { ADD_FAILED, TOPIC_ADDED, TOPIC_UPDATED, UPDATE_FAILED } from './messages.ts';
import { EMPTY_TOPIC_FORM, formValuesOf, type TopicField, type TopicFormValues, topicFormErrors, topicInputOf } from './topic-form.ts';

/** A category as the topic form's select lists it. */
export type CategoryOption = Pick<CategorySummary, 'id' | 'name'>;

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
  const form = useForm<TopicFormValues>(topic ? formValuesOf(topic) : EMPTY_TOPIC_FORM, topicFormErrors, 'topic');
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(FIELD_ORDER)) return;
    const input = topicInputOf(form.values);
    const saved = await run(() => (topic ? updateTopic(topic.id, input) : createTopic(input)), {
      success: (answer) => ({ title: topic ? TOPIC_UPDATED : TOPIC_ADDED, description: answer.title }),
      failureTitle: topic ? UPDATE_FAILED : ADD_FAILED,
    });
    if (saved !== FAILED) onSaved(saved, topic ? 'edit' : 'add');
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('title')} label="Title" autoComplete="off" className="sm:col-span-2" />
        <TextAreaField {...form.field('description')} label="Description" rows={3} className="sm:col-span-2" />
        <SelectField {...form.field('categoryId')} label="Category" optional>
          <Options none="No category" items={categories} />
        </SelectField>
        <NumberField
          {...form.field('estimatedWordCount')}
          label="Estimated word count"
          optional
          limits={{ min: WORD_COUNT_MIN, max: WORD_COUNT_MAX }}
          step={50}
        />
        <TextField
          {...form.field('tags')}
          label="Tags"
          optional
          hint="Separate tags with commas."
          autoComplete="off"
          className="sm:col-span-2"
        />
        <TextField {...form.field('targetAudience')} label="Target audience" optional className="sm:col-span-2" />
        <TextAreaField {...form.field('notes')} label="Notes" optional rows={3} className="sm:col-span-2" />
      </div>
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel={topic ? 'Save Changes' : 'Add Topic'} />
    </form>
  );
}
