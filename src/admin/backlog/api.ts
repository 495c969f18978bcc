import { api } from '../../lib/api-client.ts';
import type { BacklogTopic, DraftCreated, ReorderResult, TopicInput } from '../../schemas/backlog-topic.ts';

// docs/product.md §7: the backlog calls, one typed function each.
const BACKLOG = '/api/admin/blog-topic-backlog';

export const fetchTopics = () => api.get<BacklogTopic[]>(BACKLOG);

export const createTopic = (input: TopicInput) => api.post<BacklogTopic>(BACKLOG, input);

/** Sends every field of the form; the server changes what differs. */
export const updateTopic = (id: number, input: TopicInput) => api.patch<BacklogTopic>(`${BACKLOG}/${id}`, input);

/** 204; the topics after it move up one place. */
export const deleteTopic = (id: number) => api.delete(`${BACKLOG}/${id}`);

/** Every topic with its new position 0..n-1; answers the stored order. */
export const reorderTopics = (reorderedItems: Array<{ id: number; priority: number }>) =>
  api.post<ReorderResult>(`${BACKLOG}/reorder`, { reorderedItems });

/** Drafts the highest-priority pending topic into an unpublished post. */
export const generateDraft = () => api.post<DraftCreated>('/api/admin/generate-draft');
