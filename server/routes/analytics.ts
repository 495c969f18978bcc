import { Hono } from 'hono';
import { pageViewSchema } from '#src/schemas/analytics.ts';
import { clientIp } from '../client-ip.ts';
import { env } from '../env.ts';
import { badRequest } from '../errors.ts';
import { limitBody } from '../http/body-limits.ts';
import { isBot } from '../services/analytics/classify.ts';
import { countPageView } from '../services/analytics/page-views.ts';

export const INVALID_PAGE_VIEW = 'Invalid page view';

/** Do Not Track and Global Privacy Control: the visitor asked not to be counted. */
const optedOut = (header: (name: string) => string | undefined) => header('dnt') === '1' || header('sec-gpc') === '1';

// The page-view beacon of every public page (navigator.sendBeacon): text/plain JSON, so that it
// needs no preflight, and answered 204 whether or not it was counted (a page the site does not
// serve, such as an admin or invented path, and views past a visitor's allowance are not). Nothing is set on the
// visitor's device and the IP address is only hashed (server/services/analytics/page-views.ts).
export const analyticsRoutes = new Hono().post('/analytics/event', limitBody(4 * 1024), async (c) => {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw badRequest(INVALID_PAGE_VIEW);
  }
  const view = pageViewSchema.safeParse(body);
  if (!view.success) throw badRequest(INVALID_PAGE_VIEW);
  const userAgent = c.req.header('user-agent') ?? '';
  if (optedOut((name) => c.req.header(name)) || isBot(userAgent)) return c.body(null, 204);
  countPageView({
    path: view.data.p,
    referrer: view.data.r,
    utmSource: view.data.u,
    timeZone: view.data.z,
    ip: clientIp(c),
    userAgent,
    siteHost: new URL(env().SITE_URL ?? c.req.url).hostname,
  });
  return c.body(null, 204);
});
