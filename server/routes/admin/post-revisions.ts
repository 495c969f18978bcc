import { Hono } from 'hono';
import { autosaveSchema, restoreSchema } from '../../../src/schemas/post-revision.ts';
import { limitPostBody } from '../../http/body-limits.ts';
import { autosavePost, getRevision, listRevisions } from '../../services/post-revisions.ts';
import { restoreRevision } from '../../services/post-writes.ts';
import { idParam, readJson } from '../../validation.ts';

// Mounted under /api/admin: the admin guard has run before any of these. The editor's autosave
// and a post's history (docs/product.md §10).
export const adminPostRevisionRoutes = new Hono()
  .put('/blog-posts/:id/autosave', limitPostBody, async (c) => {
    const id = idParam(c);
    return c.json(await autosavePost(id, await readJson(c, autosaveSchema)));
  })
  .get('/blog-posts/:id/revisions', async (c) => c.json({ revisions: await listRevisions(idParam(c)) }))
  .get('/blog-posts/:id/revisions/:revisionId', async (c) => c.json(await getRevision(idParam(c), idParam(c, 'revisionId'))))
  .post('/blog-posts/:id/revisions/:revisionId/restore', limitPostBody, async (c) => {
    const id = idParam(c);
    const revisionId = idParam(c, 'revisionId');
    const { version } = await readJson(c, restoreSchema);
    return c.json(await restoreRevision(id, revisionId, version));
  });
