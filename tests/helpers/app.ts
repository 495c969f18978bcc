import { app } from '../../server/app.ts';

/** Calls the Hono app in-process, the way a browser on the site would. */
export function request(path: string, init: RequestInit = {}) {
  return app.request(`http://localhost${path}`, init);
}
