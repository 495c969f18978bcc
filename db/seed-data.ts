// The seed's sample content (server/seed.ts), one file a kind in db/seed-data/: the posts (published,
// in two files by age, and unpublished), testimonials, backlog topics and the audience.
import { olderPublishedPosts } from './seed-data/published-posts-older.ts';
import { recentPublishedPosts } from './seed-data/published-posts-recent.ts';
import type { SeedPost } from './seed-data/types.ts';

export { seedMessages, seedSubscribers } from './seed-data/audience.ts';
export { seedTopics } from './seed-data/backlog-topics.ts';
export { seedCategories } from './seed-data/categories.ts';
export { seedTestimonials } from './seed-data/testimonials.ts';
export type * from './seed-data/types.ts';
export { draftPosts, scheduledPost } from './seed-data/unpublished-posts.ts';

/** Newest first, as they were always listed. */
export const publishedPosts: SeedPost[] = [...recentPublishedPosts, ...olderPublishedPosts];
