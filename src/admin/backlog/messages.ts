// docs/product.md §8: the backlog screen's toast texts (the failure titles are this screen's own).
export const TOPIC_ADDED = 'Blog topic added to backlog';
export const TOPIC_UPDATED = 'Blog topic updated';
export const TOPICS_REORDERED = 'Topics reordered successfully';
export const DRAFT_GENERATED = 'Draft Generated';
export const DRAFT_FAILED = 'Draft Generation Failed';
export const ADD_FAILED = 'Failed to add topic';
export const UPDATE_FAILED = 'Failed to update topic';
export const REORDER_FAILED = 'Failed to reorder topics';
export const LOAD_FAILED = 'Failed to load topics';

export const EMPTY_BACKLOG = 'No blog topics in your backlog yet.';
