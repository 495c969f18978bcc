import { Hono } from 'hono';
import { NEWSLETTER_PAGE_MAX, NEWSLETTER_PAGE_SIZE, newsletterInputSchema, sendSchema } from '../../../src/schemas/newsletter.ts';
import { limitBody } from '../../http/body-limits.ts';
import type { AuthVariables } from '../../middleware/session.ts';
import {
  createNewsletter,
  deleteNewsletter,
  getNewsletter,
  listNewsletters,
  newsletterFromPost,
  previewNewsletter,
  sendNewsletter,
  sendTestNewsletter,
  updateNewsletter,
} from '../../services/newsletter/newsletters.ts';
import { idParam, integerParam, readJson } from '../../validation.ts';

// 50,000 characters of Markdown, with room for JSON escapes.
const NEWSLETTER_BODY_LIMIT = 256 * 1024;
const previewSchema = newsletterInputSchema.pick({ subject: true, body: true });

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminNewsletterRoutes = new Hono<{ Variables: AuthVariables }>()
  .get('/newsletters', async (c) => {
    const page = integerParam(c, 'page', { min: 1, max: 1_000_000, fallback: 1 });
    const pageSize = integerParam(c, 'pageSize', { min: 1, max: NEWSLETTER_PAGE_MAX, fallback: NEWSLETTER_PAGE_SIZE });
    return c.json(await listNewsletters({ page, pageSize }));
  })
  .post('/newsletters', limitBody(NEWSLETTER_BODY_LIMIT), async (c) =>
    c.json(await createNewsletter(await readJson(c, newsletterInputSchema)), 201),
  )
  .post('/newsletters/preview', limitBody(NEWSLETTER_BODY_LIMIT), async (c) =>
    c.json(await previewNewsletter(await readJson(c, previewSchema))),
  )
  .get('/newsletters/from-post/:id', async (c) => c.json(await newsletterFromPost(idParam(c))))
  .get('/newsletters/:id', async (c) => c.json(await getNewsletter(idParam(c))))
  .put('/newsletters/:id', limitBody(NEWSLETTER_BODY_LIMIT), async (c) =>
    c.json(await updateNewsletter(idParam(c), await readJson(c, newsletterInputSchema))),
  )
  .delete('/newsletters/:id', async (c) => {
    await deleteNewsletter(idParam(c));
    return c.body(null, 204);
  })
  .post('/newsletters/:id/test', async (c) => {
    const to = c.get('user')!.email;
    await sendTestNewsletter(idParam(c), to);
    return c.json({ message: `A test copy is on its way to ${to}.` }, 202);
  })
  .post('/newsletters/:id/send', limitBody(4 * 1024), async (c) => {
    const id = idParam(c);
    const { scheduledFor } = (await c.req.text()) === '' ? {} : await readJson(c, sendSchema);
    return c.json(await sendNewsletter(id, scheduledFor));
  });
