import { z } from 'zod';
import type { AdminBooking } from './booking.ts';
import { oneLine } from './client.ts';

// A session's notes (issue 35 §6): private notes only the coach sees, shared notes and action
// items the client is sent after the session (and that the client portal will show). Markdown.

export const NOTES_LIMITS = { notes: 50_000, actionItems: 50, actionItem: 300 } as const;

export const NOTES_NOT_FOUND = 'Booking not found';
export const NOTES_STALE = 'These notes were saved elsewhere since you opened them: reload to see the latest';
export const NOTES_NOTHING_TO_SHARE = 'Write shared notes or an action item first: there is nothing to send';
export const NOTES_NOT_YET = 'Shared notes go to the client once the session has started';
export const NOTES_CANCELLED = 'This session was cancelled: its shared notes cannot be sent';

export const actionItemSchema = z.strictObject({
  text: oneLine('Action item', NOTES_LIMITS.actionItem).pipe(z.string().min(1, 'An action item cannot be empty')),
  done: z.boolean('done must be true or false'),
});
export type ActionItem = z.infer<typeof actionItemSchema>;

const notesText = (label: string) =>
  z
    .string(`${label} must be text`)
    .max(NOTES_LIMITS.notes, `${label} must be at most ${NOTES_LIMITS.notes.toLocaleString('en')} characters`);

/** What the coach writes: the document that is encrypted as one. */
export const notesContentSchema = z.strictObject({
  privateNotes: notesText('Private notes'),
  sharedNotes: notesText('Shared notes'),
  actionItems: z
    .array(actionItemSchema, 'actionItems must be a list')
    .max(NOTES_LIMITS.actionItems, `At most ${NOTES_LIMITS.actionItems} action items`),
});
export type NotesContent = z.infer<typeof notesContentSchema>;

/** PUT /api/admin/bookings/:id/notes: the notes, and the version they were edited from (0: none yet). */
export const saveNotesSchema = notesContentSchema.extend({
  version: z.number('version must be a whole number').int('version must be a whole number').min(0, 'version must be a whole number'),
});

export const EMPTY_NOTES: NotesContent = { privateNotes: '', sharedNotes: '', actionItems: [] };

/** A session's notes as the admin reads them. */
export interface SessionNotes extends NotesContent {
  bookingId: number;
  /** 0 until first saved. */
  version: number;
  updatedAt: string | null;
  sharedSentAt: string | null;
}

/** What the notes screen needs to know besides the notes. */
export interface NotesScreen {
  /** False: no ENCRYPTION_KEY, so nothing is stored and the screen says how to set one. */
  encryption: boolean;
  booking: AdminBooking;
  notes: SessionNotes | null;
}
