import { z } from 'zod';
import { recordId } from './record-id.ts';

// docs/product.md §3 (backlog item), §5 (backlog topic) with the limits of ASVS 2.2.1, docs/security.md, and the JSON the
// /api/admin/blog-topic-backlog endpoints answer.

export const TITLE_REQUIRED = 'Title is required';
export const DESCRIPTION_REQUIRED = 'Description is required';
export const WORD_COUNT_MIN_MESSAGE = 'Estimated word count must be at least 100';
export const WORD_COUNT_MESSAGE = 'Estimated word count must be a whole number';
export const WORD_COUNT_MAX_MESSAGE = 'Estimated word count must be at most 20000';
export const CATEGORY_ID_MESSAGE = 'Category must be a category id';
export const TAGS_MESSAGE = 'Tags must be a list of text';
export const TAG_LENGTH_MESSAGE = 'Tags must be 1 to 50 characters each';
export const TAGS_COUNT_MESSAGE = 'Tags are limited to 20';
export const REORDER_ITEMS_MESSAGE = 'reorderedItems must be a list of { id, priority }';
export const REORDER_LIMIT_MESSAGE = 'reorderedItems may list at most 1000 topics';

export const TOPIC_TITLE_MAX = 200;
export const TOPIC_DESCRIPTION_MAX = 2_000;
export const TOPIC_NOTES_MAX = 2_000;
export const TOPIC_AUDIENCE_MAX = 200;
export const TOPIC_TAGS_MAX = 20;
export const TOPIC_TAG_MAX = 50;
export const WORD_COUNT_MIN = 100;
export const WORD_COUNT_MAX = 20_000;
export const REORDER_MAX_ITEMS = 1_000;

export const TOPIC_STATUSES = ['pending', 'processing', 'drafted'] as const;
export type TopicStatus = (typeof TOPIC_STATUSES)[number];

/** An optional free text: blank counts as "none" (null). */
const optionalText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((value) => value || null);

// The fields as PATCH takes them (each may be left out); POST fills the optional ones with null.
const topicFields = {
  title: z.string(TITLE_REQUIRED).trim().min(1, TITLE_REQUIRED).max(TOPIC_TITLE_MAX, `Title must be at most ${TOPIC_TITLE_MAX} characters`),
  description: z
    .string(DESCRIPTION_REQUIRED)
    .trim()
    .min(1, DESCRIPTION_REQUIRED)
    .max(TOPIC_DESCRIPTION_MAX, `Description must be at most ${TOPIC_DESCRIPTION_MAX} characters`),
  categoryId: recordId(CATEGORY_ID_MESSAGE).nullable(),
  tags: z
    .array(z.string(TAGS_MESSAGE).trim().min(1, TAG_LENGTH_MESSAGE).max(TOPIC_TAG_MAX, TAG_LENGTH_MESSAGE), TAGS_MESSAGE)
    .max(TOPIC_TAGS_MAX, TAGS_COUNT_MESSAGE)
    // A tag named twice is one tag (a post links each tag once).
    .transform((tags) => [...new Set(tags)]),
  notes: optionalText('Notes', TOPIC_NOTES_MAX),
  // A string ("500") is refused, not coerced: the form sends a number or null.
  estimatedWordCount: z
    .number(WORD_COUNT_MESSAGE)
    .int(WORD_COUNT_MESSAGE)
    .min(WORD_COUNT_MIN, WORD_COUNT_MIN_MESSAGE)
    .max(WORD_COUNT_MAX, WORD_COUNT_MAX_MESSAGE)
    .nullable(),
  targetAudience: optionalText('Target audience', TOPIC_AUDIENCE_MAX),
};

const orNull = <T extends z.ZodType>(schema: T) => schema.optional().transform((value) => value ?? null);

/** POST: a new topic. `status`, `priority`, `id` and the like are server-owned (ASVS 8.2.3, docs/security.md). */
export const topicInputSchema = z
  .object({
    title: topicFields.title,
    description: topicFields.description,
    categoryId: orNull(topicFields.categoryId),
    tags: topicFields.tags.optional().transform((value) => value ?? []),
    notes: orNull(topicFields.notes),
    estimatedWordCount: orNull(topicFields.estimatedWordCount),
    targetAudience: orNull(topicFields.targetAudience),
  })
  .strict();

/** PATCH: the same fields, each optional; a field left out keeps its value. */
export const topicPatchSchema = z.object(topicFields).partial().strict();

export type TopicInput = z.input<typeof topicInputSchema>;
export type TopicFields = z.output<typeof topicInputSchema>;
export type TopicPatch = z.output<typeof topicPatchSchema>;

/**
 * docs/product.md §4: reordering assigns priority by the new position, starting at 0. The shape is checked
 * here; that the list is exactly every topic once, at positions 0..n-1, is checked by the service
 * against the stored topics.
 */
export const reorderSchema = z
  .object({
    reorderedItems: z
      .array(
        z
          .object({
            id: z.number(REORDER_ITEMS_MESSAGE).int(REORDER_ITEMS_MESSAGE),
            priority: z.number(REORDER_ITEMS_MESSAGE).int(REORDER_ITEMS_MESSAGE),
          })
          .strict(),
        REORDER_ITEMS_MESSAGE,
      )
      .max(REORDER_MAX_ITEMS, REORDER_LIMIT_MESSAGE),
  })
  .strict();

/** A backlog topic as every /api/admin/blog-topic-backlog endpoint answers it. */
export interface BacklogTopic {
  id: number;
  title: string;
  description: string;
  categoryId: number | null;
  categoryName: string | null;
  tags: string[];
  notes: string | null;
  estimatedWordCount: number | null;
  targetAudience: string | null;
  status: TopicStatus;
  /** Position in the backlog, 0..n-1 (0 is drafted first). */
  priority: number;
  /** The draft generated from this topic, once there is one. */
  postId: number | null;
  createdAt: string;
}

/** POST /api/admin/blog-topic-backlog/reorder answers the whole backlog in its new order. */
export interface ReorderResult {
  topics: BacklogTopic[];
}

/** POST /api/admin/generate-draft answers 201 with this. */
export interface DraftCreated {
  message: string;
  postId: number;
}
