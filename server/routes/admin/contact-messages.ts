import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { CONTACT_MESSAGE_PAGE_MAX, CONTACT_MESSAGE_PAGE_SIZE } from '../../../src/schemas/contact-message.ts';
import { HttpError } from '../../errors.ts';
import { deleteContactMessage, listContactMessages, markMessageRead } from '../../services/contact-messages.ts';
import { idParam, integerParam, readJson } from '../../validation.ts';

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
  // The spec's shape (an array, newest first), a page at a time; the counts travel in headers.
  .get('/contact-messages', async (c) => {
    const page = integerParam(c, 'page', { min: 1, max: 1_000_000, fallback: 1 });
    const pageSize = integerParam(c, 'pageSize', { min: 1, max: CONTACT_MESSAGE_PAGE_MAX, fallback: CONTACT_MESSAGE_PAGE_SIZE });
    const { messages, total, unread } = await listContactMessages({ page, pageSize });
    c.header('X-Total-Count', String(total));
    c.header('X-Unread-Count', String(unread));
    return c.json(messages);
  })
  .patch('/contact-messages/:id/read', limitBody, async (c) => {
    const id = idParam(c);
    if ((await c.req.text()) !== '') await readJson(c, markReadSchema);
    return c.json(await markMessageRead(id));
  })
  .delete('/contact-messages/:id', async (c) => {
    await deleteContactMessage(idParam(c));
    return c.body(null, 204);
  });
