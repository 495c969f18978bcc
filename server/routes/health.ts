import { Hono } from 'hono';
import { checkDatabase } from '../services/health.ts';

export const healthRoutes = new Hono().get('/health', async (c) => {
  await checkDatabase();
  return c.json({ status: 'ok' });
});
