import { Hono } from 'hono';
import { limitImageUpload, readImageUpload, sniffedUpload } from '#server/http/image-upload.ts';
import type { AuthVariables } from '#server/middleware/session.ts';
import { storeUpload } from '#server/services/uploads.ts';

// Mounted at /api/upload-profile-image: the admin guard has run before this.
export const profileImageRoutes = new Hono<{ Variables: AuthVariables }>().post('/', limitImageUpload, async (c) => {
  const { bytes } = await readImageUpload(c);
  return c.json({ url: await storeUpload(bytes, sniffedUpload(c, bytes), c.get('user')!.id) }, 201);
});
