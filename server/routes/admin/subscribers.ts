import { Hono } from 'hono';
import { z } from 'zod';
import {
  SUBSCRIBER_PAGE_MAX,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_STATUS_FILTERS,
  type SubscriberStatusFilter,
} from '../../../src/schemas/subscriber.ts';
import { limitBody } from '../../http/body-limits.ts';
import { deleteSubscriber, exportSubscribersCsv, importSubscribers, listSubscribers } from '../../services/subscribers.ts';
import { idParam, integerParam, queryParam, readJson, ValidationError } from '../../validation.ts';

// Under the server's 6 MiB ceiling on any request (scripts/start.ts), with room for JSON escapes.
export const CSV_MAX = 4 * 1024 * 1024;
const importSchema = z
  .object({
    csv: z.string('csv must be the file as text').max(CSV_MAX, 'The file must be at most 4 MB'),
    confirm: z.boolean('confirm must be true or false').optional(),
    consent: z.boolean('consent must be true or false').optional(),
  })
  .strict();

function filters(c: Parameters<typeof queryParam>[0]) {
  const status = queryParam(c, 'status') ?? 'active';
  if (!(SUBSCRIBER_STATUS_FILTERS as readonly string[]).includes(status)) {
    throw new ValidationError(`status must be one of: ${SUBSCRIBER_STATUS_FILTERS.join(', ')}`, 'status');
  }
  const search = queryParam(c, 'search');
  if (search && search.length > 200) throw new ValidationError('search must be at most 200 characters', 'search');
  return { status: status as SubscriberStatusFilter, search };
}

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminSubscriberRoutes = new Hono()
  // The spec's shape (an array, newest first), a page at a time; X-Total-Count says how many match.
  .get('/subscribers', async (c) => {
    const page = integerParam(c, 'page', { min: 1, max: 1_000_000, fallback: 1 });
    const pageSize = integerParam(c, 'pageSize', { min: 1, max: SUBSCRIBER_PAGE_MAX, fallback: SUBSCRIBER_PAGE_SIZE });
    const { subscribers, total } = await listSubscribers({ ...filters(c), page, pageSize });
    c.header('X-Total-Count', String(total));
    return c.json(subscribers);
  })
  .get('/subscribers/export.csv', async (c) => {
    const csv = await exportSubscribersCsv(filters(c));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`);
    // Streamed a batch at a time: unbounded by design (every matching subscriber), never held whole.
    return c.body(csv);
  })
  // confirm false (or absent): what would be added, the duplicates and the bad lines; nothing changes.
  .post('/subscribers/import', limitBody(CSV_MAX + 1024 * 1024, 'The file must be at most 4 MB'), async (c) => {
    const { csv, confirm = false, consent = false } = await readJson(c, importSchema);
    return c.json(await importSubscribers(csv, { confirm, consent }));
  })
  .delete('/subscribers/:id', async (c) => {
    await deleteSubscriber(idParam(c));
    return c.body(null, 204);
  });
