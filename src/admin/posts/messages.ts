// docs/product.md §8: the posts screens' toast texts, and the confirms of docs/product.md §2.
export const POST_CREATED = 'Blog post created successfully!';
export const CREATE_FAILED_TITLE = 'Failed to create post';
export const CREATE_FAILED = 'Failed to create blog post. Please try again.';
export const POST_UPDATED = 'Blog post updated successfully!';
export const UPDATE_FAILED_TITLE = 'Failed to update post';
export const UPDATE_FAILED = 'Failed to update blog post. Please try again.';
export const POST_DELETED = 'Blog post deleted successfully!';
export const DELETE_FAILED_TITLE = 'Failed to delete post';
export const DELETE_FAILED = 'Failed to delete blog post. Please try again.';
export const POST_PUBLISHED = 'Post published successfully!';
export const POST_UNPUBLISHED = 'Post unpublished successfully!';
export const PUBLISH_FAILED_TITLE = 'Failed to update publish status';
export const PUBLISH_FAILED = 'Failed to update publish status. Please try again.';
export const LOAD_FAILED = 'Failed to load blog posts';

export const DELETE_CONFIRM = 'Are you sure you want to delete this post? This action cannot be undone.';

export const NO_POSTS_YET = 'No blog posts yet';
export const NO_POSTS_FOUND = 'No posts found';
export const POST_NOT_FOUND = 'Post not found.';
export const UPDATING_PREVIEW = 'Updating preview...';
export const IMAGE_HINT = 'Leave empty to use a generated cover';
