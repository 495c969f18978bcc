import { Hono } from 'hono';
import { limitPostBody } from '#server/http/body-limits.ts';
import { listAdminPostPage } from '#server/services/posts/admin-list.ts';
import { getAdminPost, previewPost } from '#server/services/posts/admin-post.ts';
import { createPost, deletePost, setPostPublished, updatePost } from '#server/services/posts/writes.ts';
import { id, json, query } from '#server/validation.ts';
import { adminPostQuerySchema } from '#src/schemas/admin-post-list.ts';
import { postInputSchema, postPreviewSchema, publishToggleSchema } from '#src/schemas/post.ts';

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminBlogPostRoutes = new Hono()
  // The spec's `{ posts }`, a page at a time and without bodies (issue 18), with how many match.
  .get('/blog-posts', query(adminPostQuerySchema), async (c) => c.json(await listAdminPostPage(c.req.valid('query'))))
  // Before the /:id routes, so "preview" is never read as an id.
  .post('/blog-posts/preview', limitPostBody, json(postPreviewSchema), async (c) => c.json(await previewPost(c.req.valid('json'))))
  .post('/blog-posts', limitPostBody, json(postInputSchema), async (c) => c.json(await createPost(c.req.valid('json')), 201))
  .get('/blog-posts/:id', id(), async (c) => c.json(await getAdminPost(c.req.valid('param').id)))
  .put('/blog-posts/:id', limitPostBody, id(), json(postInputSchema), async (c) =>
    c.json(await updatePost(c.req.valid('param').id, c.req.valid('json'))),
  )
  .patch('/blog-posts/:id/publish', limitPostBody, id(), json(publishToggleSchema), async (c) =>
    c.json(await setPostPublished(c.req.valid('param').id, c.req.valid('json').published)),
  )
  .delete('/blog-posts/:id', id(), async (c) => {
    await deletePost(c.req.valid('param').id);
    return c.body(null, 204);
  });
