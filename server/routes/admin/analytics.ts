import { Hono } from 'hono';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../../../src/schemas/analytics.ts';
import { readAnalytics } from '../../services/analytics/reports.ts';
import { queryParam, ValidationError } from '../../validation.ts';

const RANGE_MESSAGE = 'days must be 7, 30 or 90';

// Mounted under /api/admin: the admin guard has run before these.
export const adminAnalyticsRoutes = new Hono().get('/analytics', async (c) => {
  const raw = queryParam(c, 'days') ?? '30';
  const days = Number(raw) as AnalyticsRange;
  if (!/^\d+$/.test(raw) || !ANALYTICS_RANGES.includes(days)) throw new ValidationError(RANGE_MESSAGE, 'days');
  return c.json(await readAnalytics(days));
});
