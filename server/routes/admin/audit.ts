import { Hono } from 'hono';
import { auditFilterSchema } from '../../../src/schemas/audit.ts';
import { HttpError } from '../../errors.ts';
import type { AuthVariables } from '../../middleware/session.ts';
import { listAudit } from '../../services/audit.ts';
import { validationError } from '../../validation.ts';

export const OWNER_ONLY_AUDIT = 'Only the owner can see the audit log';

// Mounted under /api/admin: the admin guard has run; the log is the owner's alone.
export const adminAuditRoutes = new Hono<{ Variables: AuthVariables }>().get('/audit', async (c) => {
  if (!c.get('user')?.isOwner) throw new HttpError(403, OWNER_ONLY_AUDIT);
  const query = Object.fromEntries(Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]));
  const parsed = auditFilterSchema.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error);
  return c.json(await listAudit(parsed.data));
});
