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
// Issue 32 §5: the publish control's schedule.
export const scheduledNotice = (when: string) => ({
  title: 'Post scheduled',
  description: `It will be published automatically on ${when}.`,
});
export const SCHEDULE_REMOVED = 'Schedule removed: the post is a draft';
export const SCHEDULE_MISSING = 'Choose the date and time to publish at.';
export const SCHEDULE_IN_PAST = 'Choose a time still ahead, or use Publish now.';
export const LOAD_FAILED = 'Failed to load blog posts';

export const DELETE_CONFIRM = 'Are you sure you want to delete this post? This action cannot be undone.';

export const NO_POSTS_YET = 'No blog posts yet';
export const NO_POSTS_FOUND = 'No posts found';
export const POST_NOT_FOUND = 'Post not found.';
export const UPDATING_PREVIEW = 'Updating preview...';
export const IMAGE_HINT = 'Leave empty to use a generated cover';

// Issue 19: autosave, revisions and conflicting saves.
export const restoredNotice = (time: string) => `Restored your unsaved changes from ${time}.`;
export const CONFLICT_TITLE = 'Someone else saved this post';
export const conflictDescription = (time: string) =>
  `A newer version was saved at ${time} while you were editing. Nothing is lost: choose which text to keep.`;
export const MOVED_ON = 'Someone else has saved this post since you opened it. Saving will ask which text to keep.';
export const RESTORE_CONFIRM =
  'Its title, excerpt and content replace the post’s now, and a published post changes on the blog at once. The current text stays in the history.';
