import { Hono } from 'hono';
import { limitPostBody } from '#server/http/body-limits.ts';
import { autosavePost, getRevision, listRevisions } from '#server/services/posts/revisions.ts';
import { restoreRevision } from '#server/services/posts/writes.ts';
import { id, json } from '#server/validation.ts';
import { autosaveSchema, restoreSchema } from '#src/schemas/post-revision.ts';

// Mounted under /api/admin: the admin guard has run before any of these. The editor's autosave
// and a post's history (docs/product.md §10).
export const adminPostRevisionRoutes = new Hono()
  .put('/blog-posts/:id/autosave', limitPostBody, id(), json(autosaveSchema), async (c) =>
    c.json(await autosavePost(c.req.valid('param').id, c.req.valid('json'))),
  )
  .get('/blog-posts/:id/revisions', id(), async (c) => c.json({ revisions: await listRevisions(c.req.valid('param').id) }))
  .get('/blog-posts/:id/revisions/:revisionId', id('id', 'revisionId'), async (c) => {
    const { id, revisionId } = c.req.valid('param');
    return c.json(await getRevision(id, revisionId));
  })
  .post('/blog-posts/:id/revisions/:revisionId/restore', limitPostBody, id('id', 'revisionId'), json(restoreSchema), async (c) => {
    const { id, revisionId } = c.req.valid('param');
    return c.json(await restoreRevision(id, revisionId, c.req.valid('json').version));
  });
