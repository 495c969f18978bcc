import { app } from '#server/app.ts';

export const SITE_ORIGIN = 'http://localhost';

/** Calls the Hono app in-process, the way a browser on the site would, from `ip`. */
export function request(path: string, init: RequestInit = {}, ip = '203.0.113.10') {
  // Bun.serve hands the server to the app as its env; requestIP is all the app reads from it.
  return app.request(`${SITE_ORIGIN}${path}`, init, { requestIP: () => ({ address: ip }) });
}

/** A same-origin JSON request, as the site's own pages send it. */
export function sendJson(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  { headers = {}, ip }: { headers?: Record<string, string>; ip?: string } = {},
) {
  return request(
    path,
    {
      method,
      headers: { 'Content-Type': 'application/json', Origin: SITE_ORIGIN, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    ip,
  );
}

export interface UploadOptions {
  /** The session cookie; null sends none. */
  cookie: string | null;
  origin?: string;
  headers?: Record<string, string>;
}

/** A raw POST of `body` (a form, a string, a stream) as a browser on `origin` would send it. */
export function postBody(path: string, body: BodyInit, { cookie, origin = SITE_ORIGIN, headers = {} }: UploadOptions) {
  return request(path, {
    method: 'POST',
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body,
    // Needed for a ReadableStream body (a chunked upload); harmless for the rest.
    duplex: 'half',
  } as RequestInit);
}
