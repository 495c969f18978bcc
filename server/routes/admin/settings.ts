import { Hono } from 'hono';
import { settingsPatchSchema } from '../../../src/schemas/settings.ts';
import { limitBody } from '../../http/body-limits.ts';
import { readSettings, updateSettings } from '../../services/settings.ts';
import { json } from '../../validation.ts';

// Mounted under /api/admin: the admin guard has run before these.
export const adminSettingsRoutes = new Hono()
  .get('/settings', async (c) => c.json(await readSettings()))
  .patch('/settings', limitBody(16 * 1024), json(settingsPatchSchema), async (c) => c.json(await updateSettings(c.req.valid('json'))));
