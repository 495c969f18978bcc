// The one way client components call /api (docs/product.md §7, §8): cookies sent, JSON in and out, and
// any non-2xx answer thrown as an ApiError whose message is "status: body".

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined || isForm ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T = void>(path: string) => apiRequest<T>('DELETE', path),
};

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
