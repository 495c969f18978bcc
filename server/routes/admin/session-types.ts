import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { saveSessionType } from '#server/services/booking/save-session-type.ts';
import { createSessionType, deleteSessionType, listSessionTypes, reorderSessionTypes } from '#server/services/session-types.ts';
import { id, json } from '#server/validation.ts';
import { reorderSessionTypesSchema, sessionTypeInputSchema } from '#src/schemas/session-type.ts';

// Twenty questions of twenty options each, every character escaped, fit well inside.
const sessionTypeBody = limitBody(256 * 1024);
// Roomy enough that an over-long order is refused by the schema with a 400 naming `order`.
const reorderBody = limitBody(64 * 1024);

// Mounted under /api/admin: the admin guard has run before these (issue 35 §1).
export const adminSessionTypeRoutes = new Hono()
  .get('/session-types', async (c) => c.json(await listSessionTypes()))
  // Before the /:id routes, so "reorder" is never read as an id.
  .post('/session-types/reorder', reorderBody, json(reorderSessionTypesSchema), async (c) =>
    c.json(await reorderSessionTypes(c.req.valid('json').order)),
  )
  .post('/session-types', sessionTypeBody, json(sessionTypeInputSchema), async (c) =>
    c.json(await createSessionType(c.req.valid('json')), 201),
  )
  .put('/session-types/:id', sessionTypeBody, id(), json(sessionTypeInputSchema), async (c) =>
    c.json(await saveSessionType(c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/session-types/:id', id(), async (c) => {
    await deleteSessionType(c.req.valid('param').id);
    return c.body(null, 204);
  });
