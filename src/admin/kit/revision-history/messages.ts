// The history's texts, a post's and a page's alike (docs/product.md §8: the restore's toasts).
export const RESTORED = 'Revision restored';
export const RESTORE_FAILED_TITLE = 'Failed to restore revision';
export const RESTORE_CONFIRM_TITLE = 'Restore this revision?';
