import { Hono } from 'hono';
import { core } from 'zod';
import { categoryChangeSchema, moveToSchema, newCategorySchema } from '../../../src/schemas/category.ts';
import { limitBody } from '../../http/body-limits.ts';
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from '../../services/categories.ts';
import { idParam, queryParam, readJson, ValidationError } from '../../validation.ts';

const categoryBody = limitBody(16 * 1024);

/** `?moveTo=`: absent, `none`, or another category's id. */
function moveToParam(raw: string | undefined): number | 'none' | undefined {
  if (raw === undefined) return undefined;
  const parsed = core.safeParse(moveToSchema, raw);
  if (!parsed.success) throw new ValidationError('moveTo must be a category id or none', 'moveTo');
  return parsed.data;
}

// Mounted under /api/admin: the admin guard has run before these.
export const adminCategoryRoutes = new Hono()
  .get('/categories', async (c) => c.json(await listAdminCategories()))
  .post('/categories', categoryBody, async (c) => c.json(await createCategory(await readJson(c, newCategorySchema)), 201))
  .patch('/categories/:id', categoryBody, async (c) => {
    const id = idParam(c);
    return c.json(await updateCategory(id, await readJson(c, categoryChangeSchema)));
  })
  .delete('/categories/:id', async (c) => {
    await deleteCategory(idParam(c), moveToParam(queryParam(c, 'moveTo')));
    return c.body(null, 204);
  });
