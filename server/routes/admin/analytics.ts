import { Hono } from 'hono';
import { analyticsQuerySchema } from '../../../src/schemas/analytics.ts';
import { readAnalytics } from '../../services/analytics/reports.ts';
import { query } from '../../validation.ts';

// Mounted under /api/admin: the admin guard has run before these.
export const adminAnalyticsRoutes = new Hono().get('/analytics', query(analyticsQuerySchema), async (c) =>
  c.json(await readAnalytics(c.req.valid('query').days)),
);
