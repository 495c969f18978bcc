import { Hono } from 'hono';
import { z } from 'zod';
import { limitBody } from '#server/http/body-limits.ts';
import { pageHeaders } from '#server/http/page-answer.ts';
import { deleteContactMessage, listContactMessages, markMessageRead } from '#server/services/contact-messages.ts';
import { id, json, query } from '#server/validation.ts';
import { CONTACT_MESSAGE_PAGE_MAX, CONTACT_MESSAGE_PAGE_SIZE } from '#src/schemas/contact-message.ts';
import { pageFields } from '#src/schemas/page.ts';

const pageQuerySchema = z.object(pageFields({ size: CONTACT_MESSAGE_PAGE_SIZE, max: CONTACT_MESSAGE_PAGE_MAX }));
// Mark-read takes no fields: docs/product.md §4 has no way back to unread, so `{ isRead: false }` is refused
// as an unknown field (ASVS 8.2.3, docs/security.md) rather than ignored. An empty body is fine too.
const markReadSchema = z.object({}).strict();

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminContactMessageRoutes = new Hono()
  // The spec's shape (an array, newest first), a page at a time; the counts travel in headers.
  .get('/contact-messages', query(pageQuerySchema), async (c) => {
    const { messages, unread, ...page } = await listContactMessages(c.req.valid('query'));
    pageHeaders(c, page);
    c.header('X-Unread-Count', String(unread));
    return c.json(messages);
  })
  .patch('/contact-messages/:id/read', limitBody(1024), id(), json(markReadSchema, { emptyBody: true }), async (c) =>
    c.json(await markMessageRead(c.req.valid('param').id)),
  )
  .delete('/contact-messages/:id', id(), async (c) => {
    await deleteContactMessage(c.req.valid('param').id);
    return c.body(null, 204);
  });
