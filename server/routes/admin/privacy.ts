import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { erasureRequests } from '#server/services/portal/profile.ts';
import { erasePersonalData, personalDataExport, personalDataSummary, readRetention, updateRetention } from '#server/services/privacy.ts';
import { json, query } from '#server/validation.ts';
import { privacyEraseSchema, privacyQuerySchema, retentionSchema } from '#src/schemas/privacy.ts';

const privacyBody = limitBody(4 * 1024);

// Mounted under /api/admin: the admin guard has run before these.
export const adminPrivacyRoutes = new Hono()
  .get('/privacy', query(privacyQuerySchema), async (c) => c.json(await personalDataSummary(c.req.valid('query').email)))
  .get('/privacy/export', query(privacyQuerySchema), async (c) => {
    const { email } = c.req.valid('query');
    const name = email.toLowerCase().replace(/[^a-z0-9._-]+/g, '_');
    c.header('Content-Disposition', `attachment; filename="personal-data-${name}.json"`);
    return c.json(await personalDataExport(email));
  })
  .post('/privacy/erase', privacyBody, json(privacyEraseSchema), async (c) => c.json(await erasePersonalData(c.req.valid('json').email)))
  // Issue 36 §4: what clients asked for in the portal, for the coach to look up and erase.
  .get('/privacy/erasure-requests', async (c) => c.json(await erasureRequests()))
  .get('/privacy/retention', async (c) => c.json(await readRetention()))
  .put('/privacy/retention', privacyBody, json(retentionSchema), async (c) => c.json(await updateRetention(c.req.valid('json'))));
