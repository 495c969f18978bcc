import { Hono } from 'hono';
import { readAnalytics } from '#server/services/analytics/reports.ts';
import { query } from '#server/validation.ts';
import { analyticsQuerySchema } from '#src/schemas/analytics.ts';

// Mounted under /api/admin: the admin guard has run before these.
export const adminAnalyticsRoutes = new Hono().get('/analytics', query(analyticsQuerySchema), async (c) =>
  c.json(await readAnalytics(c.req.valid('query').days)),
);
