import { Hono } from 'hono';
import type { AuthVariables } from '#server/middleware/session.ts';
import { getOutboxEmail, listOutbox, resendOutboxEmail, retryOutboxEmail, sendTestEmail } from '#server/services/outbox.ts';
import { id, query } from '#server/validation.ts';
import { outboxQuerySchema } from '#src/schemas/outbox.ts';

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminOutboxRoutes = new Hono<{ Variables: AuthVariables }>()
  .get('/outbox', query(outboxQuerySchema), async (c) => c.json(await listOutbox(c.req.valid('query'))))
  .get('/outbox/:id', id(), async (c) => c.json(await getOutboxEmail(c.req.valid('param').id)))
  .post('/outbox/:id/retry', id(), async (c) => c.json(await retryOutboxEmail(c.req.valid('param').id)))
  .post('/outbox/:id/resend', id(), async (c) => c.json(await resendOutboxEmail(c.req.valid('param').id), 201))
  // The SMTP server's refusal is an answer to report, not a failure of this request.
  .post('/outbox/test', async (c) => c.json(await sendTestEmail(c.get('user')!.email)));
