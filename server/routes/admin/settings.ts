import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { readSettings, updateSettings } from '#server/services/settings.ts';
import { json } from '#server/validation.ts';
import { settingsPatchSchema } from '#src/schemas/settings.ts';

// Mounted under /api/admin: the admin guard has run before these.
export const adminSettingsRoutes = new Hono()
  .get('/settings', async (c) => c.json(await readSettings()))
  .patch('/settings', limitBody(16 * 1024), json(settingsPatchSchema), async (c) => c.json(await updateSettings(c.req.valid('json'))));
