import { adminApi, call } from '#src/lib/api-client.ts';
import type { TopicInput } from '#src/schemas/backlog-topic.ts';

// docs/product.md §7: the backlog calls, one typed function each.
const backlog = adminApi['blog-topic-backlog'];

export const fetchTopics = () => call(backlog.$get());

export const createTopic = (input: TopicInput) => call(backlog.$post({ json: input }));

/** Sends every field of the form; the server changes what differs. */
export const updateTopic = (id: number, input: TopicInput) => call(backlog[':id'].$patch({ param: { id: String(id) }, json: input }));

/** 204; the topics after it move up one place. */
export const deleteTopic = (id: number) => call(backlog[':id'].$delete({ param: { id: String(id) } }));

/** Every topic with its new position 0..n-1; answers the stored order. */
export const reorderTopics = (reorderedItems: Array<{ id: number; priority: number }>) =>
  call(backlog.reorder.$post({ json: { reorderedItems } }));

/** Drafts the highest-priority pending topic into an unpublished post. */
export const generateDraft = () => call(adminApi['generate-draft'].$post());
