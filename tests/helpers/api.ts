import { app } from '#server/app.ts';
import { apiClients } from '#src/lib/api-client.ts';
import { SITE_ORIGIN } from './app.ts';

/**
 * The screens' own typed clients (src/lib/api-client.ts), calling the app in-process the way a
 * browser on the site would: same-origin, from `ip`, with `headers` (a session's Cookie, read at
 * each call so a session made in beforeAll is seen). A test reads typed answers, never casts them:
 *   const { adminApi } = typedApi(admin.headers);
 *   const response = await adminApi.newsletters.$post({ json: input });
 *   expect(response.status).toBe(201);
 *   const created = await response.json(); // AdminNewsletter, as the route declares it
 */
export function typedApi(headers: () => Record<string, string> = () => ({}), ip = '203.0.113.10') {
  return apiClients({
    origin: SITE_ORIGIN,
    headers: () => ({ Origin: SITE_ORIGIN, ...headers() }),
    // Bun.serve hands the server to the app as its env; requestIP is all the app reads from it.
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      app.request(input instanceof Request ? input : String(input), init, { requestIP: () => ({ address: ip }) })) as typeof fetch,
  });
}
