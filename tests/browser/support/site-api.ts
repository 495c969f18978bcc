import { type APIRequestContext, expect } from '@playwright/test';

/** The origin of the server under test (playwright.config.ts sets both variables for every worker). */
const siteOrigin = () => new URL(process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`).origin;

/** A request context's calls, each with the site's own Origin. */
export interface SiteApi extends Pick<APIRequestContext, 'get' | 'post' | 'put' | 'patch' | 'delete'> {
  /** GETs `path`, expects 200 and answers its JSON body. */
  getJson<T>(path: string): Promise<T>;
}

/**
 * `request` (a page's, a context's or a bare one, with its cookies) with the site's Origin on every
 * call: the same-origin check refuses a state-changing API call without it, and Playwright's API
 * requests send none by themselves. A header the caller gives wins.
 */
export function siteApi(request: APIRequestContext): SiteApi {
  const withOrigin = <Options extends { headers?: Record<string, string> }>(options?: Options) => ({
    ...options,
    headers: { Origin: siteOrigin(), ...options?.headers },
  });
  const api: SiteApi = {
    get: (url, options) => request.get(url, withOrigin(options)),
    post: (url, options) => request.post(url, withOrigin(options)),
    put: (url, options) => request.put(url, withOrigin(options)),
    patch: (url, options) => request.patch(url, withOrigin(options)),
    delete: (url, options) => request.delete(url, withOrigin(options)),
    async getJson<T>(path: string) {
      const response = await api.get(path);
      expect(response.status(), path).toBe(200);
      return (await response.json()) as T;
    },
  };
  return api;
}
