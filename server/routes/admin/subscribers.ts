import { Hono } from 'hono';
import { z } from 'zod';
import { limitBody } from '#server/http/body-limits.ts';
import { pageHeaders } from '#server/http/page-answer.ts';
import { deleteSubscriber, exportSubscribersCsv, importSubscribers, listSubscribers } from '#server/services/subscribers.ts';
import { id, json, query } from '#server/validation.ts';
import { subscriberFilterSchema, subscriberQuerySchema } from '#src/schemas/subscriber.ts';

// Under the server's 6 MiB ceiling on any request (scripts/start.ts), with room for JSON escapes.
export const CSV_MAX = 4 * 1024 * 1024;
const importSchema = z
  .object({
    csv: z.string('csv must be the file as text').max(CSV_MAX, 'The file must be at most 4 MB'),
    confirm: z.boolean('confirm must be true or false').optional(),
    consent: z.boolean('consent must be true or false').optional(),
  })
  .strict();

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminSubscriberRoutes = new Hono()
  // The spec's shape (an array, newest first), a page at a time; X-Total-Count says how many match.
  .get('/subscribers', query(subscriberQuerySchema), async (c) => {
    const { subscribers, ...page } = await listSubscribers(c.req.valid('query'));
    pageHeaders(c, page);
    return c.json(subscribers);
  })
  .get('/subscribers/export.csv', query(subscriberFilterSchema), async (c) => {
    const csv = await exportSubscribersCsv(c.req.valid('query'));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`);
    // Streamed a batch at a time: unbounded by design (every matching subscriber), never held whole.
    return c.body(csv);
  })
  // confirm false (or absent): what would be added, the duplicates and the bad lines; nothing changes.
  .post('/subscribers/import', limitBody(CSV_MAX + 1024 * 1024, 'The file must be at most 4 MB'), json(importSchema), async (c) => {
    const { csv, confirm = false, consent = false } = c.req.valid('json');
    return c.json(await importSubscribers(csv, { confirm, consent }));
  })
  .delete('/subscribers/:id', id(), async (c) => {
    await deleteSubscriber(c.req.valid('param').id);
    return c.body(null, 204);
  });
