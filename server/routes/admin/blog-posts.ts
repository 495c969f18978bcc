import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { postInputSchema, postPreviewSchema, publishToggleSchema } from '../../../src/schemas/post.ts';
import { HttpError } from '../../errors.ts';
import { getAdminPost, listAdminPosts, previewPost } from '../../services/admin-posts.ts';
import { createPost, deletePost, setPostPublished, updatePost } from '../../services/post-writes.ts';
import { idParam, readJson } from '../../validation.ts';

// Far above the largest valid post (200,000 characters of content plus the short fields).
const POST_BODY_LIMIT = 1024 * 1024;

const limitBody = bodyLimit({
  maxSize: POST_BODY_LIMIT,
  onError: () => {
    throw new HttpError(413, 'Request body too large');
  },
});

// Mounted under /api/admin: the admin guard has run before any of these.
export const adminBlogPostRoutes = new Hono()
  .get('/blog-posts', async (c) => c.json({ posts: await listAdminPosts() }))
  // Before the /:id routes, so "preview" is never read as an id.
  .post('/blog-posts/preview', limitBody, async (c) => c.json(await previewPost(await readJson(c, postPreviewSchema))))
  .post('/blog-posts', limitBody, async (c) => c.json(await createPost(await readJson(c, postInputSchema)), 201))
  .get('/blog-posts/:id', async (c) => c.json(await getAdminPost(idParam(c))))
  .put('/blog-posts/:id', limitBody, async (c) => {
    const id = idParam(c);
    return c.json(await updatePost(id, await readJson(c, postInputSchema)));
  })
  .patch('/blog-posts/:id/publish', limitBody, async (c) => {
    const id = idParam(c);
    const { published } = await readJson(c, publishToggleSchema);
    return c.json(await setPostPublished(id, published));
  })
  .delete('/blog-posts/:id', async (c) => {
    await deletePost(idParam(c));
    return c.body(null, 204);
  });
