import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from '#server/services/categories.ts';
import { id, json, query } from '#server/validation.ts';
import { categoryChangeSchema, deleteCategoryQuerySchema, newCategorySchema } from '#src/schemas/category.ts';

const categoryBody = limitBody(16 * 1024);

// Mounted under /api/admin: the admin guard has run before these.
export const adminCategoryRoutes = new Hono()
  .get('/categories', async (c) => c.json(await listAdminCategories()))
  .post('/categories', categoryBody, json(newCategorySchema), async (c) => c.json(await createCategory(c.req.valid('json')), 201))
  .patch('/categories/:id', categoryBody, id(), json(categoryChangeSchema), async (c) =>
    c.json(await updateCategory(c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/categories/:id', id(), query(deleteCategoryQuerySchema), async (c) => {
    await deleteCategory(c.req.valid('param').id, c.req.valid('query').moveTo);
    return c.body(null, 204);
  });
