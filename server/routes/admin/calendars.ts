import { Hono } from 'hono';
import { limitBody } from '#server/http/body-limits.ts';
import {
  calendarsScreen,
  connectCalDav,
  connectFeed,
  readCalendarByCoach,
  removeCalendarAccount,
  updateCalendar,
} from '#server/services/calendars/accounts.ts';
import { callFeedSettings, rotateCallFeed, setFeedShowsNames } from '#server/services/calendars/call-feed.ts';
import { id, json } from '#server/validation.ts';
import { callFeedSettingsSchema, connectCalDavSchema, connectFeedSchema, updateCalendarSchema } from '#src/schemas/calendars.ts';

const smallBody = limitBody(16 * 1024);

// Mounted under /api/admin: the admin guard has run before these (issue 34).
export const adminCalendarRoutes = new Hono()
  .get('/calendars', async (c) => c.json(await calendarsScreen()))
  .post('/calendars/feeds', smallBody, json(connectFeedSchema), async (c) => c.json(await connectFeed(c.req.valid('json')), 201))
  .post('/calendars/caldav', smallBody, json(connectCalDavSchema), async (c) => c.json(await connectCalDav(c.req.valid('json')), 201))
  .put('/calendars/feed', smallBody, json(callFeedSettingsSchema), async (c) => {
    await setFeedShowsNames(c.req.valid('json').showsNames);
    return c.json(await callFeedSettings());
  })
  .post('/calendars/feed/rotate', async (c) => {
    await rotateCallFeed();
    return c.json(await callFeedSettings());
  })
  .patch('/calendars/:id', smallBody, id(), json(updateCalendarSchema), async (c) =>
    c.json(await updateCalendar(c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/calendars/:id/read', id(), async (c) => c.json(await readCalendarByCoach(c.req.valid('param').id)))
  .delete('/calendars/accounts/:id', id(), async (c) => {
    await removeCalendarAccount(c.req.valid('param').id);
    return c.body(null, 204);
  });
