import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import type { AuthVariables } from '#server/middleware/session.ts';
import {
  createNewsletter,
  deleteNewsletter,
  getNewsletter,
  listNewsletters,
  newsletterFromPost,
  updateNewsletter,
} from '#server/services/newsletter/drafts.ts';
import { previewNewsletter, sendNewsletter, sendTestNewsletter } from '#server/services/newsletter/sending.ts';
import { id, json, query } from '#server/validation.ts';
import { newsletterInputSchema, newsletterPageQuerySchema, sendSchema } from '#src/schemas/newsletter.ts';

// 50,000 characters of Markdown, with room for JSON escapes.
const newsletterBody = limitBody(256 * 1024);
const previewSchema = newsletterInputSchema.pick({ subject: true, body: true });

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminNewsletterRoutes = new Hono<{ Variables: AuthVariables }>()
  .get('/newsletters', query(newsletterPageQuerySchema), async (c) => c.json(await listNewsletters(c.req.valid('query'))))
  .post('/newsletters', newsletterBody, json(newsletterInputSchema), async (c) => c.json(await createNewsletter(c.req.valid('json')), 201))
  .post('/newsletters/preview', newsletterBody, json(previewSchema), async (c) => c.json(await previewNewsletter(c.req.valid('json'))))
  .get('/newsletters/from-post/:id', id(), async (c) => c.json(await newsletterFromPost(c.req.valid('param').id)))
  .get('/newsletters/:id', id(), async (c) => c.json(await getNewsletter(c.req.valid('param').id)))
  .put('/newsletters/:id', newsletterBody, id(), json(newsletterInputSchema), async (c) =>
    c.json(await updateNewsletter(c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/newsletters/:id', id(), async (c) => {
    await deleteNewsletter(c.req.valid('param').id);
    return c.body(null, 204);
  })
  .post('/newsletters/:id/test', id(), async (c) => {
    const to = c.get('user')!.email;
    await sendTestNewsletter(c.req.valid('param').id, to);
    return c.json({ message: `A test copy is on its way to ${to}.` }, 202);
  })
  .post('/newsletters/:id/send', limitBody(4 * 1024), id(), json(sendSchema, { emptyBody: true }), async (c) =>
    c.json(await sendNewsletter(c.req.valid('param').id, c.req.valid('json').scheduledFor)),
  );
