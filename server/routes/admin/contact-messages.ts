import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { deleteContactMessage, listContactMessages, markMessageRead } from '../../services/contact-messages.ts';
import { idParam, readJson } from '../../validation.ts';

// Mark-read takes no fields: docs/product.md §4 has no way back to unread, so `{ isRead: false }` is refused
// as an unknown field (ASVS 8.2.3, docs/security.md) rather than ignored. An empty body is fine too.
const markReadSchema = z.object({}).strict();

const limitBody = bodyLimit({
  maxSize: 1024,
  onError: () => {
    throw new HttpError(413, 'Request body too large');
  },
});

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminContactMessageRoutes = new Hono()
  .get('/contact-messages', async (c) => c.json(await listContactMessages()))
  .patch('/contact-messages/:id/read', limitBody, async (c) => {
    const id = idParam(c);
    if ((await c.req.text()) !== '') await readJson(c, markReadSchema);
    return c.json(await markMessageRead(id));
  })
  .delete('/contact-messages/:id', async (c) => {
    await deleteContactMessage(idParam(c));
    return c.body(null, 204);
  });
