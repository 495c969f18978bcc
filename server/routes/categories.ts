import { Hono } from 'hono';
import { listCategories } from '../services/categories.ts';

export const categoryRoutes = new Hono().get('/categories', async (c) => c.json(await listCategories()));
