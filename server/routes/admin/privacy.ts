import { Hono } from 'hono';
import { privacyEmailSchema, privacyEraseSchema, retentionSchema } from '../../../src/schemas/privacy.ts';
import { limitBody } from '../../http/body-limits.ts';
import { erasePersonalData, personalDataExport, personalDataSummary, readRetention, updateRetention } from '../../services/privacy.ts';
import { queryParam, readJson, ValidationError } from '../../validation.ts';

/** The ?email= of a privacy request, 400 naming the field when missing or not an address. */
function emailParam(c: Parameters<typeof queryParam>[0]): string {
  const parsed = privacyEmailSchema.safeParse(queryParam(c, 'email') ?? '');
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message, 'email');
  return parsed.data;
}

// Mounted under /api/admin: the admin guard has run before these.
export const adminPrivacyRoutes = new Hono()
  .get('/privacy', async (c) => c.json(await personalDataSummary(emailParam(c))))
  .get('/privacy/export', async (c) => {
    const email = emailParam(c);
    const name = email.toLowerCase().replace(/[^a-z0-9._-]+/g, '_');
    c.header('Content-Disposition', `attachment; filename="personal-data-${name}.json"`);
    return c.json(await personalDataExport(email));
  })
  .post('/privacy/erase', limitBody(4 * 1024), async (c) => c.json(await erasePersonalData((await readJson(c, privacyEraseSchema)).email)))
  .get('/privacy/retention', async (c) => c.json(await readRetention()))
  .put('/privacy/retention', limitBody(4 * 1024), async (c) => c.json(await updateRetention(await readJson(c, retentionSchema))));
