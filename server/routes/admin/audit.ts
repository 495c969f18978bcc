import { Hono } from 'hono';
import { HttpError } from '#server/errors.ts';
import type { AuthVariables } from '#server/middleware/session.ts';
import { listAudit } from '#server/services/audit.ts';
import { currentSettings } from '#server/services/settings.ts';
import { query } from '#server/validation.ts';
import { auditFilterSchema } from '#src/schemas/audit.ts';

export const OWNER_ONLY_AUDIT = 'Only the owner can see the audit log';

// Mounted under /api/admin: the admin guard has run; the log is the owner's alone.
export const adminAuditRoutes = new Hono<{ Variables: AuthVariables }>().get(
  '/audit',
  async (c, next) => {
    if (!c.get('user')?.isOwner) throw new HttpError(403, OWNER_ONLY_AUDIT);
    await next();
  },
  query(auditFilterSchema),
  async (c) => c.json(await listAudit(c.req.valid('query'), (await currentSettings()).timeZone)),
);
