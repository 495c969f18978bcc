import { Hono } from 'hono';
import { OUTBOX_STATUS_FILTERS, type OutboxStatusFilter } from '../../../src/schemas/outbox.ts';
import type { AuthVariables } from '../../middleware/session.ts';
import { getOutboxEmail, listOutbox, retryOutboxEmail, sendTestEmail } from '../../services/outbox.ts';
import { idParam, integerParam, queryParam, ValidationError } from '../../validation.ts';

function statusParam(value: string | undefined): OutboxStatusFilter {
  if (value === undefined) return 'all';
  if ((OUTBOX_STATUS_FILTERS as readonly string[]).includes(value)) return value as OutboxStatusFilter;
  throw new ValidationError(`status must be one of: ${OUTBOX_STATUS_FILTERS.join(', ')}`, 'status');
}

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminOutboxRoutes = new Hono<{ Variables: AuthVariables }>()
  .get('/outbox', async (c) => {
    const status = statusParam(queryParam(c, 'status'));
    const page = integerParam(c, 'page', { min: 1, max: 100_000, fallback: 1 });
    return c.json(await listOutbox(status, page));
  })
  .get('/outbox/:id', async (c) => c.json(await getOutboxEmail(idParam(c))))
  .post('/outbox/:id/retry', async (c) => c.json(await retryOutboxEmail(idParam(c))))
  // The SMTP server's refusal is an answer to report, not a failure of this request.
  .post('/outbox/test', async (c) => c.json(await sendTestEmail(c.get('user')!.email)));
