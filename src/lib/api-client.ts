import { type ClientResponse, hc } from 'hono/client';
import type { AdminApi, AdminUserApi, PortalApi, ProfileImageApi, PublicApi, TestCaseApi } from '#server/api.ts';

// The one way client components call /api (docs/product.md §7, §8; docs/architecture.md, "How a
// route's type reaches a screen"): Hono's typed client, built from the routers' own types, so a
// route's input and answer are checked by the compiler in every screen and test that calls it.
// Cookies are sent, JSON goes in and out, and any non-2xx answer is thrown as an ApiError whose
// message is "status: body".

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ message }`, when the body carries one. */
  get serverMessage(): string | undefined {
    return this.bodyText('message');
  }

  /** The field a 400 names (`{ message, field }`, server/validation.ts), when it names one. */
  get serverField(): string | undefined {
    return this.bodyText('field');
  }

  private bodyText(key: 'message' | 'field'): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && key in parsed) {
        const value = (parsed as Record<string, unknown>)[key];
        if (typeof value === 'string') return value;
      }
    } catch {
      // Not JSON: there is no server message to show.
    }
    return undefined;
  }
}

const ADMIN_BASE = '/api/admin';

/**
 * A GET route of the admin's API as a link (`<a href download>`): `adminLink(privacy.export.$path({ query }))`.
 * The same text on the server and in the browser, unlike `$url()`, which needs an absolute origin.
 */
export const adminLink = (path: string) => `${ADMIN_BASE}${path}`;

/** The site's API, one typed client per router (server/api.ts), all under `origin`. */
export function apiClients({
  origin = '',
  fetch: send,
  headers,
}: {
  origin?: string;
  fetch?: typeof fetch;
  headers?: Record<string, string> | (() => Record<string, string>);
} = {}) {
  // Cookies go with every call: the admin's session is one.
  const options = {
    fetch: send ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: 'include' })),
    headers,
  };
  return {
    publicApi: hc<PublicApi>(`${origin}/api`, options),
    adminApi: hc<AdminApi>(`${origin}${ADMIN_BASE}`, options),
    adminUserApi: hc<AdminUserApi>(`${origin}/api/auth/admin`, options),
    testCaseApi: hc<TestCaseApi>(`${origin}/api/test-cases`, options),
    profileImageApi: hc<ProfileImageApi>(`${origin}/api/upload-profile-image`, options),
    portalApi: hc<PortalApi>(`${origin}/api/portal`, options),
  };
}

/** The browser's clients: `adminApi.newsletters.$get({ query: { page: '2' } })`. */
export const { publicApi, adminApi, adminUserApi, testCaseApi, profileImageApi, portalApi } = apiClients();

/** The body of a successful answer, as its route declares it: `undefined` for one without a body (204). */
export type AnswerBody<R> = R extends ClientResponse<infer T, number, infer F> ? (F extends 'json' | 'text' ? T : undefined) : never;

/** Sends a typed request and reads its answer: the body on success, else an ApiError. */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<AnswerBody<R>> {
  return (await answer(request)).body;
}

/** `call`, keeping the answer's headers too (a bare-array list says how many rows there are in `X-Total-Count`). */
export async function answer<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<{ body: AnswerBody<R>; headers: Headers }> {
  const response = await request;
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const text = response.status === 204 ? '' : await response.text();
  return { body: (text ? JSON.parse(text) : undefined) as AnswerBody<R>, headers: response.headers };
}

/** The text a toast shows for a failed call: the server's message, else the fallback. */
/** What a failure toast says when the server gave no reason. */
export const TRY_AGAIN = 'Please try again.';

export function errorMessage(error: unknown, fallback = TRY_AGAIN): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return fallback;
}

/** The form field a refused request names, when it is one of `fields` (a public form's own). */
export function fieldOfError<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  const field = error instanceof ApiError ? error.serverField : undefined;
  return fields.find((name) => name === field);
}
