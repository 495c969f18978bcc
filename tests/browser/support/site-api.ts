import { type APIRequestContext, expect } from '@playwright/test';
import type { ClientResponse } from 'hono/client';
import { type AnswerBody, apiClients, call } from '#src/lib/api-client.ts';

/** The origin of the server under test (playwright.config.ts sets both variables for every worker). */
const siteOrigin = () => new URL(process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`).origin;

/** A request context's calls, each with the site's own Origin: for requests the typed clients refuse to send (bad input, raw bodies). */
export type SiteApi = Pick<APIRequestContext, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

/** Adds the site's Origin to a request's headers, unless the caller gives one. */
const withOrigin = <Options extends { headers?: Record<string, string> }>(options: Options | undefined, origin = siteOrigin()) => ({
  ...options,
  headers: { Origin: origin, ...options?.headers },
});

/**
 * `request` (a page's, a context's or a bare one, with its cookies) with the site's Origin on every
 * call: the same-origin check refuses a state-changing API call without it, and Playwright's API
 * requests send none by themselves. A header the caller gives wins.
 */
export function siteApi(request: APIRequestContext): SiteApi {
  return {
    get: (url, options) => request.get(url, withOrigin(options)),
    post: (url, options) => request.post(url, withOrigin(options)),
    put: (url, options) => request.put(url, withOrigin(options)),
    patch: (url, options) => request.patch(url, withOrigin(options)),
    delete: (url, options) => request.delete(url, withOrigin(options)),
  };
}

/** The site's typed clients, one per router (src/lib/api-client.ts). */
export type SiteClients = ReturnType<typeof apiClients>;

/** Statuses whose answer has no body: a Response refuses one. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * The screens' own typed clients (src/lib/api-client.ts) over `request`: each call is sent by
 * Playwright with `request`'s cookies (a page's context: its session) and the Origin of `origin`
 * (the site under test unless given; a header the call gives wins), and its answer comes back as a
 * standard Response, so a test reads the body as its route declares it, never cast:
 *   const response = await typedApi.adminApi['blog-posts'].$post({ json: input });
 *   expect(response.status).toBe(201);
 *   const post = await response.json(); // AdminPost, as the route declares it
 */
export function typedSiteApi(request: APIRequestContext, origin = siteOrigin()): SiteClients {
  const send = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('Origin', new URL(origin).origin);
    const { body } = init;
    if (body != null && typeof body !== 'string' && !(body instanceof FormData)) {
      throw new Error('typedSiteApi sends a JSON or text body, or a form');
    }
    const answer = await request.fetch(input instanceof Request ? input.url : String(input), {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(headers),
      ...(body instanceof FormData ? { multipart: body } : body != null ? { data: body } : {}),
    });
    const response = new Response(NULL_BODY.has(answer.status()) ? null : new Uint8Array(await answer.body()), {
      status: answer.status(),
      statusText: answer.statusText(),
      headers: answer.headersArray().map(({ name, value }): [string, string] => [name, value]),
    });
    // Where it came from, as a fetched Response says (a failed expectation names it).
    Object.defineProperty(response, 'url', { value: answer.url() });
    return response;
  };
  return apiClients({ origin: new URL(origin).origin, fetch: send as typeof fetch });
}

/** Expects a 200 and answers the body, as the call's route declares it (in place of reading a GET's body with a type of one's own). */
export async function okJson<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<AnswerBody<R>> {
  const response = await request;
  expect(response.status, response.url).toBe(200);
  return call(Promise.resolve(response));
}
