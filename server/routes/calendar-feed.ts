import { Hono } from 'hono';
import { etagOf, isNotModified } from '../http/conditional.ts';
import { callFeedText } from '../services/calendars/call-feed.ts';

// The coach's private feed of calls (issue 34 §5), for calendar apps to subscribe to. The token in
// the address is the only key: never cached by anything shared, not indexed.
export const calendarFeedRoutes = new Hono().get('/calendar-feed/:token', async (c) => {
  const body = await callFeedText(c.req.param('token'));
  const etag = etagOf(body.replace(/^DTSTAMP:.*\r\n/gm, ''));
  c.header('Cache-Control', 'private, no-cache');
  c.header('X-Robots-Tag', 'noindex');
  c.header('ETag', etag);
  if (isNotModified(c.req.raw.headers, etag, null)) return c.body(null, 304);
  c.header('Content-Type', 'text/calendar; charset=utf-8');
  return c.body(body);
});
