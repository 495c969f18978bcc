import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import { reschedulePost } from '#server/services/posts/writes.ts';
import { readSchedule } from '#server/services/schedule.ts';
import { id, json, query, ValidationError } from '#server/validation.ts';
import { RESCHEDULE_PAST, rescheduleSchema, scheduleQuerySchema } from '#src/schemas/schedule.ts';

const rescheduleBody = limitBody(4 * 1024);

// Mounted under /api/admin: the admin guard has run before these.
export const adminScheduleRoutes = new Hono()
  .get('/schedule', query(scheduleQuerySchema), async (c) => c.json(await readSchedule(c.req.valid('query').month)))
  .patch('/schedule/:id', rescheduleBody, id(), json(rescheduleSchema), async (c) => {
    const { scheduledFor } = c.req.valid('json');
    const at = scheduledFor === null ? null : new Date(scheduledFor);
    if (at && at.getTime() <= Date.now()) throw new ValidationError(RESCHEDULE_PAST, 'scheduledFor');
    return c.json(await reschedulePost(c.req.valid('param').id, at));
  });
