import { adminApi, call } from '#src/lib/api-client.ts';
import type { NotesContent } from '#src/schemas/session-notes.ts';

const notes = adminApi.bookings[':id'].notes;
const byId = (id: number) => ({ param: { id: String(id) } });

/** The notes autosave's endpoint, for the last save as the page is left. */
export const notesUrl = (id: number) => `/api/admin/bookings/${id}/notes`;
export const saveNotes = (id: number, content: NotesContent, version: number) =>
  call(notes.$put({ ...byId(id), json: { ...content, version } }));
export const sendSharedNotes = (id: number) => call(notes.send.$post(byId(id)));
