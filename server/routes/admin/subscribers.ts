import { Hono } from 'hono';
import { listSubscribers } from '../../services/subscribers.ts';

// Mounted under /api/admin: the admin guard has run before this.
export const adminSubscriberRoutes = new Hono().get('/subscribers', async (c) => c.json(await listSubscribers()));
