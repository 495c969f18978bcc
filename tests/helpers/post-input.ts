import type { PostInput } from '#src/schemas/post.ts';

/** A whole post as the editor sends it: published, in no category, with no cover or schedule. */
export const postInput = (fields: Pick<PostInput, 'title' | 'content'> & Partial<PostInput>) => ({
  excerpt: '',
  categoryId: null,
  customImage: null,
  featured: false,
  published: true,
  scheduledFor: null,
  autoPublish: false,
  ...fields,
});
