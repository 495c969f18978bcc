import { fieldErrors } from '#src/lib/field-errors.ts';
import { type BacklogTopic, type TopicInput, topicInputSchema } from '#src/schemas/backlog-topic.ts';

// The Add/Edit dialog's text fields, and their translation into the API's topic input: the form
// holds strings, the schema (shared with the server) decides what they mean.

export interface TopicFormValues {
  title: string;
  description: string;
  /** '' for no category. */
  categoryId: string;
  /** Comma-separated, as typed. */
  tags: string;
  notes: string;
  estimatedWordCount: string;
  targetAudience: string;
}

export type TopicField = keyof TopicFormValues;

export const EMPTY_TOPIC_FORM: TopicFormValues = {
  title: '',
  description: '',
  categoryId: '',
  tags: '',
  notes: '',
  estimatedWordCount: '',
  targetAudience: '',
};

export function formValuesOf(topic: BacklogTopic): TopicFormValues {
  return {
    title: topic.title,
    description: topic.description,
    categoryId: topic.categoryId === null ? '' : String(topic.categoryId),
    tags: topic.tags.join(', '),
    notes: topic.notes ?? '',
    estimatedWordCount: topic.estimatedWordCount === null ? '' : String(topic.estimatedWordCount),
    targetAudience: topic.targetAudience ?? '',
  };
}

/** Empty inputs become null (or no tags); a word count that is not a number stays NaN, so the schema names it. */
export function topicInputOf(values: TopicFormValues): TopicInput {
  const wordCount = values.estimatedWordCount.trim();
  return {
    title: values.title,
    description: values.description,
    categoryId: values.categoryId === '' ? null : Number(values.categoryId),
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    notes: values.notes,
    estimatedWordCount: wordCount === '' ? null : Number(wordCount),
    targetAudience: values.targetAudience,
  };
}

/** The first message per form field of a failed parse (a bad tag counts against the tags field). */
export function topicFormErrors(values: TopicFormValues): Partial<Record<TopicField, string>> {
  return fieldErrors<TopicField>(topicInputSchema.safeParse(topicInputOf(values)));
}
