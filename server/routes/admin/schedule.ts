import { Hono } from 'hono';
import { core } from 'zod';
import { MONTH_MESSAGE, monthSchema, RESCHEDULE_PAST, rescheduleSchema } from '../../../src/schemas/schedule.ts';
import { limitBody } from '../../http/body-limits.ts';
import { reschedulePost } from '../../services/post-writes.ts';
import { readSchedule } from '../../services/schedule.ts';
import { idParam, queryParam, readJson, ValidationError } from '../../validation.ts';

const rescheduleBody = limitBody(4 * 1024);

// Mounted under /api/admin: the admin guard has run before these.
export const adminScheduleRoutes = new Hono()
  .get('/schedule', async (c) => {
    const month = queryParam(c, 'month');
    if (month !== undefined && !core.safeParse(monthSchema, month).success) throw new ValidationError(MONTH_MESSAGE, 'month');
    return c.json(await readSchedule(month));
  })
  .patch('/schedule/:id', rescheduleBody, async (c) => {
    const id = idParam(c);
    const { scheduledFor } = await readJson(c, rescheduleSchema);
    const at = scheduledFor === null ? null : new Date(scheduledFor);
    if (at && at.getTime() <= Date.now()) throw new ValidationError(RESCHEDULE_PAST, 'scheduledFor');
    return c.json(await reschedulePost(id, at));
  });
