// docs/product.md §2 "Admin contact messages" and §8: the inbox's texts.
export const INBOX_TITLE = 'Contact Messages';
export const NO_MESSAGES = 'No messages yet';
export const SELECT_A_MESSAGE = 'Select a message';
export const NO_SUBJECT = 'No subject';
export const NEW_BADGE = 'New';
export const MARKED_READ = 'Message marked as read';
export const MARK_READ_FAILED = 'Failed to mark message as read';
export const LOAD_FAILED = 'Failed to load messages';

export const countLine = (total: number, unread: number) => `${total} ${total === 1 ? 'message' : 'messages'} · ${unread} unread`;
