import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { notesScreen, saveNotes, sendSharedNotes } from '#server/services/practice/session-notes.ts';
import { id, json } from '#server/validation.ts';
import { saveNotesSchema } from '#src/schemas/session-notes.ts';

// Two notes of 50,000 characters each, in UTF-8, and the action items.
const notesBody = limitBody(512 * 1024);

// Mounted under /api/admin: the admin guard has run before these (issue 35 §6).
export const adminSessionNoteRoutes = new Hono()
  .get('/bookings/:id/notes', id(), async (c) => c.json(await notesScreen(c.req.valid('param').id)))
  .put('/bookings/:id/notes', notesBody, id(), json(saveNotesSchema), async (c) => {
    const { version, ...content } = c.req.valid('json');
    return c.json(await saveNotes(c.req.valid('param').id, content, version));
  })
  .post('/bookings/:id/notes/send', id(), async (c) => c.json(await sendSharedNotes(c.req.valid('param').id)));
