import { Hono } from 'hono';
import { postInputSchema, postPreviewSchema, publishToggleSchema } from '../../../src/schemas/post.ts';
import { limitPostBody } from '../../http/body-limits.ts';
import { listAdminPostPage } from '../../services/admin-post-list.ts';
import { getAdminPost, previewPost } from '../../services/admin-posts.ts';
import { createPost, deletePost, setPostPublished, updatePost } from '../../services/post-writes.ts';
import { idParam, readJson } from '../../validation.ts';
import { adminPostQuery } from './post-list-query.ts';

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminBlogPostRoutes = new Hono()
  // The spec's `{ posts }`, a page at a time and without bodies (issue 18), with how many match.
  .get('/blog-posts', async (c) => c.json(await listAdminPostPage(adminPostQuery(c))))
  // Before the /:id routes, so "preview" is never read as an id.
  .post('/blog-posts/preview', limitPostBody, async (c) => c.json(await previewPost(await readJson(c, postPreviewSchema))))
  .post('/blog-posts', limitPostBody, async (c) => c.json(await createPost(await readJson(c, postInputSchema)), 201))
  .get('/blog-posts/:id', async (c) => c.json(await getAdminPost(idParam(c))))
  .put('/blog-posts/:id', limitPostBody, async (c) => {
    const id = idParam(c);
    return c.json(await updatePost(id, await readJson(c, postInputSchema)));
  })
  .patch('/blog-posts/:id/publish', limitPostBody, async (c) => {
    const id = idParam(c);
    const { published } = await readJson(c, publishToggleSchema);
    return c.json(await setPostPublished(id, published));
  })
  .delete('/blog-posts/:id', async (c) => {
    await deletePost(idParam(c));
    return c.body(null, 204);
  });
